import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// docs/architecture.md, Layers: ui -> adapters -> machines -> domain, server -> domain; nothing imports ui but the entry point.
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

// Packages a layer may use; domain is also a package of its own (@vigil/domain), so it stays this small.
const allowedPackages: Partial<Record<Layer, (pkg: string) => boolean>> = {
  domain: (p) => ['valibot', 'dayjs', '@noble/ciphers', '@noble/hashes'].includes(p),
  machines: (p) => p === 'xstate',
}

// Packages one place of the app uses for all the others.
const ONLY_FROM: Record<string, { file: string; why: string }> = {
  '@xstate/react': {
    file: 'ui/app/actor-hooks.ts',
    why: 'flows start from ui/app/actor-hooks.ts, which watches them for /dev/machines in development',
  },
  mermaid: { file: 'ui/dev/', why: 'only the development pages draw Mermaid' },
}

const packageOf = (spec: string) => {
  const parts = spec.split('/')
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec)
}

const DOMAIN = join(SRC, 'domain')
const DOMAIN_PACKAGE = '@vigil/domain'

/** Where a specifier of the workspace's own packages or a relative one leads; undefined for another package. */
const targetOf = (file: string, spec: string): string | undefined => {
  if (spec.startsWith('.')) return resolve(dirname(file), spec)
  if (spec === DOMAIN_PACKAGE || spec.startsWith(`${DOMAIN_PACKAGE}/`))
    return join(DOMAIN, spec.slice(DOMAIN_PACKAGE.length))
  return undefined
}

const layerOf = (file: string): Layer | undefined => relative(SRC, file).split(/[\\/]/)[0] as Layer | undefined

// Inside the server: http -> services -> (read-model, engine -> notify, checks, cloud) -> db -> domain, with the pieces
// every layer may use (base: clock, ids, logger, config, errors) at the bottom; auth (passwords, tokens, the secret box)
// sits on base, for the engine to open a cloud account's secrets; reports (a report's PDF, drawn from the domain's
// numbers) sits on base too, for the services and the engine's scheduled sends. The files that wire it all (main, worker, app,
// deps, cli) may use every layer.
type ServerLayer =
  | 'composition'
  | 'http'
  | 'services'
  | 'read-model'
  | 'engine'
  | 'notify'
  | 'live'
  | 'checks'
  | 'cloud'
  | 'billing'
  | 'status'
  | 'reports'
  | 'net'
  | 'db'
  | 'auth'
  | 'base'

const below = {
  base: [] as ServerLayer[],
  auth: ['base'],
  db: ['base'],
  net: ['base'],
  status: ['base'],
  reports: ['base'],
  billing: ['base'],
  checks: ['net', 'base'],
  cloud: ['net', 'base'],
  notify: ['net', 'db', 'base'],
  // Live events (hub, PostgreSQL's LISTEN/NOTIFY bridge): published by the engine and the services, streamed by http.
  live: ['db', 'base'],
  // The monitor list's read side and its transport: the query, the rows kept as the bytes of their JSON, the answer
  // gzipped from them, the threads that make pages on SQLite. Read by the services (a monitor as the API shows it) and
  // the routes; it reads the database, and no rule of the services.
  'read-model': ['db', 'base'],
  engine: ['notify', 'live', 'checks', 'cloud', 'reports', 'net', 'db', 'auth', 'base'],
  services: [
    'read-model',
    'engine',
    'notify',
    'live',
    'checks',
    'cloud',
    'billing',
    'status',
    'reports',
    'net',
    'db',
    'auth',
    'base',
  ],
  http: [
    'services',
    'read-model',
    'engine',
    'notify',
    'live',
    'checks',
    'cloud',
    'billing',
    'status',
    'reports',
    'net',
    'db',
    'auth',
    'base',
  ],
  composition: [] as ServerLayer[],
} satisfies Record<ServerLayer, ServerLayer[]>

const ROOT_FILES: Record<string, ServerLayer> = {
  'main.ts': 'composition',
  'worker.ts': 'composition',
  'app.ts': 'composition',
  'deps.ts': 'composition',
  'static.ts': 'http',
  'clock.ts': 'base',
  'ids.ts': 'base',
  'logger.ts': 'base',
  'config.ts': 'base',
  'errors.ts': 'base',
  'abort-group.ts': 'base',
}

/** The server layer of a file under src/server; undefined for a file the rule does not know (a breach too). */
const serverLayerOf = (file: string): ServerLayer | undefined => {
  const [first = '', second] = relative(join(SRC, 'server'), file).split(/[\\/]/)
  if (second === undefined) return ROOT_FILES[first]
  if (first === 'cli') return 'composition'
  return first in below ? (first as ServerLayer) : undefined
}

const serverMay = (from: ServerLayer, to: ServerLayer) =>
  from === 'composition' || from === to || (below[from] as readonly ServerLayer[]).includes(to)

