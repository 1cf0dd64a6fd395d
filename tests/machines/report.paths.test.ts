import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Report } from '@vigil/domain/report-view'
import { REPORT_LOAD_FAILED, type ReportQuery, reportMachine } from '../../src/machines/report.machine.ts'
import { report } from '../ui/reporting/fixtures.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const query = (over: Partial<ReportQuery> = {}): ReportQuery => ({
  selection: { kind: 'all' },
  from: '2026-10-01T00:00:00.000Z',
  to: '2026-10-31T00:00:00.000Z',
  tz: 'UTC',
  ...over,
})
const choose = (q: ReportQuery = query()) => ({ type: 'report.choose', ask: { ok: true, query: q } }) as const
const refuse = {
  type: 'report.choose',
  ask: { ok: false, field: 'period', message: 'The end of the period must be after its start.' },
} as const
const retry = { type: 'report.retry' } as const
const { done, error } = actorEvents(reportMachine)
const loaded = done('fetchReport', report())
const badRange = error('fetchReport', { status: 400, message: 'A report covers at most 400 days.' })
const unreachable = error('fetchReport', { status: 0 })

describe('report machine paths', () => {
  const reached = reachedStateNodes(reportMachine, { events: [choose(), refuse, loaded, badRange, retry] })
  it.each(stateNodeIds(reportMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('waits for a choice, then loads and shows its report', () => {
    expect(journey(reportMachine, []).state.value).toBe('idle')
    const loading = journey(reportMachine, [choose()]).state
    expect(loading.value).toBe('loading')
    expect(loading.context.query).toEqual(query())
    const shown = journey(reportMachine, [choose(), loaded]).state
    expect(shown.value).toBe('shown')
    expect(shown.context.report?.title).toBe('All monitors')
  })

  it("says why it failed (the server's words or the fallback) and asks again on request", () => {
    const failed = journey(reportMachine, [choose(), badRange]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe('A report covers at most 400 days.')
    expect(journey(reportMachine, [choose(), unreachable]).state.context.error).toBe(REPORT_LOAD_FAILED)
    const again = journey(reportMachine, [choose(), unreachable, retry]).state
    expect(again.value).toBe('loading')
    expect(again.context.query).toEqual(query())
  })

  it('refuses a choice that is no report, without asking, and forgets the last report', () => {
    const refused = journey(reportMachine, [choose(), loaded, refuse]).state
    expect(refused.value).toBe('refused')
    expect(refused.context).toMatchObject({
      query: null,
      report: null,
      refusal: { field: 'period', message: 'The end of the period must be after its start.' },
    })
    expect(journey(reportMachine, [refuse, choose()]).state.context.refusal).toBeNull()
  })

  it('asks again on a new choice from any state, dropping the last report', () => {
    const other = query({ selection: { kind: 'type', type: 'web' } })
    const next = journey(reportMachine, [choose(), loaded, choose(other)]).state
    expect(next.value).toBe('loading')
    expect(next.context).toMatchObject({ query: other, report: null, error: null })
  })
})

describe('report machine, run', () => {
  it('drops the answer to a choice made before the last one', async () => {
    const asked: string[] = []
    const pending: Record<string, (r: Report) => void> = {}
    const actor = createActor(
      reportMachine.provide({
        actors: {
          fetchReport: fromPromise<Report, ReportQuery>(({ input }) => {
            asked.push(input.from)
            return new Promise((resolve) => {
              pending[input.from] = resolve
            })
          }),
        },
      }),
    ).start()
    actor.send(choose(query({ from: 'first' })))
    actor.send(choose(query({ from: 'second' })))
    expect(asked).toEqual(['first', 'second'])
    pending.first?.(report({ title: 'Old' }))
    pending.second?.(report({ title: 'New' }))
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().context.report?.title).toBe('New')
    actor.stop()
  })
})
