import { failureMessage } from '@vigil/domain/api-failure'
import {
  type AnyEventObject,
  assign,
  type ContextFrom,
  type EventFrom,
  type InputFrom,
  type MachineContext,
} from 'xstate'

/** What a refused action says when the server gives no message. */
export const ACTION_FAILED = 'Something went wrong. Please try again.'

/** A toast the page asks for through its provided `notify` action. */
export type Notice = { title: string; type: 'success' | 'error' }

/** What every list page holds besides its data and its own parts. */
export interface ListPageContext<TItem> {
  /** Why the last load or refresh failed. */
  error: string | null
  /** What the confirmation dialog asks about, and then removes. */
  removing: TItem | null
}

type EventNamed<E, T> = Extract<E, { type: T }>
type Item<C> = C extends { removing: infer T } ? NonNullable<T> : never
// A page's own state config, typed where the page writes it (its setup's createStateConfig).
type StateConfig = Record<string, any>

/**
 * A page's names for the list page flow, and what differs, for its machine `M` (its context, events and input).
 * Actors and guards are named as the page's `setup` declares them.
 */
export interface ListPageOptions<M, C = ContextFrom<M>, E = EventFrom<M>, T extends string = EventFrom<M>['type']> {
  /** The machine's id. */
  id: string
  context: C | ((args: { input: InputFrom<M> }) => C)
  /** Where the context keeps the data ('list', 'detail'). */
  data: keyof C & string
  load: {
    /** The actor that reads the data, invoked under its own name to load and as `refreshId` to read again. */
    src: string
    refreshId: string
    /** Its input, from the context (the page's id). */
    input?: (context: C) => unknown
    /** What a failure says when the server gives no message. */
    failure: string
    /** The parallel region of `ready` that refreshes ('list', 'data'). */
    region: string
    /** The event that loads again: after a failure, and in the background once ready. */
    refresh: T
    /** A refresh asked for while one runs starts it again, so the answer is no older than the ask (else: ignored). */
    restart: boolean
    /**
     * A failure that this guard (by name, given `{ error }`) picks leaves for the `target` state instead of saying
     * why: the API's 401 on a page outside the session guard.
     */
    leave?: { guard: string; target: string }
  }
  remove: {
    /** The actor that removes the item, invoked under its own name once the user confirmed. */
    src: string
    /** What it is given; the item's id unless told otherwise. */
    input?: (item: Item<C>, context: C) => unknown
    /** The events that ask to remove an item, each with the item it names. */
    ask: { [K in T]?: (event: EventNamed<E, K>) => Item<C> }
    /** A guard (by name) that must hold for the question to be asked (the item is not busy). */
    guard?: string
    confirm: T
    cancel: T
    /** The context once the item is gone: the data without it, and whatever else goes with it. */
    removed: (context: C, item: Item<C>) => Partial<C>
    /** The toast after a removal. */
    done: (item: Item<C>) => string
    /** What a refused removal says when the server gives no message. */
    failure: string
  }
  /** Events that bring what a form saved, each with the context that takes it in. */
  saved?: { [K in T]?: (context: C, event: EventNamed<E, K>) => Partial<C> }
  /** The page's own parts: handlers at the root (answers of spawned children), further states (sign in). */
  on?: StateConfig
  states?: Record<string, StateConfig>
  /** Handlers while ready, and further parallel regions of `ready` (a publication). */
  ready?: { on?: StateConfig; states?: Record<string, StateConfig> }
}

/**
 * The flow of a page that lists what the user has (channels, status pages, one page's incidents): load it, or say
 * why not and load again on request; once ready, read it again in the background (what is shown stays), take in
 * what a form saved, and remove an item after the spec's confirmation dialog, with a toast either way. It is built
 * on the page's own `setup`, whose actors, guards and `notify` action it names; the page adds its own states,
 * regions and handlers. Curried, so TypeScript reads the machine's type from the setup before it checks the options:
 *
 *   export const statusPagesMachine = listPageMachine(statusPages.createMachine)({ id: 'statusPages', ... })
 */
