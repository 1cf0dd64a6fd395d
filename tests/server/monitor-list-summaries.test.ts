import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import { openPostgres } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { monitorListRepo } from '../../src/server/db/repos/monitor-list.repo.ts'
import { newMonitorRecord, toRow } from '../../src/server/db/repos/monitor-record.ts'
import type { DB } from '../../src/server/db/schema.ts'
import { type ModelCheck, recordChecks } from '../support/report-model.ts'
import { buildTestApp, dialects, insertOldUser, openTestDb, type TestApp, type TestDb } from './harness.ts'

/** A monitor's row for a database migrated up to an older migration: without the grid column 028 added. */
const rowBefore028 = (record: Parameters<typeof toRow>[0]) => {
  const { grid_at: _grid, ...row } = toRow(record) as Record<string, unknown>
  return row as Omit<ReturnType<typeof toRow>, 'grid_at'>
}

// What the monitor list reads instead of counting and gathering per request (migration 020): each monitor's heartbeat
// bar kept as the list answers it, and a user's counts by state, type and tag kept as rows added by triggers. Both
// must say what counting and gathering would: after checks, state changes, tagging, deletes, retention and folding.

const HOUR = 3_600_000

describe.each(dialects)('the monitor list summaries on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  afterAll(() => db.drop())

  const add = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/monitors', { token, body: { interval_seconds: 300, retries: 0, ...body } })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }
  const list = async (token: string, query: string) => {
    const res = await t.call('GET', `/api/monitors?${query}`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data
  }
  const checks = (start: number, n: number, failFrom = n): ModelCheck[] =>
    Array.from({ length: n }, (_, k) => ({
      at: start + k * 300_000,
      ok: k < failFrom,
      ms: k < failFrom ? 100 + k : null,
      maintenance: false,
    }))

  it('gives each row the last 30 results as the results page reads them', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const id = await add(token, { type: 'port', name: 'Beats', host: '127.0.0.1', port: 9 })
    await recordChecks(t, [[id, checks(t.clock.now(), 34, 31)]])
    const row = (await list(token, 'limit=50')).monitors[0]
    const results = (await t.call('GET', `/api/monitors/${id}/results?limit=30`, { token })).json.data.results
    expect(row.heartbeats).toEqual(
      results.reverse().map((r: Record<string, unknown>) => ({
        checked_at: r.checked_at,
        ok: r.ok,
        status: r.status,
        response_ms: r.response_ms,
        message: r.message,
        verdict: r.verdict,
        maintenance: r.maintenance,
      })),
    )
    expect(row.heartbeats.slice(-3).map((b: { verdict: string }) => b.verdict)).toEqual(['failed', 'failed', 'failed'])
  })

  it('counts by state, type and tag as they change, folding the rows it adds', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const a = await add(token, { type: 'port', name: 'A', host: '127.0.0.1', port: 9 })
    const b = await add(token, { type: 'port', name: 'B', host: '127.0.0.1', port: 9 })
    const c = await add(token, { type: 'web', name: 'C', url: 'http://c.example.test/' })
    const tag = (await t.call('POST', '/api/tags', { token, body: { name: 'Edge' } })).json.data.tag.id
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'tag', tag_id: tag, monitor_ids: [a, c] } })
    const counted = async (query: string) => {
      const d = await list(token, query)
      return { counts: d.counts, total: d.pagination.total, types: d.facets.types, tags: d.facets.tags }
    }
    expect(await counted('limit=50')).toEqual({
      counts: { total: 3, up: 0, degraded: 0, down: 0, pending: 3, paused: 0 },
      total: 3,
      types: { port: 2, web: 1 },
      tags: { [tag]: 2 },
    })
    // Many state changes: the rows they add are folded by a read, the counts the same before and after.
    for (let k = 0; k < 60; k++)
      await t.call('POST', '/api/monitors/bulk', {
        token,
        body: { action: k % 2 === 0 ? 'pause' : 'resume', monitor_ids: [a, b] },
      })
    const userId = (
      await db.database.db
        .selectFrom('monitors')
        .select('user_id')
        .where('monitor_id', '=', a)
        .executeTakeFirstOrThrow()
    ).user_id
    const stored = async () =>
      Number(
        (
          await db.database.db
            .selectFrom('monitor_counts')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await stored()).toBeGreaterThan(200)
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'pause', monitor_ids: [a] } })
    expect(await counted('limit=50&status=paused')).toEqual({
      counts: { total: 3, up: 0, degraded: 0, down: 0, pending: 2, paused: 1 },
      total: 1,
      types: { port: 1 },
      tags: { [tag]: 1 },
    })
    expect(await stored()).toBeLessThan(20)
    expect(await counted(`limit=50&tag=${tag}`)).toEqual({
      counts: { total: 2, up: 0, degraded: 0, down: 0, pending: 1, paused: 1 },
      total: 2,
      types: { port: 1, web: 1 },
      tags: { [tag]: 2 },
    })
    // Untagging, deleting a monitor, deleting the tag.
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'untag', tag_id: tag, monitor_ids: [c] } })
    expect((await counted('limit=50&type=web')).tags).toEqual({})
    await t.call('DELETE', `/api/monitors/${a}`, { token })
    expect(await counted('limit=50')).toEqual({
      counts: { total: 2, up: 0, degraded: 0, down: 0, pending: 2, paused: 0 },
      total: 2,
      types: { port: 1, web: 1 },
      tags: {},
    })
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'tag', tag_id: tag, monitor_ids: [b] } })
    expect((await counted('limit=50')).tags).toEqual({ [tag]: 1 })
    expect((await t.call('DELETE', `/api/tags/${tag}`, { token })).status).toBe(204)
    expect((await counted('limit=50')).tags).toEqual({})
    // And a state the checks set.
    await recordChecks(t, [[c, checks(t.clock.now(), 2, 0)]])
    expect((await counted('limit=50')).counts).toMatchObject({ total: 2, down: 1, pending: 1 })
  })

  it('drops pruned results from the bars of monitors not checked since', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const id = await add(token, { type: 'port', name: 'Old', host: '127.0.0.1', port: 9 })
    const start = t.clock.now()
    await recordChecks(t, [[id, checks(start, 10)]])
    const beats = async () => (await list(token, 'limit=50')).monitors[0].heartbeats as { checked_at: string }[]
    expect(await beats()).toHaveLength(10)
    await t.deps.repos.checkResults.prune([id], start + 4 * 300_000)
    const left = await beats()
    expect(left.map((b) => Date.parse(b.checked_at))).toEqual(
      Array.from({ length: 6 }, (_, k) => start + (4 + k) * 300_000),
    )
    await t.deps.repos.checkResults.prune([id], start + 24 * HOUR)
    expect(await beats()).toEqual([])
  })
})

