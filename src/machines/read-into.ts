import { failureMessage } from '@vigil/domain/api-failure'
import { assign, type DoneActorEvent, type ErrorActorEvent } from 'xstate'

/** What a machine that reads something for a page holds. */
export interface Loaded<T> {
  /** The last answer; kept while a new read runs or fails, so the page does not flicker. */
  data: T | null
  error: string | null
}

/**
 * The invoke of a state that reads (`src`, an actor the adapter provides): its answer becomes `data` and the
 * machine goes to `ready`; its failure becomes `error`, in words (`fallback` when it has none), and the machine
 * goes to `failed`. Shared by the load-once and polling machines and the incidents and deliveries lists.
 */
// `never` for the events these actions send: assign sends none, so they fit any machine.
export const readInto = <T, S extends string>(src: S, failed: string, fallback: string) => ({
  id: src,
  src,
  onDone: {
    target: 'ready',
    actions: assign<Loaded<T>, DoneActorEvent<T>, undefined, never, never>({
      data: ({ event }) => event.output,
      error: null,
    }),
  },
  onError: {
    target: failed,
    actions: assign<Loaded<T>, ErrorActorEvent, undefined, never, never>({
      error: ({ event }) => failureMessage(event.error, fallback),
    }),
  },
})
