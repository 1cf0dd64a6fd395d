import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// DESIGN.md: ui -> adapters -> machines -> domain, server -> domain; nothing imports ui but the entry point.
type Layer = 'domain' | 'machines' | 'adapters' | 'ui' | 'server'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

const allowedLayers: Record<Layer, Layer[]> = {
  domain: ['domain'],
  machines: ['machines', 'domain'],
  adapters: ['adapters', 'machines', 'domain'],
  ui: ['ui', 'adapters', 'machines', 'domain'],
  server: ['server', 'domain'],
}

// Packages a layer may use; domain is also the package's `./domain` export, so it stays this small.
const allowedPackages: Partial<Record<Layer, (pkg: string) => boolean>> = {
  domain: (p) => ['valibot', 'dayjs', '@noble/ciphers', '@noble/hashes'].includes(p),
  machines: (p) => p === 'xstate',
}

const packageOf = (spec: string) => {
  const parts = spec.split('/')
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec)
}

const layerOf = (file: string): Layer | undefined => relative(SRC, file).split(/[\\/]/)[0] as Layer | undefined

const violations = (files: { file: string; source: string }[]): string[] => {
  const found: string[] = []
  for (const { file, source } of files) {
    const from = layerOf(file)
    if (!from || !(from in allowedLayers)) continue
    for (const { fileName: spec } of ts.preProcessFile(source, true, true).importedFiles) {
      const where = `${relative(ROOT, file)} imports '${spec}'`
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec)
        if (!target.startsWith(SRC)) {
          if (!target.startsWith(join(ROOT, 'styled-system')) || from !== 'ui') found.push(`${where}: outside src`)
          continue
        }
        const to = layerOf(target)
        if (!to || !allowedLayers[from].includes(to)) found.push(`${where}: ${from} may not depend on ${to}`)
      } else if (spec.startsWith('node:')) {
        if (from !== 'server') found.push(`${where}: only the server uses Node built-ins`)
      } else {
        const rule = allowedPackages[from]
        if (rule && !rule(packageOf(spec))) found.push(`${where}: ${from} may not use ${packageOf(spec)}`)
      }
    }
  }
  return found
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )

describe('dependency rule', () => {
  it('holds for every file in src', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    expect(files.length).toBeGreaterThan(20)
    expect(violations(files)).toEqual([])
  })

  it.each([
    ['domain/x.ts', "import { h } from 'hono'", 'domain may not use hono'],
    ['domain/x.ts', "import { m } from '../machines/m.ts'", 'domain may not depend on machines'],
    ['machines/x.ts', "import { ofetch } from 'ofetch'", 'machines may not use ofetch'],
    ['machines/x.ts', "import { a } from '../adapters/api.ts'", 'machines may not depend on adapters'],
    ['adapters/x.ts', "import { App } from '../ui/App.tsx'", 'adapters may not depend on ui'],
    ['server/x.ts', "import { a } from '../adapters/api.ts'", 'server may not depend on adapters'],
    ['server/x.ts', "export { s } from '../machines/auth.machine.ts'", 'server may not depend on machines'],
    ['domain/x.ts', "import { readFileSync } from 'node:fs'", 'only the server uses Node built-ins'],
    ['ui/x.tsx', "const m = await import('../server/app.ts')", 'ui may not depend on server'],
  ])('catches %s with %s', (file, source, message) => {
    const [found] = violations([{ file: join(SRC, file), source }])
    expect(found).toContain(message)
  })

  it('allows the permitted directions', () => {
    expect(
      violations([
        {
          file: join(SRC, 'ui/a.tsx'),
          source: "import { x } from '../adapters/api.ts'\nimport { css } from '../../styled-system/css'",
        },
        {
          file: join(SRC, 'adapters/a.ts'),
          source: "import { m } from '../machines/m.ts'\nimport { ofetch } from 'ofetch'",
        },
        {
          file: join(SRC, 'machines/a.ts'),
          source: "import { setup } from 'xstate'\nimport { d } from '../domain/plan.ts'",
        },
        {
          file: join(SRC, 'server/a.ts'),
          source: "import { d } from '../domain/plan.ts'\nimport { Hono } from 'hono'",
        },
        {
          file: join(SRC, 'domain/a.ts'),
          source: "import utc from 'dayjs/plugin/utc.js'\nimport { cbc } from '@noble/ciphers/aes.js'",
        },
      ]),
    ).toEqual([])
  })
})