describe.each(dialects)('migration 020 on %s', (dialect) => {
  it('fills in the bars and counts of what was stored before it', async () => {
    const old = await openTestDb(dialect, { upTo: '019-incident-timeline' })
    try {
      const k = old.database.db
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      const monitor = (name: string, type: 'web' | 'port', status: string) => {
        const input = validateMonitor(
          type === 'web'
            ? { type, name, url: `https://${name}.example.test/` }
            : { type, name, host: `${name}.example.test`, port: 22 },
        )
        if (!input.success) throw new Error('the monitor is valid')
        return { ...rowBefore028(newMonitorRecord('u1', input.output, at)), status }
      }
      const rows = [monitor('shop', 'web', 'down'), monitor('db', 'port', 'up'), monitor('mail', 'port', 'up')]
      await k.insertInto('monitors').values(rows).execute()
      const [shop, dbm] = rows.map((r) => r.monitor_id) as [string, string]
      await k
        .insertInto('tags')
        .values({ tag_id: 't1', user_id: 'u1', name: 'Prod', name_key: 'prod', color: 'red', created_at: at })
        .execute()
      await k
        .insertInto('monitor_tags')
        .values([
          { monitor_id: shop, tag_id: 't1' },
          { monitor_id: dbm, tag_id: 't1' },
        ])
        .execute()
      await k
        .insertInto('check_results')
        .values(
          Array.from({ length: 35 }, (_, i) => ({
            monitor_id: shop,
            checked_at: at + i * 60_123,
            status: i >= 33 ? 'down' : i === 5 ? 'degraded' : 'up',
            ok: i >= 32 ? 0 : 1,
            response_ms: i >= 32 ? null : 100 + i,
            message: i >= 32 ? 'Refused "x"' : '',
            detail: null,
            // Results stored before 018 have no verdict: it is read from ok and the state.
            verdict: i < 20 ? null : i >= 32 ? 'failed' : i === 25 ? 'slow' : 'ok',
            streak: null,
            streak_needed: null,
            in_maintenance: i < 20 ? null : i === 26 ? 1 : 0,
          })),
        )
        .execute()

      await migrateToLatest(old.database)

      const counts = await sql<{ tag_id: string; status: string; type: string; n: number }>`
        select tag_id, status, type, sum(n) as n from monitor_counts where user_id = 'u1'
        group by tag_id, status, type order by tag_id, status, type`.execute(k)
      expect(counts.rows.map((r) => [r.tag_id, r.status, r.type, Number(r.n)])).toEqual([
        ['', 'down', 'web', 1],
        ['', 'up', 'port', 2],
        ['t1', 'down', 'web', 1],
        ['t1', 'up', 'port', 1],
      ])
      const bars = await k.selectFrom('monitor_beats').selectAll().execute()
      expect(bars.map((b) => b.monitor_id)).toEqual([shop])
      const beats = JSON.parse(bars[0]?.beats as string)
      expect(beats).toHaveLength(30)
      expect(Number(bars[0]?.oldest_at)).toBe(at + 5 * 60_123)
      expect(beats[0]).toEqual({
        checked_at: new Date(at + 5 * 60_123).toISOString(),
        ok: true,
        status: 'degraded',
        response_ms: 105,
        message: '',
        verdict: 'slow',
        maintenance: null,
      })
      expect(
        beats.slice(20, 22).map((b: { verdict: string; maintenance: boolean }) => [b.verdict, b.maintenance]),
      ).toEqual([
        ['slow', false],
        ['ok', true],
      ])
      expect(beats[29]).toEqual({
        checked_at: new Date(at + 34 * 60_123).toISOString(),
        ok: false,
        status: 'down',
        response_ms: null,
        message: 'Refused "x"',
        verdict: 'failed',
        maintenance: false,
      })
    } finally {
      await old.drop()
    }
  })
})

