import type { DeliveryPage } from '@vigil/domain/integration.schema'
import { assign, setup } from 'xstate'
import { readInto } from './read-into.ts'
import { toProvide } from './to-provide.ts'

export const DELIVERIES_PER_PAGE = 10
export const DELIVERIES_LOAD_FAILED = 'Could not load the deliveries. Check your connection and try again.'

export interface DeliveryQuery {
  id: string
  page: number
  limit: number
}

interface Context {
  integrationId: string
  page: number
  /** The last page read; kept while another loads, so the table does not jump. */
  data: DeliveryPage | null
  error: string | null
}

// One channel's deliveries, newest first, a page at a time.
export const deliveriesMachine = setup({
  types: {} as {
    context: Context
    input: { integrationId: string }
    events: { type: 'deliveries.page'; page: number } | { type: 'deliveries.retry' }
  },
  actors: {
    fetchDeliveries: toProvide<DeliveryPage, DeliveryQuery>('fetchDeliveries'),
  },
}).createMachine({
  id: 'deliveries',
  context: ({ input }) => ({ integrationId: input.integrationId, page: 1, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        ...readInto<DeliveryPage, 'fetchDeliveries'>('fetchDeliveries', 'failed', DELIVERIES_LOAD_FAILED),
        input: ({ context }) => ({ id: context.integrationId, page: context.page, limit: DELIVERIES_PER_PAGE }),
      },
    },
    ready: {
      on: { 'deliveries.page': { target: 'loading', actions: assign({ page: ({ event }) => event.page }) } },
    },
    failed: {
      on: {
        'deliveries.retry': 'loading',
        'deliveries.page': { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
      },
    },
  },
})
