import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { dialects, insertOldUser, openTestDb, type TestDb } from './harness.ts'

describe.each(dialects)('migrations on %s', (dialect) => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb(dialect)
  })
  afterAll(() => db.drop())

  it('run again without change (every start runs them)', async () => {
    await migrateToLatest(db.database)
    const plans = await db.database.db.selectFrom('plans').select('title').orderBy('sort_order').execute()
    expect(plans.map((p) => p.title)).toEqual(['Basic', 'Pro'])
  })

  it('store times as exact epoch milliseconds', async () => {
    const at = Date.parse('2099-12-31T23:59:59.999Z')
    await db.database.db.insertInto('rate_limits').values({ key: 'probe', window_start: at, hits: 1 }).execute()
    const row = await db.database.db.selectFrom('rate_limits').selectAll().where('key', '=', 'probe').executeTakeFirst()
    expect(row?.window_start).toBe(at)
    expect(typeof row?.window_start).toBe('number')
  })

  it('count rate-limit hits atomically under concurrency, and restart a stale window', async () => {
    const { rateLimitsRepo } = await import('../../src/server/db/repos/rate-limits.repo.ts')
    const limits = rateLimitsRepo(db.database.db)
    const results = await Promise.all(Array.from({ length: 20 }, () => limits.hit('k', 1000, 60_000)))
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const later = await limits.hit('k', 1000 + 60_000, 60_000)
    expect(later).toEqual({ hits: 1, window_start: 61_000 })
  })

  it('keep every delivery through 008, which lets account mail into the outbox', async () => {
    const old = await openTestDb(dialect, { upTo: '007-status-pages' })
    const { db: k } = old.database
    try {
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      await sql`insert into integrations values ('i1', 'u1', 'webhook', 'Hook', '{}', 1, ${at}, ${at})`.execute(k)
      await sql`insert into deliveries (delivery_id, user_id, integration_id, kind, title, event, status, attempts,
          next_attempt_at, last_error, lease_owner, lease_until, created_at, delivered_at)
        values ('d1', 'u1', 'i1', 'down', 'Down', '{"kind":"down"}', 'delivered', 1, null, null, null, null, ${at}, ${at})`.execute(
        k,
      )
      await migrateToLatest(old.database)
      const rows = await sql`select delivery_id, integration_id, recipient, status from deliveries`.execute(k)
      expect(rows.rows).toEqual([{ delivery_id: 'd1', integration_id: 'i1', recipient: null, status: 'delivered' }])
      // Account mail names no integration; a channel's deliveries still go with it.
      await sql`insert into deliveries (delivery_id, user_id, integration_id, recipient, kind, title, event, status,
          attempts, created_at)
        values ('d2', 'u1', null, 'u@example.com', 'mail', 'Hi', '{}', 'pending', 0, ${at})`.execute(k)
      await sql`delete from integrations where integration_id = 'i1'`.execute(k)
      const left = await sql`select delivery_id from deliveries`.execute(k)
      expect(left.rows).toEqual([{ delivery_id: 'd2' }])
      const outbox = await sql`select count(*) as n from deliveries where recipient = 'u@example.com'`.execute(k)
      expect(Number((outbox.rows[0] as { n: number }).n)).toBe(1)
    } finally {
      await old.drop()
    }
  })
})