// A migration is frozen history: it copies the values it needs instead of reading live code that may change after
// it. It imports Kysely, and the types of the database (erased at run time).
const MIGRATIONS = join(SRC, 'server/db/migrations')
const MIGRATION_MAY = [join(SRC, 'server/db/schema.ts'), join(SRC, 'server/db/database.ts')]
const migrationMay = (file: string, spec: string) =>
  !file.startsWith(MIGRATIONS) ||
  (spec.startsWith('.') ? MIGRATION_MAY.includes(resolve(dirname(file), spec)) : packageOf(spec) === 'kysely')

// Routes call services, never repositories: an http file imports no repository and not the database, and does not
// reach them through the deps it is built from (`deps.repos`, `{ repos }`, `Pick<Deps, 'repos'>`, `deps.database.db`):
// it hands the deps to a service whole. Any identifier or string that names them is refused, so a new way of writing
// the same reach is caught too.
const DATA_HANDLES = new Set(['repos', 'database'])
const HTTP_MAY_NOT_IMPORT = [join(SRC, 'server/db/repos'), join(SRC, 'server/db/database.ts')]

const httpImportsData = (file: string, spec: string) => {
  if (!spec.startsWith('.') || serverLayerOf(file) !== 'http') return false
  const target = resolve(dirname(file), spec)
  return HTTP_MAY_NOT_IMPORT.some((data) => target === data || target.startsWith(`${data}/`))
}

