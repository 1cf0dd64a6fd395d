import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { dialects, openTestDb, type TestDb } from './harness.ts'

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
})
