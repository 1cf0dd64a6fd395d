import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PeriodicJob, startEngine } from '../../src/server/engine/engine.ts'
import { buildTestApp, openTestDb, type TestDb } from './harness.ts'

// The work the composition adds to the engine (the billing sweep): run at once and then on its period, never two
// runs at once, a failure logged without stopping the job, and the engine's stop waiting for the run under way.

describe('periodic jobs of the engine', () => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb('sqlite')
  })
  afterAll(async () => {
    await db.drop()
  })

  it('runs at once and on its period, one run at a time; a failure is logged; stop waits for the run', async () => {
    const t = buildTestApp(db.database)
    let runs = 0
    let finish: (() => void) | null = null
    const job: PeriodicJob = {
      name: 'test job',
      everyMs: 1000,
      run: () => {
        runs += 1
        if (runs === 2) return Promise.reject(new Error('the database went away'))
        return new Promise<void>((done) => {
          finish = done
        })
      },
    }
    const engine = startEngine({ ...t.deps, jobs: [job] }, { pollMs: 60_000 })
    expect(runs).toBe(1)
    // Still running: the next period does not start a second run.
    t.clock.advance(1000)
    expect(runs).toBe(1)
    ;(finish as (() => void) | null)?.()
    await new Promise((done) => setImmediate(done))
    t.clock.advance(1000)
    expect(runs).toBe(2)
    await new Promise((done) => setImmediate(done))
    expect(
      t.logs.some(
        (l) => l.level === 'error' && l.message === 'test job failed' && String(l.fields?.error).includes('went away'),
      ),
    ).toBe(true)
    t.clock.advance(1000)
    expect(runs).toBe(3)
    let stopped = false
    const stopping = engine.stop(100).then(() => {
      stopped = true
    })
    await new Promise((done) => setTimeout(done, 50))
    expect(stopped).toBe(false)
    ;(finish as (() => void) | null)?.()
    await stopping
    t.clock.advance(5000)
    expect(runs).toBe(3)
  })
})
