import { defineConfig } from 'vitest/config'
import { sourceResolution } from './source-condition.config.ts'

const shared = {
  testTimeout: 30_000,
  // Browser tests poll for what a page shows after lazy loads and fetches: a second is too short on a busy
  // 2-core machine (CI). A poll that should never succeed names its own timeout.
  expect: { poll: { timeout: 10_000 } },
  hookTimeout: 60_000,
  pool: 'forks',
} as const

export default defineConfig({
  ...sourceResolution,
  test: {
    globalSetup: ['tests/global-setup.ts'],
    // Under CI a JSON report too, from which .ci/run prints one 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '.test-results.json' } : undefined,
    // Vitest's default leaves a core to itself, which on a 2-core machine runs one file at a time. Every file but the
    // browser journeys runs two at a time; then the journeys one at a time, each with its own browser and server
    // (two at once took twice as long each, and they wait on what a page shows).
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
