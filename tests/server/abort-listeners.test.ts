import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AlertEvent } from '@vigil/domain/alert'
import { createAbortGroup } from '../../src/server/abort-group.ts'
import { newDelivery } from '../../src/server/notify/outbox.ts'
import { buildTestApp, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { startHttpTarget } from './support/targets.ts'

// Many checks or deliveries at once must not pile listeners on one abort signal (Node warns past 10: a
// MaxListenersExceededWarning was seen under load). Each task has a signal of its own.

const listenerWarnings = () => {
  const seen: Error[] = []
  const onWarning = (warning: Error) => {
    if (warning.name === 'MaxListenersExceededWarning') seen.push(warning)
  }
  process.on('warning', onWarning)
  return { seen, stop: () => process.off('warning', onWarning) }
}

describe('abort signals under many tasks at once', () => {
  it('gives each task its own signal, drops it when the task ends, and aborts the running ones on stop', async () => {
    const group = createAbortGroup()
    const signals: AbortSignal[] = []
    let release = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    const tasks = Array.from({ length: 30 }, () =>
      group.run(async (signal) => {
        signals.push(signal)
        signal.addEventListener('abort', () => {}, { once: true })
        await gate
        return signal.aborted
      }),
    )
    expect(new Set(signals).size).toBe(30)
    expect(signals.every((s) => getEventListeners(s, 'abort').length === 1)).toBe(true)
    group.abortAll()
    release()
    expect(await Promise.all(tasks)).toEqual(Array(30).fill(true))
    // A task started after the stop starts aborted.
    expect(await group.run(async (signal) => signal.aborted)).toBe(true)
  })

  describe('the delivery worker', () => {
    let db: TestDb
    let t: TestApp
    let receiver: Awaited<ReturnType<typeof startHttpTarget>>
    beforeAll(async () => {
      db = await openTestDb('sqlite')
      receiver = await startHttpTarget()
      t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    })
    afterAll(async () => {
      await receiver.close()
      await db.drop()
    })

    it('sends to 20 channels at once without a listener warning', async () => {
      receiver.state.mode = 'slow'
      const { token, user: account } = await t.register()
      const user = account.user_id as string
      const event: AlertEvent = {
        kind: 'test',
        title: 'Load',
        description: 'Twenty channels at once.',
        at: new Date(t.clock.now()).toISOString(),
        monitor: null,
        since: null,
        last_error: null,
      }
      for (let i = 0; i < 20; i++) {
        const made = await t.call('POST', '/api/integrations', {
          token,
          body: { type: 'webhook', name: `Hook ${i}`, url: `${receiver.url}hook/${i}` },
        })
        const row = await t.repos.integrations.findOwned(user, made.json.data.integration.id)
        if (!row) throw new Error('the integration was not stored')
        await t.repos.deliveries.insert(newDelivery(row, { ...event, kind: 'down' }, t.clock.now()))
      }
      const warnings = listenerWarnings()
      try {
        expect(await t.deps.deliveries.runOnce()).toBe(20)
        await new Promise((r) => setImmediate(r))
      } finally {
        warnings.stop()
      }
      expect(warnings.seen).toEqual([])
      expect(receiver.state.hits).toBe(20)
    })
  })
})
