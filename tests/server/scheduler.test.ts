import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/database.ts'
import { openPostgres, openSqlite } from '../../src/server/db/database.ts'
import { createRecorder } from '../../src/server/engine/recorder.ts'
import { createScheduler, type RunCheck, type Scheduler } from '../../src/server/engine/scheduler.ts'
import { silentLogger } from '../../src/server/logger.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestClock, type TestDb, testClock } from './harness.ts'
import { startHttpTarget } from './support/targets.ts'

// The scheduler on a clock the test moves, against a real target on loopback: nothing waits for real time. No
// assertion here is about speed (the benchmark `npm run bench:checks` measures that); they are about what runs,
// and how often.

type Target = Awaited<ReturnType<typeof startHttpTarget>>

describe.each(dialects)('check scheduler on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let web: Target
  let clock: TestClock
  beforeAll(async () => {
    db = await openTestDb(dialect)
    clock = testClock()
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true }, clock })
    web = await startHttpTarget()
    // The operator lets Pro check every second, so that these tests run in seconds.
    await db.database.db.updateTable('plans').set({ min_interval_seconds: 1 }).where('plan_id', '=', 'pro').execute()
  })
  // Each test watches only its own monitors.
  afterEach(async () => {
    await db.database.db.updateTable('monitors').set({ paused: 1, next_check_at: null }).execute()
  })
  afterAll(async () => {
    await web.close()
    await db.drop()
  })

  const scheduler = (database: Database, runCheck: RunCheck, workerId?: string, claimLimit?: number) =>
    createScheduler({
      claimLimit,
      database,
      recorder: createRecorder({
        database,
        clock,
        logger: silentLogger,
        appUrl: 'http://app.test',
        flushMs: 20,
      }),
      logger: silentLogger,
      runCheck,
      workerId,
      horizonMs: 400,
      pollMs: 100,
      clock,
    })

  const newUserWithMonitors = async (count: number, over: Record<string, unknown> = {}) => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const res = await t.call('POST', '/api/monitors', {
        token,
        body: { type: 'web', name: `Site ${i}`, url: web.url, interval_seconds: 1, timeout_seconds: 1, ...over },
      })
      expect(res.status, res.text).toBe(201)
      ids.push(res.json.data.monitor.id)
    }
    return { token, userId: user.user_id as string, ids }
  }

  const resultCount = async (ids: string[]) =>
    Number(
      (
        await db.database.db
          .selectFrom('check_results')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('monitor_id', 'in', ids)
          .executeTakeFirstOrThrow()
      ).n,
    )

  /** Moves the clock `ms` in steps of 100 ms, letting the schedulers finish what each step started. */
  const run = async (ms: number, ...schedulers: Scheduler[]) => {
    for (let passed = 0; passed < ms; passed += 100) {
      clock.advance(Math.min(100, ms - passed))
      // A step may arm a timer due at once (a check due now): fire it, and what follows from it.
      for (let i = 0; i < 3; i++) {
        await Promise.all(schedulers.map((s) => s.settled()))
        clock.advance(0)
      }
    }
  }
  /** Runs until `done` holds, at most `ms` of the clock. */
  const runUntil = async (done: () => Promise<boolean>, ms: number, ...schedulers: Scheduler[]) => {
    for (let passed = 0; passed < ms; passed += 100) {
      if (await done()) return
      await run(100, ...schedulers)
    }
    expect(await done(), `not reached within ${ms} ms of the clock`).toBe(true)
  }

  it('checks each monitor at its interval and loses no result when it stops', async () => {
    const { ids } = await newUserWithMonitors(5)
    const started: string[] = []
    const s = scheduler(db.database, (monitor, signal) => {
      started.push(monitor.name)
      return t.deps.runCheck(monitor, signal)
    })
    s.start()
    await run(3300, s)
    await s.stop()
    // Each ran at once (created due now) and then every second: 4 times in 3.3 s, give or take one.
    for (let i = 0; i < 5; i++) {
      const runs = started.filter((n) => n === `Site ${i}`).length
      expect(runs).toBeGreaterThanOrEqual(3)
      expect(runs).toBeLessThanOrEqual(5)
    }
    expect(await resultCount(ids)).toBe(started.length)
    const leased = await db.database.db
      .selectFrom('monitors')
      .select('monitor_id')
      .where('lease_owner', 'is not', null)
      .execute()
    expect(leased).toEqual([])
  })

  it('confirms an outage after the retries, alerts once, does not alert again after a restart, and closes it', async () => {
    const { token, ids } = await newUserWithMonitors(1, {
      name: 'Checkout',
      retries: 1,
      retry_interval_seconds: 1,
      interval_seconds: 2,
    })
    const [id] = ids as [string]
    const monitor = async () => (await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor
    const alerts = async () =>
      (await t.call('GET', '/api/user_notification?limit=100', { token })).json.data.notificationList.filter(
        (n: { target_id: string | null }) => n.target_id === id,
      )

    let s = scheduler(db.database, t.deps.runCheck)
    s.start()
    await runUntil(async () => (await monitor()).status === 'up', 8000, s)
    await web.down()
    try {
      await runUntil(async () => (await monitor()).status === 'down', 10_000, s)
      const failures = (
        await t.call('GET', `/api/monitors/${id}/results?limit=100`, { token })
      ).json.data.results.filter((r: { ok: boolean }) => !r.ok)
      // The first failure did not count as down yet; the retry confirmed it.
      expect(failures.at(-1).status).toBe('up')
      expect(failures.at(-2).status).toBe('down')
      expect((await alerts()).map((n: { notification_title: string }) => n.notification_title)).toEqual([
        'Checkout is down',
      ])

      // A restart: the worker stops, another starts. The outage goes on, and nobody is told twice.
      await s.stop()
      s = scheduler(db.database, t.deps.runCheck)
      s.start()
      await run(2500, s)
      expect((await monitor()).status).toBe('down')
      expect(await alerts()).toHaveLength(1)
      expect((await t.call('GET', `/api/incidents?monitor_id=${id}`, { token })).json.data.incidents).toHaveLength(1)
    } finally {
      await web.up()
    }
    await runUntil(async () => (await monitor()).status === 'up', 8000, s)
    await s.stop()
    expect((await alerts()).map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Checkout is back up',
      'Checkout is down',
    ])
    const [incident] = (await t.call('GET', `/api/incidents?monitor_id=${id}`, { token })).json.data.incidents
    expect(incident.resolved_at).not.toBeNull()
  })

  it('never runs the same check twice with two workers on one database', async () => {
    const { ids } = await newUserWithMonitors(30)
    // A second process: its own connection (pool) to the same database.
    const second = dialect === 'sqlite' ? openSqlite(db.file as string) : openPostgres(db.url as string, 4, () => {})
    const runs: { worker: string; name: string; at: number }[] = []
    const counting =
      (worker: string): RunCheck =>
      async (monitor, signal) => {
        runs.push({ worker, name: monitor.name, at: clock.now() })
        return t.deps.runCheck(monitor, signal)
      }
    // Each takes a few at a time, so both get a share.
    const a = scheduler(db.database, counting('a'), 'worker-a', 4)
    const b = scheduler(second, counting('b'), 'worker-b', 4)
    a.start()
    b.start()
    await run(4000, a, b)
    await Promise.all([a.stop(), b.stop()])
    await second.close()

    expect(runs.filter((r) => r.worker === 'a').length).toBeGreaterThan(0)
    expect(runs.filter((r) => r.worker === 'b').length).toBeGreaterThan(0)
    // Each monitor ran about once a second, by one worker or the other: never two runs of one slot.
    for (let i = 0; i < 30; i++) {
      const times = runs.filter((r) => r.name === `Site ${i}`).map((r) => r.at)
      expect(times.length).toBeGreaterThanOrEqual(3)
      expect(times.length).toBeLessThanOrEqual(5)
      for (let j = 1; j < times.length; j++)
        expect((times[j] as number) - (times[j - 1] as number)).toBeGreaterThan(500)
    }
    expect(await resultCount(ids)).toBe(runs.length)
  })

  it('keeps each monitor on its grid: a retry is an extra check between grid points, with one worker or two', async () => {
    // Every 3 s with a retry after 2 s (docs/features.md's 30 s and 20 s, shorter): checks at 0, 3, 6 s... stay there
    // whatever the retries do (issue 35).
    const { ids } = await newUserWithMonitors(1, {
      interval_seconds: 3,
      timeout_seconds: 1,
      retries: 1,
      retry_interval_seconds: 2,
    })
    const [id] = ids as [string]
    const second = dialect === 'sqlite' ? openSqlite(db.file as string) : openPostgres(db.url as string, 4, () => {})
    const starts: { worker: string; at: number }[] = []
    const counting =
      (worker: string): RunCheck =>
      async (monitor, signal) => {
        starts.push({ worker, at: clock.now() })
        return t.deps.runCheck(monitor, signal)
      }
    const a = scheduler(db.database, counting('a'), 'grid-a', 1)
    const b = scheduler(second, counting('b'), 'grid-b', 1)
    const first = clock.now()
    a.start()
    b.start()
    const offsets = () => starts.map((s) => Math.round((s.at - first) / 100) / 10)
    try {
      // Up at 0 and 3; failing from 5.5 s: 6 fails, the retry at 8 confirms; back at 8.5 s: 9 is on the grid.
      await run(5_500, a, b)
      web.state.mode = 'error'
      await run(3_000, a, b)
      web.state.mode = 'ok'
      // A failure the retry does not confirm: 12 fails, 14 passes, 15 is on the grid.
      await run(3_000, a, b)
      web.state.mode = 'error'
      await run(1_000, a, b)
      web.state.mode = 'ok'
      await run(5_600, a, b)
    } finally {
      web.state.mode = 'ok'
      await Promise.all([a.stop(), b.stop()])
      await second.close()
    }
    // The first check started at the clock's first step (0.1 s) for its slot at 0: the grid is the slots', not the starts'.
    expect(offsets()).toEqual([0.1, 3, 6, 8, 9, 12, 14, 15, 18])
    const stored = await db.database.db
      .selectFrom('check_results')
      .select(['checked_at', 'ok'])
      .where('monitor_id', '=', id)
      .orderBy('checked_at')
      .execute()
    expect(stored.map((r) => [Math.round((Number(r.checked_at) - first) / 100) / 10, r.ok === 1])).toEqual([
      [0.1, true],
      [3, true],
      [6, false],
      [8, false],
      [9, true],
      [12, false],
      [14, true],
      [15, true],
      [18, true],
    ])
  })

  it('spreads monitors missed while no worker ran over their interval instead of checking them all at once', async () => {
    const { ids } = await newUserWithMonitors(40, { interval_seconds: 60, timeout_seconds: 5 })
    const longAgo = clock.now() - 3_600_000
    await db.database.db
      .updateTable('monitors')
      .set({ next_check_at: longAgo })
      .where('monitor_id', 'in', ids)
      .execute()
    let ran = 0
    const s = scheduler(db.database, async (monitor, signal) => {
      ran += 1
      return t.deps.runCheck(monitor, signal)
    })
    const before = clock.now()
    s.start()
    await run(1000, s)
    await s.stop()
    const rows = await db.database.db
      .selectFrom('monitors')
      .select('next_check_at')
      .where('monitor_id', 'in', ids)
      .execute()
    const due = rows.map((r) => r.next_check_at as number)
    expect(Math.min(...due)).toBeGreaterThanOrEqual(before)
    expect(Math.max(...due)).toBeLessThanOrEqual(before + 61_000)
    // Spread over the minute: at most a few fall into the first second, and their due times differ.
    expect(ran).toBeLessThan(10)
    expect(new Set(due).size).toBeGreaterThan(30)
  })
})
