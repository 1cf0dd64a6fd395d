import { failureMessage } from '@vigil/domain/api-failure'
import type { NamedPreset } from '@vigil/domain/report-period'
import type { Report, ReportSelection } from '@vigil/domain/report-view'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const REPORT_LOAD_FAILED = 'Could not load the report. Check your connection and try again.'

/** What a report is asked for: the set, the period [from, to) as ISO instants, and the zone its days are read in. */
export interface ReportQuery {
  selection: ReportSelection
  from: string
  to: string
  tz: string
  /**
   * The preset the period was chosen as, asked by its name: the server reads it at its own clock, so that "Last 24
   * hours" ends at the server's now (its checks of the last seconds in), not at the browser's a moment earlier.
   */
  preset?: NamedPreset
}

/**
 * The page's choice read as a report to ask for, or why it is none: the part of the choice that is wrong (`period`:
 * a custom range that ends before it starts; `set`: no monitor chosen) and what to say there.
 */
export type ReportAsk = { ok: true; query: ReportQuery } | { ok: false; field: 'period' | 'set'; message: string }

interface Context {
  query: ReportQuery | null
  report: Report | null
  error: string | null
  /** Why the choice is no report to ask for. */
  refusal: { field: 'period' | 'set'; message: string } | null
}

export type ReportEvent = { type: 'report.choose'; ask: ReportAsk } | { type: 'report.retry' }

const report = setup({
  types: {} as { context: Context; events: ReportEvent },
  actors: {
    fetchReport: toProvide<Report, ReportQuery>('fetchReport'),
  },
  guards: {
    isAsk: ({ event }) => event.type === 'report.choose' && event.ask.ok,
  },
})

// The report of the page's choice: each new choice asks again (an answer to an older one is dropped), a failure says
// why and asks again on request, and a choice that is no period or no set is refused without asking.
export const reportMachine = report.createMachine({
  id: 'report',
  context: { query: null, report: null, error: null, refusal: null },
  initial: 'idle',
  on: {
    'report.choose': [
      {
        guard: 'isAsk',
        // A child target from the root: `loading` is left and entered again, so a read under way is dropped.
        target: '.loading',
        actions: assign(({ event }) => ({
          query: event.type === 'report.choose' && event.ask.ok ? event.ask.query : null,
          report: null,
          error: null,
          refusal: null,
        })),
      },
      {
        target: '.refused',
        actions: assign(({ event }) => ({
          query: null,
          report: null,
          error: null,
          refusal:
            event.type === 'report.choose' && !event.ask.ok
              ? { field: event.ask.field, message: event.ask.message }
              : null,
        })),
      },
    ],
  },
  states: {
    // Nothing chosen yet.
    idle: {},
    loading: {
      invoke: {
        id: 'fetchReport',
        src: 'fetchReport',
        input: ({ context }) => context.query as ReportQuery,
        onDone: { target: 'shown', actions: assign({ report: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, REPORT_LOAD_FAILED) }),
        },
      },
    },
    shown: {},
    failed: { on: { 'report.retry': 'loading' } },
    // The choice is no report: the page says why beside the part that is wrong.
    refused: {},
  },
})
