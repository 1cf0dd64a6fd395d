import { failureMessage } from '@vigil/domain/api-failure'
import { CLOUD_PROVIDER_WORDS, type CloudAccountStatus, type CloudProvider } from '@vigil/domain/cloud-account'
import { assign, raise, setup, spawnChild } from 'xstate'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'
import { toProvide } from './to-provide.ts'

/** What a provider's list page says: when the list cannot load, once an account is removed, once one is read. */
export const cloudAccountTexts = (provider: CloudProvider) => {
  const words = CLOUD_PROVIDER_WORDS[provider]
  return {
    loadFailed: `Could not load your ${words.accounts}. Check your connection and try again.`,
    removed: `${words.account} removed`,
    synced: `Read from ${words.source}`,
  }
}
/** While an account waits for its first read, the list asks again this often. */
export const PENDING_RECHECK_MS = 4000

/** What the list needs of any provider's account. */
export interface CloudAccountItem {
  id: string
  name: string
  status: CloudAccountStatus
}

export interface CloudAccountList<A extends CloudAccountItem> {
  accounts: A[]
}

/** What can run on one account from the list: a re-test of its credentials, or a read now. */
export type CloudAccountAction = 'test' | 'sync'
/** An action's answer: the account as it now is, and whether it went well, in words. */
export interface CloudActionAnswer<A extends CloudAccountItem> {
  account: A
  ok: boolean
  message: string
}

interface Context<A extends CloudAccountItem> extends ListPageContext<A> {
  list: CloudAccountList<A> | null
  /** What runs on each account now, by id (one thing at a time per account). */
  busy: Record<string, CloudAccountAction>
}

// Spawned per account as `action.<id>`, so a slow read of one account holds up no other.
const PREFIX = 'action.'
type ChildError = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _, ...rest } = record
  return rest
}
const replaced = <A extends CloudAccountItem>(
  list: CloudAccountList<A> | null,
  account: A,
): CloudAccountList<A> | null =>
  list && {
    accounts: list.accounts.some((a) => a.id === account.id)
      ? list.accounts.map((a) => (a.id === account.id ? account : a))
      : [...list.accounts, account],
  }

export type CloudAccountsEvent<A extends CloudAccountItem> =
  | { type: 'accounts.refresh' }
  | { type: 'account.run'; account: A; action: CloudAccountAction }
  | { type: 'account.remove'; account: A }
  | { type: 'account.confirm' }
  | { type: 'account.cancel' }
  /** The form saved an account (connected or changed). */
  | { type: 'account.saved'; account: A }
  | ChildDone<A>
  | ChildError

type ChildDone<A extends CloudAccountItem> = {
  type: `xstate.done.actor.${string}`
  output: CloudActionAnswer<A>
  actorId: string
}

/**
 * A provider's accounts on its list page (AWS Monitoring, Azure Monitoring, Microsoft 365): load them, re-test or
 * read each (one thing at a time per account), remove one after the spec's confirmation dialog (with its monitors),
 * take in what the form saved, and while an account waits for its first read, ask again every few seconds.
 */
export const cloudAccountsMachine = <A extends CloudAccountItem>(provider: CloudProvider) => {
  const texts = cloudAccountTexts(provider)
  type Done = ChildDone<A>
  type Event = CloudAccountsEvent<A>

  const accounts = setup({
    types: {} as { context: Context<A>; events: Event },
    actors: {
      fetchAccounts: toProvide<CloudAccountList<A>>('fetchAccounts'),
      runAction: toProvide<CloudActionAnswer<A>, { id: string; action: CloudAccountAction }>('runAction'),
      removeAccount: toProvide<unknown, { id: string }>('removeAccount'),
    },
    actions: {
      notify: (_, _params: Notice) => {},
    },
    guards: {
      isIdle: ({ context, event }) => 'account' in event && !(event.account.id in context.busy),
      anyPending: ({ context }) => context.list?.accounts.some((a) => a.status === 'pending') ?? false,
    },
  })

  // An action may end after a refresh: its answer is taken in wherever the page is.
  const actionAnswers = accounts.createStateConfig({
    on: {
      'xstate.done.actor.action.*': {
        actions: [
          assign(({ context, event }) => {
            const { actorId, output } = event as Done
            return {
              list: replaced(context.list, output.account),
              busy: without(context.busy, actorId.slice(PREFIX.length)),
            }
          }),
          {
            type: 'notify',
            params: ({ event }) => {
              const { output } = event as Done
              return { title: output.message, type: output.ok ? 'success' : 'error' }
            },
          },
        ],
      },
      'xstate.error.actor.action.*': {
        actions: [
          assign({
            busy: ({ context, event }) => without(context.busy, (event as ChildError).actorId.slice(PREFIX.length)),
          }),
          {
            type: 'notify',
            params: ({ event }) => ({
              title: failureMessage((event as ChildError).error, ACTION_FAILED),
              type: 'error',
            }),
          },
        ],
      },
    },
  })

  // While ready, each account can be re-tested or read now, one thing at a time per account.
  const accountActions = accounts.createStateConfig({
    on: {
      'account.run': {
        guard: 'isIdle',
        actions: [
          assign({ busy: ({ context, event }) => ({ ...context.busy, [event.account.id]: event.action }) }),
          spawnChild('runAction', {
            id: ({ event }) => `${PREFIX}${(event as { account: A }).account.id}`,
            input: ({ event }) => {
              const e = event as Extract<Event, { type: 'account.run' }>
              return { id: e.account.id, action: e.action }
            },
          }),
        ],
      },
    },
  })

  // An account not read yet: the list is read again until its first read is stored. No timer runs while none waits.
  const pendingWatch = accounts.createStateConfig({
    initial: 'idle',
    states: {
      idle: { always: { guard: 'anyPending', target: 'waiting' } },
      waiting: {
        after: {
          [PENDING_RECHECK_MS]: [
            { guard: 'anyPending', target: 'waiting', reenter: true, actions: raise({ type: 'accounts.refresh' }) },
            { target: 'idle' },
          ],
        },
      },
    },
  })

  return listPageMachine(accounts.createMachine)({
    id: `${provider}Accounts`,
    context: { list: null, error: null, busy: {}, removing: null },
    data: 'list',
    load: {
      src: 'fetchAccounts',
      refreshId: 'refreshAccounts',
      failure: texts.loadFailed,
      region: 'list',
      refresh: 'accounts.refresh',
      restart: false,
    },
    remove: {
      src: 'removeAccount',
      ask: { 'account.remove': (event: Extract<Event, { type: 'account.remove' }>) => event.account },
      guard: 'isIdle',
      confirm: 'account.confirm',
      cancel: 'account.cancel',
      removed: ({ list, busy }: Context<A>, account: A) => ({
        list: list && { accounts: list.accounts.filter((a) => a.id !== account.id) },
        busy: without(busy, account.id),
      }),
      done: () => texts.removed,
      failure: ACTION_FAILED,
    },
    saved: {
      'account.saved': ({ list }: Context<A>, event: Extract<Event, { type: 'account.saved' }>) => ({
        list: replaced(list, event.account),
      }),
    },
    on: actionAnswers.on,
    ready: { on: accountActions.on, states: { pending: pendingWatch } },
  })
}