export const listPageMachine =
  <M>(createMachine: (config: any) => M) =>
  (options: ListPageOptions<M>): M => {
    // Inside, the page's context and events are any context and event: the options' types checked them at the page.
    type C = ContextFrom<M>
    type Args = { context: MachineContext; event: AnyEventObject }
    // A handler of the options, called with the context and event it was typed for.
    type Handler = (...args: any[]) => any
    const { id, data, load, remove } = options
    const loaded = assign(({ event }: Args) => ({ [data]: event.output, error: null }))
    const failed = (fallback: string) => assign({ error: ({ event }: Args) => failureMessage(event.error, fallback) })
    const leave = (to: (target: string) => string) =>
      load.leave
        ? [
            {
              guard: { type: load.leave.guard, params: ({ event }: Args) => ({ error: event.error }) },
              target: to(load.leave.target),
            },
          ]
        : []
    const reader = { src: load.src, ...(load.input && { input: ({ context }: Args) => load.input?.(context as C) }) }
    const item = (context: MachineContext) => context.removing as Item<C>
    // Most removals need only the item's id.
    const removalInput = remove.input ?? ((removing: Item<C>) => ({ id: (removing as { id?: string }).id }))
    /** A transition per event of `handlers`. */
    const per = (handlers: object | undefined, transition: (handler: Handler) => object) =>
      Object.fromEntries(Object.entries(handlers ?? {}).map(([type, handler]) => [type, transition(handler)]))

    return createMachine({
      id,
      context: options.context,
      initial: 'loading',
      on: options.on,
      states: {
        loading: {
          invoke: {
            id: load.src,
            ...reader,
            onDone: { target: 'ready', actions: loaded },
            onError: [...leave((target) => target), { target: 'failed', actions: failed(load.failure) }],
          },
        },
        failed: { on: { [load.refresh]: 'loading' } },
        ...options.states,
        ready: {
          type: 'parallel',
          on: {
            ...per(options.saved, (take) => ({ actions: assign(({ context, event }: Args) => take(context, event)) })),
            ...options.ready?.on,
          },
          states: {
            [load.region]: {
              initial: 'idle',
              states: {
                idle: { on: { [load.refresh]: 'refreshing' } },
                // Read again in the background: what the page shows stays meanwhile.
                refreshing: {
                  ...(load.restart && { on: { [load.refresh]: { target: 'refreshing', reenter: true } } }),
                  invoke: {
                    id: load.refreshId,
                    ...reader,
                    onDone: { target: 'idle', actions: loaded },
                    onError: [
                      ...leave((target) => `#${id}.${target}`),
                      { target: 'idle', actions: failed(load.failure) },
                    ],
                  },
                },
              },
            },
            ...options.ready?.states,
            removal: {
              initial: 'idle',
              states: {
                idle: {
                  on: per(remove.ask, (itemOf) => ({
                    ...(remove.guard && { guard: remove.guard }),
                    target: 'confirming',
                    actions: assign({ removing: ({ event }: Args) => itemOf(event) }),
                  })),
                },
                // The confirmation dialog is open.
                confirming: {
                  on: {
                    [remove.confirm]: 'removing',
                    [remove.cancel]: { target: 'idle', actions: assign({ removing: null }) },
                  },
                },
                removing: {
                  invoke: {
                    id: remove.src,
                    src: remove.src,
                    input: ({ context }: Args) => removalInput(item(context), context as C),
                    onDone: {
                      target: 'idle',
                      actions: [
                        {
                          type: 'notify',
                          params: ({ context }: Args): Notice => ({
                            title: remove.done(item(context)),
                            type: 'success',
                          }),
                        },
                        assign(({ context }: Args) => ({
                          ...remove.removed(context as C, item(context)),
                          removing: null,
                        })),
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: [
                        assign({ removing: null }),
                        {
                          type: 'notify',
                          params: ({ event }: Args): Notice => ({
                            title: failureMessage(event.error, remove.failure),
                            type: 'error',
                          }),
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    })
  }
