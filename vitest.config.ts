import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    // Browser tests poll for what a page shows after lazy loads and fetches: a second is too short on a busy
    // 2-core machine (CI). A poll that should never succeed names its own timeout.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/global-setup.ts'],
    // Under CI a JSON report too, from which .ci/run prints one 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '.test-results.json' } : undefined,
  },
})