describe.each(dialects)('migration 021 on %s', (dialect) => {
  it('lets the search find the monitors stored before it (by trigram index on SQLite, by the lowercased texts of migration 023 on PostgreSQL)', async () => {
    const old = await openTestDb(dialect, { upTo: '020-list-summaries' })
    try {
      const k = old.database.db
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      const rows = ['Hazel Meadow', 'Amber Falcon'].map((name) => {
        const input = validateMonitor({ type: 'web', name, url: `https://${name.split(' ')[0]}.example.test/` })
        if (!input.success) throw new Error('the monitor is valid')
        return rowBefore028(newMonitorRecord('u1', input.output, at))
      })
      await k.insertInto('monitors').values(rows).execute()

      await migrateToLatest(old.database)

      const search = (q: string) =>
        monitorListRepo(k)
          .hits({ userId: 'u1', q }, { by: 'name', desc: false })
          .then((hits) => hits.map((h) => rows.find((r) => r.monitor_id === h.monitor_id)?.name))
      expect(await search('MEADOW')).toEqual(['Hazel Meadow'])
      expect(await search('amber.example')).toEqual(['Amber Falcon'])
      expect(await search('.test')).toEqual(['Amber Falcon', 'Hazel Meadow'])
      if (dialect === 'sqlite') {
        const keyed = await sql<{ n: number }>`select count(*) as n from monitor_search_keys`.execute(k)
        expect(Number(keyed.rows[0]?.n)).toBe(2)
      }
    } finally {
      await old.drop()
    }
  })
})

describe.each(dialects.filter((d) => d === 'postgres'))('migration 024 on %s', (dialect) => {
  it("has the search find a text with a trigram through the trigram index, and one without by reading the user's names", async () => {
    const test = await openTestDb(dialect)
    // The search's own statements as the repository sends them, explained.
    const sent: CompiledQuery[] = []
    const logged = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: test.url, max: 1 }) }),
      log: (event) => {
        if (event.level === 'query') sent.push(CompiledQuery.raw(event.query.sql, [...event.query.parameters]))
      },
    })
    try {
      const k = test.database.db
      await insertOldUser(k, 1_700_000_000_000)
      // Names of six characters as good as random, each of them a few trigrams few others share.
      const nameOf = (i: number) => ((i * 104_729 + 7_919) % 36 ** 6).toString(36).padStart(6, '0')
      const rows = Array.from({ length: 3000 }, (_, i) => {
        const input = validateMonitor({ type: 'web', name: nameOf(i), url: `https://s${i}.example.test/` })
        if (!input.success) throw new Error('the monitor is valid')
        return rowBefore028(newMonitorRecord('u1', input.output, 1_700_000_000_000))
      })
      for (let at = 0; at < rows.length; at += 500)
        await k
          .insertInto('monitors')
          .values(rows.slice(at, at + 500))
          .execute()
      await sql`analyze monitors, monitor_search_text`.execute(k)

      const matches = (q: string) =>
        rows.filter((r) => `${r.name}\n${r.target}`.toLowerCase().includes(q.toLowerCase())).length
      const plan = async (q: string) => {
        sent.length = 0
        const hits = await monitorListRepo(logged).hits({ userId: 'u1', q }, { by: 'name', desc: false })
        const [search] = sent
        if (!search) throw new Error('the search sent no statement')
        // Planned as a kept statement is after a few runs: once for every text (a generic plan). A few thousand short
        // names are read faster whole, by the table or the user's index: what is asked is whether the trigram index
        // can serve the statement, which it must for a text with a trigram, and must not for one without (its index
        // scan would read the whole index).
        await sql`set plan_cache_mode = force_generic_plan`.execute(logged)
        for (const scan of ['seqscan', 'indexscan', 'indexonlyscan'])
          await sql`set ${sql.raw(`enable_${scan}`)} = off`.execute(logged)
        await logged.executeQuery(CompiledQuery.raw(`prepare probe as ${search.sql}`))
        // (EXECUTE takes its values as literals.)
        const values = search.parameters
          .map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`))
          .join(', ')
        const explained = await logged.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) execute probe(${values})`),
        )
        await sql`deallocate probe`.execute(logged)
        await sql`reset all`.execute(logged)
        return { found: hits.length, plan: JSON.stringify(explained.rows) }
      }
      const named = nameOf(1234).toUpperCase()
      const withTrigram = await plan(named)
      expect(withTrigram.found).toBe(matches(named))
      expect(withTrigram.found).toBeGreaterThan(0)
      expect(withTrigram.plan).toContain('monitor_search_text_trigrams_idx')
      const short = nameOf(1234).slice(2, 4)
      const without = await plan(short)
      expect(without.found).toBe(matches(short))
      expect(without.plan).not.toContain('monitor_search_text_trigrams_idx')
    } finally {
      await logged.destroy()
      await test.drop()
    }
  })
})