/** Where an http file names the repositories or the database: `line names what`. */
const dataReaches = (file: string, source: string): string[] => {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && DATA_HANDLES.has(node.text)) {
      const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree))
      found.push(`${line + 1} names ${node.text}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

const violations = (files: { file: string; source: string }[]): string[] => {
  const found: string[] = []
  for (const { file, source } of files) {
    const from = layerOf(file)
    if (!from || !(from in allowedLayers)) continue
    if (from === 'server' && serverLayerOf(file) === 'http')
      for (const reach of dataReaches(file, source))
        found.push(`${relative(ROOT, file)}:${reach}: http reaches repositories only through a service`)
    for (const { fileName: spec } of ts.preProcessFile(source, true, true).importedFiles) {
      const where = `${relative(ROOT, file)} imports '${spec}'`
      if (!migrationMay(file, spec)) found.push(`${where}: a migration imports no live code (copy what it needs)`)
      if (httpImportsData(file, spec)) found.push(`${where}: http reaches repositories only through a service`)
      const target = targetOf(file, spec)
      if (target) {
        const intoDomain = target === DOMAIN || target.startsWith(`${DOMAIN}/`)
        if (spec.startsWith('.') && intoDomain && from !== 'domain')
          found.push(`${where}: the domain is imported by its package name, ${DOMAIN_PACKAGE}`)
        if (!spec.startsWith('.') && from === 'domain')
          found.push(`${where}: the domain imports itself by relative paths`)
        if (!target.startsWith(SRC)) {
          if (!target.startsWith(join(ROOT, 'styled-system')) || from !== 'ui') found.push(`${where}: outside src`)
          continue
        }
        const to = layerOf(target)
        if (!to || !allowedLayers[from].includes(to)) found.push(`${where}: ${from} may not depend on ${to}`)
        else if (from === 'server' && to === 'server') {
          const [a, b] = [serverLayerOf(file), serverLayerOf(target)]
          if (!a || !b) found.push(`${where}: ${relative(SRC, a ? target : file)} is in no server layer`)
          else if (!serverMay(a, b)) found.push(`${where}: server ${a} may not depend on server ${b}`)
        }
      } else if (spec.startsWith('node:')) {
        if (from !== 'server') found.push(`${where}: only the server uses Node built-ins`)
      } else {
        const rule = allowedPackages[from]
        if (rule && !rule(packageOf(spec))) found.push(`${where}: ${from} may not use ${packageOf(spec)}`)
        const only = ONLY_FROM[packageOf(spec)]
        if (only && !relative(SRC, file).startsWith(only.file)) found.push(`${where}: ${only.why}`)
      }
    }
  }
  return found
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'dist' // the domain package's build, made by npm pack
        ? []
        : sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
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
    ['ui/x.tsx', "import { p } from '../domain/plan.ts'", 'the domain is imported by its package name, @vigil/domain'],
    ['server/x.ts', "import { p } from '../domain/monitor-types/index.ts'", 'imported by its package name'],
    ['domain/x.ts', "import { p } from '@vigil/domain/plan'", 'the domain imports itself by relative paths'],
    ['machines/x.ts', "import { ofetch } from 'ofetch'", 'machines may not use ofetch'],
    ['machines/x.ts', "import { a } from '../adapters/api.ts'", 'machines may not depend on adapters'],
    ['adapters/x.ts', "import { App } from '../ui/App.tsx'", 'adapters may not depend on ui'],
    ['server/x.ts', "import { a } from '../adapters/api.ts'", 'server may not depend on adapters'],
    ['server/x.ts', "export { s } from '../machines/auth.machine.ts'", 'server may not depend on machines'],
    ['domain/x.ts', "import { readFileSync } from 'node:fs'", 'only the server uses Node built-ins'],
    ['ui/pages/x.tsx', "import { useActorRef } from '@xstate/react'", 'flows start from ui/app/actor-hooks.ts'],
    ['ui/pages/x.tsx', "const m = await import('mermaid')", 'only the development pages draw Mermaid'],
    ['ui/x.tsx', "const m = await import('../server/app.ts')", 'ui may not depend on server'],
    ['server/services/x.ts', "import { e } from '../http/errors.ts'", 'server services may not depend on server http'],
    [
      'server/engine/x.ts',
      "import { s } from '../services/monitors.service.ts'",
      'server engine may not depend on server services',
    ],
    [
      'server/notify/x.ts',
      "import type { R } from '../engine/recorder.ts'",
      'server notify may not depend on server engine',
    ],
    ['server/checks/x.ts', "import { o } from '../notify/outbox.ts'", 'server checks may not depend on server notify'],
    ['server/db/x.ts', "import { c } from '../checks/index.ts'", 'server db may not depend on server checks'],
    ['server/clock.ts', "import { r } from './db/repos/index.ts'", 'server base may not depend on server db'],
    [
      'server/auth/x.ts',
      "import { s } from '../services/subscriptions.service.ts'",
      'server auth may not depend on server services',
    ],
    ['server/reports/x.ts', "import { r } from '../db/repos/index.ts'", 'server reports may not depend on server db'],
    ['server/stray/x.ts', "import { c } from '../clock.ts'", 'is in no server layer'],
    [
      'server/read-model/x.ts',
      "import { s } from '../services/monitors.service.ts'",
      'server read-model may not depend on server services',
    ],
    [
      'server/read-model/x.ts',
      "import { e } from '../http/accept-encoding.ts'",
      'server read-model may not depend on server http',
    ],
    [
      'server/http/x.routes.ts',
      "import { toUser } from '../db/repos/users.repo.ts'",
      'http reaches repositories only through a service',
    ],
    ['server/http/x.ts', "import type { Database } from '../db/database.ts'", 'http reaches repositories only through'],
    ['server/http/x.ts', 'const f = (deps) => deps.repos.plans.list()', 'http reaches repositories only through'],
    ['server/http/x.ts', "const f = ({ repos, clock }) => repos.sessions.findLive('t', clock.now())", 'only through'],
    ['server/http/x.ts', "export const g = (deps: Pick<Deps, 'repos' | 'clock'>) => deps", 'only through'],
    ['server/http/x.ts', "const f = (deps) => monitorStats({ repos: deps['repos'] }, 'm')", 'only through'],
    ['server/http/x.ts', "const f = (deps) => readEvent(deps.database.db, 'u')", 'only through'],
    ['server/static.ts', "const f = (deps) => deps.repos.users.findById('u')", 'only through'],
    [
      'server/db/migrations/099-x.ts',
      "import { N } from '../../../domain/navigation.ts'",
      'a migration imports no live code',
    ],
    [
      'server/db/migrations/099-x.ts',
      "import { f } from '../repos/monitor-record.ts'",
      'a migration imports no live code',
    ],
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
          source: "import { setup } from 'xstate'\nimport { d } from '@vigil/domain/plan'",
        },
        {
          file: join(SRC, 'server/static.ts'),
          source: "import { d } from '@vigil/domain'\nimport { Hono } from 'hono'",
        },
        {
          file: join(SRC, 'domain/monitor-types/a.ts'),
          source: "import { d } from '../plan.ts'\nimport * as v from 'valibot'",
        },
        {
          file: join(SRC, 'server/http/a.ts'),
          source: "import { s } from '../services/monitors.service.ts'\nimport { e } from '../errors.ts'",
        },
        {
          // A route hands its deps to a service whole; the raw JSON writer of db is no repository.
          file: join(SRC, 'server/http/b.ts'),
          source:
            "import { stringifyWithRaw } from '../db/raw-json.ts'\nconst r = (deps) => monitorsService(deps).owned(deps.clock.now())",
        },
        {
          file: join(SRC, 'server/services/b.ts'),
          source: "import { r } from '../db/repos/index.ts'\nconst f = ({ repos, database }) => repos.plans.list()",
        },
        {
          file: join(SRC, 'server/db/migrations/099-x.ts'),
          source:
            "import { sql } from 'kysely'\nimport type { DB } from '../schema.ts'\nimport type { D } from '../database.ts'",
        },
        {
          file: join(SRC, 'server/services/a.ts'),
          source: "import { e } from '../engine/recorder.ts'\nimport { n } from '../notify/outbox.ts'",
        },
        {
          file: join(SRC, 'server/engine/a.ts'),
          source: "import { n } from '../notify/outbox.ts'\nimport { r } from '../db/repos/index.ts'",
        },
        { file: join(SRC, 'server/main.ts'), source: "import { h } from './http/monitors.routes.ts'" },
        {
          file: join(SRC, 'server/read-model/a.ts'),
          source: "import { r } from '../db/repos/index.ts'\nimport { e } from '../errors.ts'",
        },
        {
          file: join(SRC, 'server/services/c.ts'),
          source: "import { v } from '../read-model/monitor-view.ts'",
        },
        {
          file: join(SRC, 'domain/a.ts'),
          source: "import utc from 'dayjs/plugin/utc.js'\nimport { cbc } from '@noble/ciphers/aes.js'",
        },
      ]),
    ).toEqual([])
  })
})
