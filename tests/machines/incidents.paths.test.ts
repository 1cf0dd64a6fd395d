import { describe, expect, it } from 'vitest'
import type { IncidentPage } from '@vigil/domain/incident'
import { INCIDENTS_LOAD_FAILED, incidentsMachine } from '../../src/machines/incidents.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const machine = incidentsMachine
const input = { filters: { page: 1 } }
const { done, error } = actorEvents(machine)
const page: IncidentPage = { incidents: [], pagination: { total: 0, page: 1, limit: 25, total_pages: 0 } }
const loaded = done('fetchIncidents', page)
const failed = error('fetchIncidents', { status: 0 })
const retry = { type: 'incidents.retry' } as const
const refresh = { type: 'incidents.refresh' } as const
const filter = { type: 'incidents.filter', filters: { status: 'open', q: 'shop', page: 1 } } as const

describe('incidents list machine paths', () => {
  const reached = reachedStateNodes(machine, { input, events: [loaded, failed, retry, refresh, filter] })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('loads for the filters, again when they change, keeping the last answer meanwhile', () => {
    const changed = journey(machine, [loaded, filter], input).state
    expect(changed.value).toBe('loading')
    expect(changed.context.filters).toEqual({ status: 'open', q: 'shop', page: 1 })
    expect(changed.context.data).toEqual(page)
  })

  it('says why it failed and tries again, on request or on a live event', () => {
    const state = journey(machine, [failed], input).state
    expect(state.context.error).toBe(INCIDENTS_LOAD_FAILED)
    expect(journey(machine, [failed, retry], input).state.value).toBe('loading')
    expect(journey(machine, [failed, refresh], input).state.value).toBe('loading')
    expect(journey(machine, [loaded, refresh, loaded], input).state.value).toBe('ready')
  })
})
