import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The domain as a package others install: packed as npm would publish it, installed into a project of plain
// JavaScript, and used there by plain Node (no TypeScript, no export condition of ours).

const ROOT = resolve(import.meta.dirname, '../..')
const DOMAIN = join(ROOT, 'src/domain')
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' })

/** The domain's modules, as paths without `.ts` relative to it. */
const modules = (dir = DOMAIN): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return ['dist', 'node_modules'].includes(e.name) ? [] : modules(join(dir, e.name))
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [relative(DOMAIN, join(dir, e.name)).slice(0, -3)] : []
  })

let scratch = ''
let packed: { files: { path: string }[]; filename: string }

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'vigil-domain-package-'))
  // npm pack runs the package's prepack, its build.
  ;[packed] = JSON.parse(npm(['pack', '--workspace', '@vigil/domain', '--pack-destination', scratch, '--json'], ROOT))
  const project = join(scratch, 'project')
  execFileSync('mkdir', [project])
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-domain', private: true, type: 'module' }))
  npm(['install', '--prefer-offline', join(scratch, packed.filename)], project)
}, 180_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const run = (file: string, source: string): string => {
  const project = join(scratch, 'project')
  writeFileSync(join(project, file), source)
  return execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8' })
}

describe('the domain package, packed', () => {
  it('holds the build of every module, with its declarations, and no TypeScript source', () => {
    const files = packed.files.map((f) => f.path)
    for (const module of modules()) {
      expect(files, module).toContain(`dist/${module}.js`)
      expect(files, module).toContain(`dist/${module}.d.ts`)
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([])
    expect(files).toContain('README.md')
  })

  it('depends on valibot, dayjs and the noble libraries only', () => {
    const manifest = JSON.parse(readFileSync(join(scratch, 'project/node_modules/@vigil/domain/package.json'), 'utf8'))
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@noble/ciphers', '@noble/hashes', 'dayjs', 'valibot'])
    expect(manifest.peerDependencies).toBeUndefined()
  })

  it('gives plain Node its plan-access rules, password policy and storage codec', () => {
    const out = run(
      'use.mjs',
      `
import * as v from 'valibot'
import { NewPassword } from '@vigil/domain/auth.schema'
import { entryLock, FREE_TRIAL_DAYS } from '@vigil/domain/plan'
import { validatePasswordChange } from '@vigil/domain/password-policy'
import { decodeUserData, encodeUserData } from '@vigil/domain/storage-codec'
import { MONITOR_TYPE_DEFS } from '@vigil/domain/monitor-types'
import * as root from '@vigil/domain'

const accesses = [{ feature: 'Status Pages', access: true }, { feature: 'AWS Monitoring', access: false }]
const stored = encodeUserData({ theme: 'dark' }, new Uint8Array(16).fill(7))
console.log(JSON.stringify({
  locked: entryLock(accesses, 'AWS Monitoring'),
  open: entryLock(accesses, 'Status Pages'),
  lockedInGroup: entryLock([{ feature: 'Cloud', access: false }], 'Azure', 'Cloud'),
  trialDays: FREE_TRIAL_DAYS,
  short: v.safeParse(NewPassword, 'short').issues?.[0].message,
  long: v.safeParse(NewPassword, 'x'.repeat(129)).issues?.[0].message,
  good: v.safeParse(NewPassword, 'a good password').success,
  mismatch: validatePasswordChange({ current_password: 'old one!', new_password: 'new one!', confirm_password: 'other!' }),
  same: validatePasswordChange({ current_password: 'same one', new_password: 'same one', confirm_password: 'same one' }),
  stored,
  decoded: decodeUserData(stored),
  tampered: decodeUserData(stored.slice(0, -2) + '00'),
  types: Object.keys(MONITOR_TYPE_DEFS).length,
  rootHasPlan: typeof root.entryLock,
}))
`,
    )
    const r = JSON.parse(out)
    expect(r.locked).toEqual({
      locked: true,
      tooltip: 'The AWS Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!',
    })
    expect(r.open).toEqual({ locked: false })
    expect(r.lockedInGroup.tooltip).toContain('The Cloud feature')
    expect(r.trialDays).toBe(15)
    expect(r.short).toBe('Password must be at least 8 characters.')
    expect(r.long).toBe('Password must be at most 128 characters.')
    expect(r.good).toBe(true)
    expect(r.mismatch).toMatchObject({ ok: false, severity: 'error', fields: { confirm_password: expect.any(String) } })
    expect(r.same).toMatchObject({ ok: false, severity: 'warning', fields: { new_password: expect.any(String) } })
    expect(r.stored).toMatch(/^(07){16}:[0-9a-f]+$/)
    expect(r.decoded).toEqual({ theme: 'dark' })
    expect(r.tampered).toBeNull()
    expect(r.types).toBe(11)
    expect(r.rootHasPlan).toBe('function')
  })

  it("runs its README's example as written", () => {
    const readme = readFileSync(join(DOMAIN, 'README.md'), 'utf8')
    const example = readme.match(/```js\n([\s\S]*?)```/)?.[1]
    expect(example).toBeTruthy()
    expect(() => run('readme.mjs', example as string)).not.toThrow()
  })
})
