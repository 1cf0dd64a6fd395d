import { failureMessage } from '@vigil/domain/api-failure'
import { assign, setup } from 'xstate'
import type { ReportQuery } from './report.machine.ts'
import { toProvide } from './to-provide.ts'

export const FILE_FAILED = 'Could not make the report file. Check your connection and try again.'

export type ReportFileFormat = 'csv' | 'pdf'

/** A file the server made, as the adapter hands it over to be saved. */
export interface ReportFile {
  name: string
  content: Blob
}

export type ReportFileEvent = { type: 'file.download'; query: ReportQuery; format: ReportFileFormat }

interface Context {
  /** The file being made; null while none is. */
  making: { query: ReportQuery; format: ReportFileFormat } | null
}

const file = setup({
  types: {} as { context: Context; events: ReportFileEvent },
  actors: {
    fetchFile: toProvide<ReportFile, { query: ReportQuery; format: ReportFileFormat }>('fetchFile'),
  },
  actions: {
    save: (_, _file: ReportFile) => {},
    notify: (_, _params: { title: string; type: 'error' }) => {},
  },
})

// A report's CSV or PDF: asked of the server (by POST, so a selection of any length fits), then handed to the
// browser's downloads; one at a time, and a failure says why in a toast.
export const reportFileMachine = file.createMachine({
  id: 'reportFile',
  context: { making: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.download': {
          target: 'making',
          actions: assign({ making: ({ event }) => ({ query: event.query, format: event.format }) }),
        },
      },
    },
    making: {
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => context.making as NonNullable<Context['making']>,
        onDone: {
          target: 'idle',
          actions: [{ type: 'save', params: ({ event }) => event.output }, assign({ making: null })],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ title: failureMessage(event.error, FILE_FAILED), type: 'error' }),
            },
            assign({ making: null }),
          ],
        },
      },
    },
  },
})
