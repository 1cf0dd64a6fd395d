import { describe, expect, it } from 'vitest'
import { SESSION_END_FAILED, SESSIONS_LOAD_FAILED, sessionsMachine } from '../../src/machines/sessions.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const { done, error } = actorEvents(sessionsMachine)
const list = [
  {
    id: 'a'.repeat(32),
    browser: 'Firefox 133',
    system: 'Linux',
    ip: '203.0.113.7',
    created_at: '2026-11-20T09:00:00.000Z',
    last_active_at: null,
    current: true,
  },
]
const loaded = done('fetchSessions', list)
const loadFailed = error('fetchSessions', { status: 0 })
const end = { type: 'sessions.end', id: 'b'.repeat(32) } as const
const endOthers = { type: 'sessions.endOthers' } as const
const ended = done('end')
const endRefused = error('end', { status: 404, message: 'Session not found.' })
const othersEnded = done('endOthers', 2)
const othersFailed = error('endOthers', { status: 0 })
const retry = { type: 'sessions.retry' } as const

describe('sessions machine paths', () => {
  const reached = reachedStateNodes(sessionsMachine, {
    events: [loaded, loadFailed, end, endOthers, ended, endRefused, othersEnded, othersFailed, retry],
  })
  it.each(stateNodeIds(sessionsMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('reads the list, or says why not and reads again', () => {
    expect(journey(sessionsMachine, [loaded]).state.context.sessions).toEqual(list)
    expect(journey(sessionsMachine, [loadFailed]).state.context.error).toBe(SESSIONS_LOAD_FAILED)
    expect(journey(sessionsMachine, [loadFailed, retry]).state.value).toBe('loading')
  })

  it('ends one or every other session at a time, then reads the list again', () => {
    const ending = journey(sessionsMachine, [loaded, end, endOthers]).state
    expect(ending.value).toBe('ending')
    expect(ending.context.pending).toBe('b'.repeat(32))
    expect(journey(sessionsMachine, [loaded, end, ended]).state.value).toBe('loading')
    expect(journey(sessionsMachine, [loaded, endOthers]).state.context.pending).toBe('others')
    expect(journey(sessionsMachine, [loaded, endOthers, othersEnded]).state.value).toBe('loading')
  })

  it('says why a sign-out failed and keeps the list', () => {
    const refused = journey(sessionsMachine, [loaded, end, endRefused]).state
    expect(refused.value).toBe('ready')
    expect(refused.context).toMatchObject({ message: 'Session not found.', pending: null, sessions: list })
    expect(journey(sessionsMachine, [loaded, endOthers, othersFailed]).state.context.message).toBe(SESSION_END_FAILED)
  })
})
