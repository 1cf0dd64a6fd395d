import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The floor the project stands on: Node 22, no loader in production, and one copy of each SDK part.

const ROOT = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8'))

/** Every version the lockfile installs of each package whose name matches. */
const installed = (name: RegExp): Map<string, Set<string>> => {
  const versions = new Map<string, Set<string>>()
  for (const [path, entry] of Object.entries<{ version?: string }>(lock.packages)) {
    const packageName = path.replace(/^.*node_modules\//, '')
    if (!path || !name.test(packageName) || !entry.version) continue
    versions.set(packageName, (versions.get(packageName) ?? new Set()).add(entry.version))
  }
  return versions
}

describe('the toolchain', () => {
  it('asks for Node 22.22 or newer, and this process runs on one', () => {
    expect(pkg.engines.node).toBe('>=22.22')
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
    expect(major > 22 || (major === 22 && minor >= 22)).toBe(true)
  })

  it('runs the server, the worker and the command-line tools with Node alone, without tsx', () => {
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx')
    for (const script of ['start', 'worker', 'reset-password', 'confirm-email']) {
      expect(pkg.scripts[script], script).toMatch(/^node /)
    }
    expect(readFileSync(resolve(ROOT, 'scripts/start.mjs'), 'utf8')).not.toContain('tsx')
  })

  it('installs one version of every AWS SDK and Smithy package, with no overrides', () => {
    expect(pkg.overrides).toBeUndefined()
    const aws = installed(/^@(aws-sdk|smithy)\//)
    expect(aws.size).toBeGreaterThan(20)
    const twice = [...aws].filter(([, versions]) => versions.size > 1).map(([name, v]) => `${name}: ${[...v]}`)
    expect(twice).toEqual([])
  })
})
