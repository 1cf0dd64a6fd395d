import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The Azure libraries' newest releases need Node 22; Vigil runs on Node 20.19+. package.json pins Node-20 versions
// and its overrides hold every @azure/* and @typespec/* package under them to one: this reads the lock to keep it so.

const root = resolve(import.meta.dirname, '../../../..')
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; dependencies?: Record<string, string> }>
}
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  overrides?: Record<string, string>
}

/** Whether a plain `>=X[.Y[.Z]]` engine range lets Node 20.19.0 in (the forms these packages declare). */
const allowsNode20 = (range: string) => {
  const m = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range.trim())
  if (!m) return false
  const [major, minor] = [Number(m[1]), Number(m[2] ?? 0)]
  return major < 20 || (major === 20 && minor <= 19)
}

const azurePackages = Object.entries(lock.packages).filter(([path]) => /node_modules\/@(azure|typespec)\//.test(path))

describe('Azure packages on Node 20', () => {
  it('installs them', () => {
    expect(azurePackages.map(([path]) => path)).toContain('node_modules/@azure/identity')
  })

  it.each(azurePackages)('%s declares an engine that lets Node 20 in', (_, entry) => {
    expect(entry.engines?.node, 'no engine declared').toBeTruthy()
    expect(allowsNode20(entry.engines?.node ?? '')).toBe(true)
  })

  it('pins the direct ones exactly and holds every transitive one with an override', () => {
    for (const [path, entry] of azurePackages) {
      const name = path.replace(/^.*node_modules\//, '')
      const wanted = manifest.dependencies[name] ?? manifest.overrides?.[name]
      expect(wanted, `${name} is neither pinned nor overridden`).toBe(entry.version)
    }
  })
})
