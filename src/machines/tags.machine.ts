import { failureMessage } from '@vigil/domain/api-failure'
import type { Tag, TagColor } from '@vigil/domain/tags'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const TAGS_LOAD_FAILED = 'Could not load your tags. Check your connection and try again.'
export const TAG_SAVE_FAILED = 'Could not save the tag. Please try again.'

/** A change to the user's tags: a new one, a new name or colour, or one removed. */
export type TagChange =
  | { kind: 'create'; name: string; color: TagColor }
  | { kind: 'update'; id: string; name?: string; color?: TagColor }
  | { kind: 'delete'; id: string }

export interface TagsContext {
  tags: Tag[] | null
  error: string | null
  /** The server's reason a change was refused, and the field it names. */
  refusal: { message: string; field?: string } | null
}

/**
 * The user's tags, managed from the monitor list: load them, then create, rename, recolour or delete one at a time;
 * each change reads the list again, and a refusal (a name taken) is said beside the form.
 */
export const tagsMachine = setup({
  types: {} as {
    context: TagsContext
    events: { type: 'tags.change'; change: TagChange } | { type: 'tags.retry' }
  },
  actors: {
    loadTags: toProvide<Tag[]>('loadTags'),
    saveTag: toProvide<void, TagChange>('saveTag'),
  },
}).createMachine({
  id: 'tags',
  context: { tags: null, error: null, refusal: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTags',
        src: 'loadTags',
        onDone: { target: 'ready', actions: assign({ tags: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, TAGS_LOAD_FAILED) }),
        },
      },
    },
    ready: { on: { 'tags.change': 'saving' } },
    failed: { on: { 'tags.retry': 'loading' } },
    saving: {
      invoke: {
        id: 'saveTag',
        src: 'saveTag',
        input: ({ event }) => (event as { change: TagChange }).change,
        onDone: { target: 'loading', actions: assign({ refusal: null }) },
        onError: {
          target: 'ready',
          actions: assign({
            refusal: ({ event }) => {
              const failure = event.error as { errors?: Record<string, string> }
              const field = failure?.errors ? Object.keys(failure.errors)[0] : undefined
              return { message: failureMessage(event.error, TAG_SAVE_FAILED), field }
            },
          }),
        },
      },
    },
  },
})
