import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { listRows } from '../../src/server/read-model/list-rows.ts'
import { type ModelCheck, recordChecks } from '../support/report-model.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// The rows a server keeps of the list's pages (read-model/list-rows.ts) and the versions that tell when one changed
// (migration 026): a page answers what the database holds now, whichever server wrote it, and reads only the rows
// that changed.

const HOUR = 3_600_000

describe.each(dialects)('the list rows a server keeps on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  /** Another server on the same database, with rows of its own. */
  let other: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    other = buildTestApp(db.database, { config: { allowPrivateTargets: true }, clock: t.clock })
  })
  afterAll(() => db.drop())
  afterEach(() => vi.restoreAllMocks())

  const add = async (token: string, name: string) => {
    const body = { type: 'port', name, host: '127.0.0.1', port: 9, interval_seconds: 300, retries: 0 }
    const res = await t.call('POST', '/api/monitors', { token, body })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }
  const page = async (app: TestApp, token: string) => {
    const res = await app.call('GET', '/api/monitors?limit=50', { token })
    expect(res.status, res.text).toBe(200)
    return { text: res.text, rows: res.json.data.monitors as Record<string, any>[] }
  }
  const check = (at: number): ModelCheck[] => [{ at, ok: true, ms: 120, maintenance: false }]
  /** The ids whose rows the next pages read from the database. */
  const readRows = () => {
    const read = vi.spyOn(t.deps.repos.monitorList, 'byIds')
    read.mockClear()
    return () => read.mock.calls.map(([ids]) => [...ids].sort())
  }

  it('reads a row again only when what it shows changed, and shows it as it is now', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const [a, b, c] = [await add(token, 'Alpha'), await add(token, 'Bravo'), await add(token, 'Charlie')]
    await recordChecks(t, [[a, check(t.clock.now())]])
    const first = await page(t, token)

    let read = readRows()
    const again = await page(t, token)
    expect(again.text).toBe(first.text)
    expect(read()).toEqual([])

    // A rename, a result, a tag: each reads its own row again.
    read = readRows()
    expect((await t.call('PATCH', `/api/monitors/${b}`, { token, body: { name: 'Bravo two' } })).status).toBe(200)
    expect((await page(t, token)).rows.map((r) => r.name)).toEqual(['Alpha', 'Bravo two', 'Charlie'])
    expect(read()).toEqual([[b]])

    read = readRows()
    await recordChecks(t, [[c, check(t.clock.now())]])
    const checked = (await page(t, token)).rows[2]
    expect(checked?.heartbeats).toHaveLength(1)
    expect(checked?.last_response_ms).toBe(120)
    expect(read()).toEqual([[c]])

    read = readRows()
    const tag = (await t.call('POST', '/api/tags', { token, body: { name: 'prod', color: 'red' } })).json.data.tag.id
    const tagged = await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'tag', tag_id: tag, monitor_ids: [a] },
    })
    expect(tagged.status, tagged.text).toBe(200)
    expect((await page(t, token)).rows[0]?.tags).toEqual([{ id: tag, name: 'prod', color: 'red' }])
    expect(read()).toEqual([[a]])
    // The tag's own name and colour are read with every page.
    await t.call('PATCH', `/api/tags/${tag}`, { token, body: { name: 'live', color: 'blue' } })
    expect((await page(t, token)).rows[0]?.tags).toEqual([{ id: tag, name: 'live', color: 'blue' }])
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'untag', tag_id: tag, monitor_ids: [a] } })
    expect((await page(t, token)).rows[0]?.tags).toEqual([])

    // Paused and deleted.
    read = readRows()
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'pause', monitor_ids: [c] } })
    expect((await page(t, token)).rows[2]?.paused).toBe(true)
    expect(read()).toEqual([[c]])
    expect((await t.call('DELETE', `/api/monitors/${b}`, { token })).status).toBe(200)
    expect((await page(t, token)).rows.map((r) => r.name)).toEqual(['Alpha', 'Charlie'])
  })

  it('shows at once what another server wrote, and sums the figures again when their hour moves on', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const id = await add(token, 'Shared')
    await page(t, token)
    expect((await other.call('PATCH', `/api/monitors/${id}`, { token, body: { name: 'Renamed' } })).status).toBe(200)
    expect((await page(t, token)).rows[0]?.name).toBe('Renamed')
    // A result the other server wrote: its heartbeat and figures.
    await recordChecks(other, [[id, check(t.clock.now())]])
    const row = (await page(t, token)).rows[0]
    expect(row?.heartbeats).toHaveLength(1)
    expect(row?.avg_response_ms_24h).toBe(120)

    const read = readRows()
    await page(t, token)
    expect(read()).toEqual([])
    t.clock.advance(HOUR)
    await page(t, token)
    expect(read()).toEqual([[id]])
  })

  it('gives every row of a page even when it keeps fewer', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const ids = [await add(token, 'One'), await add(token, 'Two'), await add(token, 'Three')]
    const rows = listRows(2)
    for (let k = 0; k < 2; k++) {
      const got = await rows.of(t.deps.repos, ids, t.clock.now())
      expect(got.map((r) => r.id)).toEqual(ids)
      expect(rows.size).toBe(2)
    }
  })
})

describe.each(dialects)('migration 026 on %s', (dialect) => {
  it("moves a monitor's list version on with every write of what its row shows", async () => {
    const test = await openTestDb(dialect)
    const t = buildTestApp(test.database, { config: { allowPrivateTargets: true } })
    try {
      const k = test.database.db
      const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
      const body = { type: 'port', name: 'Versioned', host: '127.0.0.1', port: 9, interval_seconds: 300 }
      const id = (await t.call('POST', '/api/monitors', { token, body })).json.data.monitor.id as string
      const version = async () =>
        Number(
          (await k.selectFrom('monitors').select('list_version').where('monitor_id', '=', id).executeTakeFirstOrThrow())
            .list_version,
        )
      const moves = async (write: () => Promise<unknown>) => {
        const before = await version()
        await write()
        expect(await version()).toBeGreaterThan(before)
      }
      await moves(() => k.updateTable('monitors').set({ last_error: 'x' }).where('monitor_id', '=', id).execute())
      await moves(() => k.insertInto('monitor_beats').values({ monitor_id: id, beats: '[]', oldest_at: 0 }).execute())
      await moves(() => k.updateTable('monitor_beats').set({ beats: '[1]' }).where('monitor_id', '=', id).execute())
      await moves(() => k.deleteFrom('monitor_beats').where('monitor_id', '=', id).execute())
      await k
        .insertInto('tags')
        .values({ tag_id: 'v1', user_id: user.user_id, name: 'v', name_key: 'v', color: 'red', created_at: 0 })
        .execute()
      await moves(() => k.insertInto('monitor_tags').values({ monitor_id: id, tag_id: 'v1' }).execute())
      await moves(() => k.deleteFrom('monitor_tags').where('monitor_id', '=', id).execute())
      // A write of a version read earlier moves it on all the same.
      const now = await version()
      await moves(() =>
        k
          .updateTable('monitors')
          .set({ list_version: now - 1, last_error: null })
          .where('monitor_id', '=', id)
          .execute(),
      )
    } finally {
      await test.drop()
    }
  })
})
