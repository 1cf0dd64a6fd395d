import type { IncidentPage, IncidentState } from '@vigil/domain/incident'
import type { MonitorType } from '@vigil/domain/monitor-types/pages'
import { assign, setup } from 'xstate'
import { readInto } from './read-into.ts'
import { toProvide } from './to-provide.ts'

export const INCIDENTS_LOAD_FAILED = 'Could not load the incidents. Check your connection and try again.'
export const INCIDENTS_PER_PAGE = 25

/** The list's filters, as the page keeps them in its address. */
export interface IncidentFilters {
  status?: IncidentState
  type?: MonitorType
  q?: string
  page: number
}

export type IncidentsQuery = IncidentFilters & { limit: number }

interface Context {
  filters: IncidentFilters
  data: IncidentPage | null
  error: string | null
}

// The incidents across the user's monitors: loaded for the filters the page chose, again when they change (the
// last answer stays on screen meanwhile), and in the background when a live event says an incident changed.
export const incidentsMachine = setup({
  types: {} as {
    context: Context
    input: { filters: IncidentFilters }
    events:
      | { type: 'incidents.filter'; filters: IncidentFilters }
      | { type: 'incidents.retry' }
      | { type: 'incidents.refresh' }
  },
  actors: {
    fetchIncidents: toProvide<IncidentPage, IncidentsQuery>('fetchIncidents'),
  },
}).createMachine({
  id: 'incidents',
  context: ({ input }) => ({ filters: input.filters, data: null, error: null }),
  initial: 'loading',
  on: {
    'incidents.filter': { target: '.loading', actions: assign({ filters: ({ event }) => event.filters }) },
  },
  states: {
    loading: {
      invoke: {
        ...readInto<IncidentPage, 'fetchIncidents'>('fetchIncidents', 'failed', INCIDENTS_LOAD_FAILED),
        input: ({ context }) => ({ ...context.filters, limit: INCIDENTS_PER_PAGE }),
      },
    },
    ready: { on: { 'incidents.refresh': 'loading' } },
    failed: { on: { 'incidents.retry': 'loading', 'incidents.refresh': 'loading' } },
  },
})
