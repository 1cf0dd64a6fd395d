import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ReportQuery } from '../../src/machines/report.machine.ts'
import { FILE_FAILED, reportFileMachine } from '../../src/machines/report-file.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const query: ReportQuery = {
  selection: { kind: 'monitors', monitor_ids: ['m1', 'm2'] },
  from: '2026-10-01T00:00:00.000Z',
  to: '2026-11-01T00:00:00.000Z',
  tz: 'UTC',
}
const download = (format: 'csv' | 'pdf') => ({ type: 'file.download', query, format }) as const
const { done, error } = actorEvents(reportFileMachine)
const made = done('fetchFile', { name: 'report-2026-10-01-2026-10-31.csv', content: new Blob(['Monitor\r\n']) })
const refused = error('fetchFile', { status: 400, message: 'A report covers at most 1000 chosen monitors.' })
const unreachable = error('fetchFile', { status: 0 })

describe('report file machine paths', () => {
  const reached = reachedStateNodes(reportFileMachine, { events: [download('csv'), made, refused] })
  it.each(stateNodeIds(reportFileMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('makes the file asked for with the query shown, one at a time, and is ready again once it is saved', () => {
    const making = journey(reportFileMachine, [download('pdf')]).state
    expect(making.value).toBe('making')
    expect(making.context.making).toEqual({ query, format: 'pdf' })
    // A second click while one is made is not a second file.
    expect(journey(reportFileMachine, [download('pdf'), download('csv')]).state.context.making?.format).toBe('pdf')
    const saved = journey(reportFileMachine, [download('csv'), made]).state
    expect(saved.value).toBe('idle')
    expect(saved.context.making).toBeNull()
  })

  it('is ready again after a failure', () => {
    for (const failure of [refused, unreachable]) {
      const after = journey(reportFileMachine, [download('csv'), failure]).state
      expect(after.value).toBe('idle')
      expect(after.context.making).toBeNull()
    }
  })

  it("says the server's words, or its own when the server was not reached, and saves nothing", async () => {
    for (const [failure, title] of [
      [
        { status: 400, message: 'A report covers at most 1000 chosen monitors.' },
        'A report covers at most 1000 chosen monitors.',
      ],
      [{ status: 0 }, FILE_FAILED],
    ] as const) {
      const notes: unknown[] = []
      const saved: unknown[] = []
      const actor = createActor(
        reportFileMachine.provide({
          actors: { fetchFile: fromPromise(() => Promise.reject(failure)) },
          actions: { notify: (_, note) => notes.push(note), save: (_, file) => saved.push(file) },
        }),
      ).start()
      actor.send(download('csv'))
      await waitFor(actor, (s) => s.matches('idle'))
      expect(notes).toEqual([{ title, type: 'error' }])
      expect(saved).toEqual([])
    }
  })
})
