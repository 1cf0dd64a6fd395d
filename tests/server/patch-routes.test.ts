import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CloudProvider } from '@vigil/domain/cloud-account'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { everyRow, insertCloudAccount } from './support/rows.ts'

// Every change the API takes (PATCH) names at least one field it knows: `{}` or a body of unknown fields is a 400
// `Nothing to change.` that writes nothing, never a 500 from an update of no columns. The routes are read from the
// app itself, so a PATCH route added later is tested too (and fails here until it has a sample row below).

describe.each(dialects)('changes that change nothing on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  afterAll(() => db.drop())

  /**
   * Every row of every table, in a stable order: what a refused change must leave as it was. The session's row is
   * left out: every request marks when it was last used.
   */
  const snapshot = () => everyRow(t, ['sessions'])

  it('answers 400 Nothing to change for {} and for unknown fields on every PATCH route, and writes nothing', async () => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const made = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, { token, body })
      expect(res.status, `${path} ${res.text}`).toBe(201)
      return res.json.data
    }
    const cloudAccount = (provider: CloudProvider) => insertCloudAccount(t, user.user_id, provider)
    const monitor = await made('/api/monitors', {
      type: 'port',
      name: 'Database',
      host: '127.0.0.1',
      port: 9,
      interval_seconds: 300,
    })
    // The address each PATCH route is tried at: a row of this user's.
    const samples: Record<string, () => Promise<string>> = {
      '/api/profile': async () => '/api/profile',
      '/api/user_notification': async () => '/api/user_notification',
      '/api/monitors/:id': async () => `/api/monitors/${monitor.monitor.id}`,
      '/api/tags/:id': async () => `/api/tags/${(await made('/api/tags', { name: 'production' })).tag.id}`,
      '/api/integrations/:id': async () =>
        `/api/integrations/${(await made('/api/integrations', { type: 'email', name: 'Ops', email: 'ops@example.com' })).integration.id}`,
      '/api/status_pages/:id': async () =>
        `/api/status_pages/${(await made('/api/status_pages', { name: 'Acme', slug: 'acme-status' })).status_page.id}`,
      '/api/reports/schedules/:id': async () => {
        const { schedule } = await made('/api/reports/schedules', {
          name: 'Weekly',
          frequency: 'weekly',
          recipients: ['team@example.com'],
          selection: { kind: 'all' },
          time_zone: 'UTC',
        })
        return `/api/reports/schedules/${schedule.id}`
      },
      '/api/aws/accounts/:id': async () => `/api/aws/accounts/${await cloudAccount('aws')}`,
      '/api/azure/accounts/:id': async () => `/api/azure/accounts/${await cloudAccount('azure')}`,
      '/api/microsoft365/accounts/:id': async () => `/api/microsoft365/accounts/${await cloudAccount('m365')}`,
    }
    const routes = [...new Set(t.app.routes.filter((r) => r.method === 'PATCH').map((r) => r.path))]
    expect(routes.length).toBeGreaterThan(5)
    expect(routes.filter((path) => !(path in samples))).toEqual([])

    const answers: unknown[] = []
    for (const route of routes) {
      const path = await (samples[route] as () => Promise<string>)()
      const before = await snapshot()
      for (const body of [{}, { colour_of_the_sky: 'blue' }]) {
        // A write would stamp a new time.
        t.clock.advance(60_000)
        const res = await t.call('PATCH', path, { token, body })
        answers.push({ route, body, status: res.status, message: res.json?.message })
      }
      const after = await snapshot()
      answers.push({
        route,
        changed: Object.keys(after).filter((table) => !isDeepStrictEqual(after[table], before[table])),
      })
    }
    expect(answers).toEqual(
      routes.flatMap((route) => [
        { route, body: {}, status: 400, message: 'Nothing to change.' },
        { route, body: { colour_of_the_sky: 'blue' }, status: 400, message: 'Nothing to change.' },
        { route, changed: [] },
      ]),
    )
  })

  it('answers a PUT of {} with a 4xx: each names what it needs', async () => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const routes = [...new Set(t.app.routes.filter((r) => r.method === 'PUT').map((r) => r.path))]
    expect(routes.length).toBeGreaterThan(2)
    for (const route of routes) {
      const path = route.replace(':userId', user.user_id).replace(':id', 'x')
      const res = await t.call('PUT', path, { token, body: {} })
      expect(res.status, `${route} ${res.text}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${route} ${res.text}`).toBeLessThan(500)
    }
  })
})
