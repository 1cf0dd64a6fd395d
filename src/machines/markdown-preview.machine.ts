import { failureMessage } from '@vigil/domain/api-failure'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

/** How long typing rests before the preview follows it. */
export const PREVIEW_DELAY_MS = 300
export const PREVIEW_FAILED = 'The preview could not be shown. Check your connection; the text is kept.'

interface Context {
  /** The text as typed last. */
  markdown: string
  /** The last preview shown: safe HTML from the server's renderer. */
  html: string
  /** Why the latest text has no preview; the last one stays meanwhile. */
  error: string | null
}

// A live preview of the owner's Markdown as the public page renders it: the server renders it (the one renderer the
// public page uses), once the typing has rested; a change while one is being rendered drops that one.
export const markdownPreviewMachine = setup({
  types: {} as {
    context: Context
    input: { markdown: string }
    events: { type: 'preview.change'; markdown: string }
  },
  actors: {
    render: toProvide<string, { markdown: string }>('render'),
  },
  delays: { typing: PREVIEW_DELAY_MS },
}).createMachine({
  id: 'markdownPreview',
  context: ({ input }) => ({ markdown: input.markdown, html: '', error: null }),
  initial: 'rendering',
  on: {
    'preview.change': { target: '.typing', actions: assign({ markdown: ({ event }) => event.markdown }) },
  },
  states: {
    // The text changed: the preview follows once it has rested.
    typing: { after: { typing: 'rendering' } },
    rendering: {
      invoke: {
        id: 'render',
        src: 'render',
        input: ({ context }) => ({ markdown: context.markdown }),
        onDone: { target: 'shown', actions: assign({ html: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'shown',
          actions: assign({ error: ({ event }) => failureMessage(event.error, PREVIEW_FAILED) }),
        },
      },
    },
    shown: {},
  },
})
