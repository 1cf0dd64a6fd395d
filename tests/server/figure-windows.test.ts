import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import { addResult, bucketStart, emptyRollup, PERIOD_MS, type Period, type Rollup } from '@vigil/domain/uptime'
import { newMonitorRecord, toRow } from '../../src/server/db/repos/monitor-record.ts'
import { rollupsRepo } from '../../src/server/db/repos/rollups.repo.ts'
import { dialects, insertOldUser, openTestDb, type TestDb } from './harness.ts'

// The list's figures over 24 hours and 30 days read from kept sums of each window's settled buckets (migration 022)
// must be what summing the buckets gives: when a window is first read, after results in its live buckets, after a
// result recorded late into a settled bucket, after the window moves on, after a prune and a monitor's delete.

const HOUR = PERIOD_MS.hour
const DAY = PERIOD_MS.day
const FIGURES = ['up_ms', 'degraded_ms', 'down_ms', 'rt_count', 'rt_sum'] as const

/** A bucket's delta of `n` checks of a minute, the first `down` of them down. */
const checks = (n: number, down = 0, ms = 120): Rollup => {
  const r = emptyRollup()
  for (let k = 0; k < n; k++)
    addResult(r, {
      status: k < down ? 'down' : 'up',
      ok: k >= down,
      responseMs: k < down ? null : ms + k,
      weightMs: 60_000,
    })
  return r
}

const figuresOnly = (r: Rollup | undefined) => r && Object.fromEntries(FIGURES.map((c) => [c, r[c]]))

describe.each(dialects)('the list figures kept by window on %s', (dialect) => {
  let db: TestDb
  let rollups: ReturnType<typeof rollupsRepo>
  const now = Date.UTC(2026, 10, 20, 15, 40)
  const ids: string[] = []
  beforeAll(async () => {
    db = await openTestDb(dialect)
    await insertOldUser(db.database.db, now - 60 * DAY)
    for (const name of ['busy', 'quiet', 'new']) {
      const input = validateMonitor({ type: 'web', name, url: `https://${name}.example.test/` })
      if (!input.success) throw new Error('the monitor is valid')
      const row = toRow(newMonitorRecord('u1', input.output, now - 40 * DAY))
      await db.database.db.insertInto('monitors').values(row).execute()
      ids.push(row.monitor_id)
    }
    rollups = rollupsRepo(db.database.db)
  })
  afterAll(() => db.drop())

  const add = (monitorId: string, period: Period, at: number, rollup: Rollup) =>
    rollups.add([{ monitorId, period, bucketStart: bucketStart(at, period), rollup }])
  /** What summing every bucket of the windows gives. */
  const summed = async (at: number) => {
    const [day, month] = await Promise.all([
      rollups.sumsOf(ids, 'hour', bucketStart(at, 'hour') - 23 * HOUR),
      rollups.sumsOf(ids, 'day', bucketStart(at, 'day') - 29 * DAY),
    ])
    // A monitor whose buckets sum to nothing has no figure, as one without buckets.
    const shown = (m: Map<string, Rollup>) =>
      Object.fromEntries(
        ids.flatMap((id) => {
          const r = m.get(id)
          return r && (r.up_ms + r.degraded_ms + r.down_ms > 0 || r.rt_count > 0) ? [[id, figuresOnly(r)]] : []
        }),
      )
    return { day: shown(day), month: shown(month) }
  }
  const read = async (at: number) => {
    const { day, month } = await rollups.figuresOf(ids, at)
    const shown = (m: Map<string, Rollup>) =>
      Object.fromEntries(
        [...m]
          .filter(([, r]) => r.up_ms + r.degraded_ms + r.down_ms > 0 || r.rt_count > 0)
          .map(([id, r]) => [id, figuresOnly(r)]),
      )
    return { day: shown(day), month: shown(month) }
  }
  const kept = async () =>
    (
      await db.database.db
        .selectFrom('rollup_windows')
        .select(['monitor_id', 'period', 'from_bucket', 'settled_to'])
        .orderBy('monitor_id')
        .orderBy('period')
        .execute()
    ).map((w) => ({ ...w, from_bucket: Number(w.from_bucket), settled_to: Number(w.settled_to) }))

  it('reads what summing the buckets gives, and keeps each window', async () => {
    const [busy, , fresh] = ids as [string, string, string]
    // Buckets before the windows, in their settled part, and in their last two.
    for (const at of [now - 26 * HOUR, now - 20 * HOUR, now - 5 * HOUR, now - 2 * HOUR, now - HOUR, now]) {
      await add(busy, 'hour', at, checks(60, at === now - 5 * HOUR ? 7 : 0))
      await add(busy, 'day', at, checks(60, at === now - 5 * HOUR ? 7 : 0))
    }
    await add(busy, 'day', now - 31 * DAY, checks(60, 60))
    await add(busy, 'day', now - 12 * DAY, checks(600, 30))
    await add(fresh, 'hour', now, checks(3))
    await add(fresh, 'day', now, checks(3))

    const expected = await summed(now)
    expect(Object.keys(expected.day).sort()).toEqual([busy, fresh].sort())
    expect(await read(now)).toEqual(expected)
    const windows = await kept()
    expect(windows).toHaveLength(6)
    expect(windows.filter((w) => w.period === 'hour').map((w) => [w.from_bucket, w.settled_to])).toEqual(
      Array(3).fill([bucketStart(now, 'hour') - 23 * HOUR, bucketStart(now, 'hour') - HOUR]),
    )
    // Read again from what is kept: the same.
    expect(await read(now)).toEqual(expected)
  })

  it('adds the results of its last two buckets without summing the window again', async () => {
    const [busy, quiet] = ids as [string, string]
    const before = await kept()
    await add(busy, 'hour', now, checks(5, 5))
    await add(busy, 'day', now, checks(5, 5))
    await add(quiet, 'hour', now - HOUR + 1, checks(2))
    await add(quiet, 'day', now - DAY + 1, checks(2))
    expect(await kept()).toEqual(before)
    expect(await read(now)).toEqual(await summed(now))
  })

  it('forgets a window when a settled bucket is written late, and sums it again', async () => {
    const [busy] = ids as [string]
    await add(busy, 'hour', now - 3 * HOUR, checks(30, 30))
    await add(busy, 'day', now - 4 * DAY, checks(30, 30))
    expect((await kept()).filter((w) => w.monitor_id === busy)).toEqual([])
    expect(await read(now)).toEqual(await summed(now))
    expect(await kept()).toHaveLength(6)
  })

  it('sums the window again when it moves on, an hour and a day later', async () => {
    for (const at of [now + HOUR, now + DAY + HOUR]) {
      expect(await read(at)).toEqual(await summed(at))
      const hourly = (await kept()).filter((w) => w.period === 'hour')
      expect(hourly.map((w) => w.settled_to)).toEqual(Array(3).fill(bucketStart(at, 'hour') - HOUR))
    }
  })

  it('forgets the windows a prune reaches into, and those of a deleted monitor', async () => {
    const at = now + DAY + HOUR
    await rollups.prune('hour', bucketStart(at, 'hour') - 6 * HOUR)
    expect((await kept()).filter((w) => w.period === 'hour')).toEqual([])
    expect(await read(at)).toEqual(await summed(at))
    await db.database.db
      .deleteFrom('monitors')
      .where('monitor_id', '=', ids[0] as string)
      .execute()
    expect((await kept()).some((w) => w.monitor_id === ids[0])).toBe(false)
  })
})
