import { fromPromise } from 'xstate'
import { OneTicket, TicketAnswer, TicketList } from '@vigil/domain/support'
import { loadMachine } from '../machines/load.machine.ts'
import { call } from './api.ts'
import { monitorsApi } from './monitors-api.ts'

// /support's calls: the tickets the viewer may see, one with its thread, a new request, an answer, closing.

const ticketPath = (id: string, action = '') => `support/tickets/${encodeURIComponent(id)}${action}`

export const supportApi = {
  tickets: () => call(TicketList, 'support/tickets'),
  ticket: (id: string) => call(TicketAnswer, ticketPath(id)),
  create: (body: Record<string, unknown>) =>
    call(OneTicket, 'support/tickets', { method: 'POST', body }).then((d) => d.ticket),
  reply: (id: string, body: { message: string }) =>
    call(OneTicket, ticketPath(id, '/messages'), { method: 'POST', body }).then((d) => d.ticket),
  close: (id: string) => call(OneTicket, ticketPath(id, '/close'), { method: 'POST' }).then((d) => d.ticket),
  /** The monitors a request may be about. */
  monitors: () => monitorsApi.monitorSummaries().then((d) => d.monitors),
}
export type SupportApi = typeof supportApi

/** The page's first reads: the tickets, and the monitors for the form (a request can be sent without them). */
export const supportLoadLogic = (api: SupportApi) =>
  loadMachine<Awaited<ReturnType<SupportApi['tickets']>>>().provide({
    actors: { fetch: fromPromise(() => api.tickets()) },
  })

export const monitorChoicesLogic = (api: SupportApi) =>
  loadMachine<Awaited<ReturnType<SupportApi['monitors']>>>().provide({
    actors: { fetch: fromPromise(() => api.monitors()) },
  })

export const ticketLoadLogic = (api: SupportApi, id: string) =>
  loadMachine<Awaited<ReturnType<SupportApi['ticket']>>>().provide({
    actors: { fetch: fromPromise(() => api.ticket(id)) },
  })
