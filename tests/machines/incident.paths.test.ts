import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { IncidentDetail, IncidentEvent } from '@vigil/domain/incident'
import { COMMENT_FAILED, INCIDENT_LOAD_FAILED, incidentMachine } from '../../src/machines/incident.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const machine = incidentMachine
const input = { id: 'i1' }
const { done, error } = actorEvents(machine)

const incident = (over: Partial<IncidentDetail> = {}): IncidentDetail => ({
  id: 'i1',
  state: 'open',
  started_at: '2026-11-22T09:00:00.000Z',
  resolved_at: null,
  duration_ms: null,
  cause: 'Expected status 200-299, got 503.',
  monitor: { id: 'm1', name: 'Shop', type: 'web', target: 'https://shop.test/', status: 'down' },
  acknowledged: null,
  timeline: [],
  evidence: { results: [], total: 0 },
  ...over,
})
const comment: IncidentEvent = {
  id: 'e9',
  kind: 'comment',
  at: '2026-11-22T09:10:00.000Z',
  author: { name: 'Ada', email: 'ada@example.com' },
  body: 'On it.',
  delivery: null,
}
const acked = incident({
  state: 'acknowledged',
  acknowledged: { at: '2026-11-22T09:05:00.000Z', by: { name: 'Ada', email: 'ada@example.com' } },
})

const loaded = done('fetchIncident', incident())
const loadedResolved = done('fetchIncident', incident({ state: 'resolved', resolved_at: '2026-11-22T10:00:00.000Z' }))
const missing = error('fetchIncident', { status: 404, message: 'Incident not found.' })
const down = error('fetchIncident', { status: 0 })
const retry = { type: 'incident.retry' } as const
const refresh = { type: 'incident.refresh' } as const
const refreshed = done('refreshIncident', acked)
const refreshFailed = error('refreshIncident', { status: 500 })
const acknowledge = { type: 'incident.acknowledge' } as const
const acknowledgedDone = done('acknowledge', acked)
const ackRefused = error('acknowledge', { status: 409, message: 'This incident is already resolved.' })
const write = (body: string) => ({ type: 'incident.comment', values: { body } }) as const
const commentRefused = error('addComment', {
  status: 400,
  message: 'Write a comment.',
  errors: { body: 'Write a comment.' },
})
const commentLost = error('addComment', { status: 0 })
const edit = { type: 'incident.edit' } as const

describe('incident machine paths', () => {
  const reached = reachedStateNodes(machine, {
    input,
    events: [
      loaded,
      missing,
      down,
      retry,
      refresh,
      refreshed,
      refreshFailed,
      acknowledge,
      acknowledgedDone,
      ackRefused,
      write('On it.'),
      commentRefused,
      edit,
    ],
  })
  // A comment added grows the timeline and the count without end, so walks leave it out: the run below adds one.
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('loads the incident, or says it is not found, or why it failed and tries again', () => {
    expect(journey(machine, [loaded], input).state.matches({ ready: { data: 'shown' } })).toBe(true)
    expect(journey(machine, [missing], input).state.value).toBe('notFound')
    const failed = journey(machine, [down], input).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(INCIDENT_LOAD_FAILED)
    expect(journey(machine, [down, retry, loaded], input).state.context.incident?.id).toBe('i1')
  })

  it('acknowledges an open incident and shows who did, or says why it could not', () => {
    const ok = journey(machine, [loaded, acknowledge, acknowledgedDone], input).state
    expect(ok.matches({ ready: { acknowledgement: 'idle' } })).toBe(true)
    expect(ok.context.incident?.acknowledged?.by?.name).toBe('Ada')
    const refused = journey(machine, [loaded, acknowledge, ackRefused], input).state
    expect(refused.context.ackError).toBe('This incident is already resolved.')
    // Only an open incident is acknowledged: a resolved one is not sent.
    const resolved = journey(machine, [loadedResolved, acknowledge], input).state
    expect(resolved.matches({ ready: { acknowledgement: 'idle' } })).toBe(true)
  })

  it('checks a comment before sending it, adds it to the timeline, and shows the server refusal', () => {
    const empty = journey(machine, [loaded, write('   ')], input).state
    expect(empty.matches({ ready: { comment: 'editing' } })).toBe(true)
    expect(empty.context.commentErrors).toEqual({ body: 'Write a comment.' })
    expect(journey(machine, [loaded, write('On it.')], input).state.matches({ ready: { comment: 'sending' } })).toBe(
      true,
    )
    const refused = journey(machine, [loaded, write('On it.'), commentRefused], input).state
    expect(refused.context.commentErrors).toEqual({ body: 'Write a comment.' })
    expect(journey(machine, [loaded, write('On it.'), commentLost], input).state.context.commentMessage).toBe(
      COMMENT_FAILED,
    )
  })

  it('reads the incident again on a live event, keeping it when that fails', () => {
    expect(journey(machine, [loaded, refresh, refreshed], input).state.context.incident?.state).toBe('acknowledged')
    const kept = journey(machine, [loaded, refresh, refreshFailed], input).state
    expect(kept.matches({ ready: { data: 'shown' } })).toBe(true)
    expect(kept.context.incident?.state).toBe('open')
  })
})

describe('incident machine, run', () => {
  it('loads, acknowledges and comments through the provided actors', async () => {
    const toasts: string[] = []
    const actor = createActor(
      machine.provide({
        actors: {
          fetchIncident: fromPromise(async () => incident()),
          acknowledge: fromPromise(async () => acked),
          addComment: fromPromise(async ({ input: i }) => ({ ...comment, body: i.body })),
        },
        actions: { notify: (_, t) => toasts.push(t.title) },
      }),
      { input },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(acknowledge)
    await waitFor(actor, (s) => s.context.incident?.state === 'acknowledged')
    expect(toasts).toEqual(['Incident acknowledged: reminders stop.'])
    actor.send(write('  Looking at the load balancer.  '))
    await waitFor(actor, (s) => s.context.commented === 1)
    expect(actor.getSnapshot().context.incident?.timeline.at(-1)?.body).toBe('Looking at the load balancer.')
    actor.stop()
  })
})