describe.each(dialects.filter((d) => d === 'postgres'))('a page of the list on %s', (dialect) => {
  it("reads any page's rows by one kept statement, planned once, whatever the page and its filters", async () => {
    const test = await openTestDb(dialect)
    // One connection: the statements it keeps are the ones the pages were read by.
    const one = openPostgres(test.url as string, 1, () => {})
    try {
      const k = test.database.db
      await insertOldUser(k, 1_700_000_000_000)
      const rows = Array.from({ length: 300 }, (_, i) => {
        const input = validateMonitor({ type: 'web', name: `Site ${i}`, url: `https://s${i}.example.test/` })
        if (!input.success) throw new Error('the monitor is valid')
        return {
          ...rowBefore028(newMonitorRecord('u1', input.output, 1_700_000_000_000 + i)),
          status: i % 3 ? 'up' : 'down',
        }
      })
      await k.insertInto('monitors').values(rows).execute()
      await sql`analyze`.execute(k)

      const repo = monitorListRepo(one.db)
      const byName = { by: 'name', desc: false } as const
      const names: string[] = []
      for (let page = 0; page < 10; page++) {
        // Every other page filtered by state: another pick, the same read of the rows.
        const f = page % 2 ? { userId: 'u1', status: 'down' as const } : { userId: 'u1' }
        const got = await repo.byIds(await repo.page(f, byName, page * 10, 10))
        expect(got).toHaveLength(10)
        if (page === 0) names.push(...got.map((r) => r.record.name))
      }
      // The right rows, in order: the first page by name.
      expect(names).toEqual(
        rows
          .map((r) => r.name)
          .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
          .slice(0, 10),
      )
      const kept = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(one.db)
      const read = kept.rows.filter((r) => r.statement.includes('monitor_beats'))
      // One statement reads the rows of every page, and after its first few runs the server plans it no more.
      expect(read).toHaveLength(1)
      expect(Number(read[0]?.generic_plans)).toBeGreaterThan(0)
      expect(Number(read[0]?.custom_plans)).toBeLessThanOrEqual(5)
    } finally {
      await one.close()
      await test.drop()
    }
  })
})

describe.each(dialects)('migration 025 on %s', (dialect) => {
  it("gives the tagging rows made before it their monitors' names, so a tag's page by name reads them", async () => {
    const old = await openTestDb(dialect, { upTo: '024-postgres-search-trigrams' })
    try {
      const k = old.database.db
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      const rows = ['Mail', 'alpha', 'Shop'].map((name) => {
        const input = validateMonitor({ type: 'web', name, url: `https://${name}.example.test/` })
        if (!input.success) throw new Error('the monitor is valid')
        return rowBefore028(newMonitorRecord('u1', input.output, at))
      })
      await k.insertInto('monitors').values(rows).execute()
      await k
        .insertInto('tags')
        .values({ tag_id: 't1', user_id: 'u1', name: 'Prod', name_key: 'prod', color: 'red', created_at: at })
        .execute()
      await sql`insert into monitor_tags (monitor_id, tag_id) values
        (${rows[0]?.monitor_id}, 't1'), (${rows[1]?.monitor_id}, 't1'), (${rows[2]?.monitor_id}, 't1')`.execute(k)

      await migrateToLatest(old.database)

      const keys = await k.selectFrom('monitor_tags').select('name_key').orderBy('name_key').execute()
      expect(keys.map((r) => r.name_key)).toEqual(['alpha', 'mail', 'shop'])
      const repo = monitorListRepo(k)
      const page = await repo.byIds(await repo.page({ userId: 'u1', tagId: 't1' }, { by: 'name', desc: true }, 0, 2))
      expect(page.map((r) => r.record.name)).toEqual(['Shop', 'Mail'])
    } finally {
      await old.drop()
    }
  })
})
