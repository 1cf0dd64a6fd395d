import { assign, fromPromise, raise, setup, spawnChild } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'
import type { AwsAccount } from '../domain/aws-account.ts'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'

export const AWS_ACCOUNTS_LOAD_FAILED = 'Could not load your AWS accounts. Check your connection and try again.'
export const AWS_ACCOUNT_REMOVED = 'AWS account removed'
export const AWS_ACCOUNT_SYNCED = 'Read from AWS'
/** While an account waits for its first read, the list asks again this often. */
export const AWS_PENDING_RECHECK_MS = 4000

export interface AwsAccountList {
  accounts: AwsAccount[]
}

/** What can run on one account from the list: a re-test of its credentials, or a read now. */
export type AwsAccountAction = 'test' | 'sync'
/** An action's answer: the account as it now is, and whether it went well, in words. */
export interface AwsActionAnswer {
  account: AwsAccount
  ok: boolean
  message: string
}

interface Context extends ListPageContext<AwsAccount> {
  list: AwsAccountList | null
  /** What runs on each account now, by id (one thing at a time per account). */
  busy: Record<string, AwsAccountAction>
}

// Spawned per account as `action.<id>`, so a slow read of one account holds up no other.
const PREFIX = 'action.'
type ChildDone = { type: `xstate.done.actor.${string}`; output: AwsActionAnswer; actorId: string }
type ChildError = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _, ...rest } = record
  return rest
}
const replaced = (list: AwsAccountList | null, account: AwsAccount): AwsAccountList | null =>
  list && {
    accounts: list.accounts.some((a) => a.id === account.id)
      ? list.accounts.map((a) => (a.id === account.id ? account : a))
      : [...list.accounts, account],
  }

export type AwsAccountsEvent =
  | { type: 'awsAccounts.refresh' }
  | { type: 'awsAccount.run'; account: AwsAccount; action: AwsAccountAction }
  | { type: 'awsAccount.remove'; account: AwsAccount }
  | { type: 'awsAccount.confirm' }
  | { type: 'awsAccount.cancel' }
  /** The form saved an account (connected or changed). */
  | { type: 'awsAccount.saved'; account: AwsAccount }
  | ChildDone
  | ChildError

const awsAccounts = setup({
  types: {} as { context: Context; events: AwsAccountsEvent },
  actors: {
    fetchAccounts: fromPromise<AwsAccountList>(async () => {
      throw new Error('fetchAccounts: not provided')
    }),
    runAction: fromPromise<AwsActionAnswer, { id: string; action: AwsAccountAction }>(async () => {
      throw new Error('runAction: not provided')
    }),
    removeAccount: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('removeAccount: not provided')
    }),
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
const actionAnswers = awsAccounts.createStateConfig({
  on: {
    'xstate.done.actor.action.*': {
      actions: [
        assign(({ context, event }) => {
          const { actorId, output } = event as ChildDone
          return {
            list: replaced(context.list, output.account),
            busy: without(context.busy, actorId.slice(PREFIX.length)),
          }
        }),
        {
          type: 'notify',
          params: ({ event }) => {
            const { output } = event as ChildDone
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
          params: ({ event }) => ({ title: failureMessage((event as ChildError).error, ACTION_FAILED), type: 'error' }),
        },
      ],
    },
  },
})

// While ready, each account can be re-tested or read now, one thing at a time per account.
const accountActions = awsAccounts.createStateConfig({
  on: {
    'awsAccount.run': {
      guard: 'isIdle',
      actions: [
        assign({ busy: ({ context, event }) => ({ ...context.busy, [event.account.id]: event.action }) }),
        spawnChild('runAction', {
          id: ({ event }) => `${PREFIX}${(event as { account: AwsAccount }).account.id}`,
          input: ({ event }) => {
            const e = event as Extract<AwsAccountsEvent, { type: 'awsAccount.run' }>
            return { id: e.account.id, action: e.action }
          },
        }),
      ],
    },
  },
})

// An account not read yet: the list is read again until its first read is stored. No timer runs while none waits.
const pendingWatch = awsAccounts.createStateConfig({
  initial: 'idle',
  states: {
    idle: { always: { guard: 'anyPending', target: 'waiting' } },
    waiting: {
      after: {
        [AWS_PENDING_RECHECK_MS]: [
          { guard: 'anyPending', target: 'waiting', reenter: true, actions: raise({ type: 'awsAccounts.refresh' }) },
          { target: 'idle' },
        ],
      },
    },
  },
})

// The AWS Monitoring page's accounts: load them, re-test or read each (one thing at a time per account), remove one
// after the spec's confirmation dialog (with its monitors), take in what the form saved, and while an account waits
// for its first read, ask again every few seconds.
export const awsAccountsMachine = listPageMachine(awsAccounts.createMachine)({
  id: 'awsAccounts',
  context: { list: null, error: null, busy: {}, removing: null },
  data: 'list',
  load: {
    src: 'fetchAccounts',
    id: 'fetchAccounts',
    refreshId: 'refreshAccounts',
    failure: AWS_ACCOUNTS_LOAD_FAILED,
    region: 'list',
    refresh: 'awsAccounts.refresh',
    restart: false,
  },
  remove: {
    src: 'removeAccount',
    id: 'removeAccount',
    input: (account) => ({ id: account.id }),
    ask: { 'awsAccount.remove': (event) => event.account },
    guard: 'isIdle',
    confirm: 'awsAccount.confirm',
    cancel: 'awsAccount.cancel',
    removed: ({ list, busy }, account) => ({
      list: list && { accounts: list.accounts.filter((a) => a.id !== account.id) },
      busy: without(busy, account.id),
    }),
    done: () => AWS_ACCOUNT_REMOVED,
    failure: ACTION_FAILED,
  },
  saved: { 'awsAccount.saved': ({ list }, event) => ({ list: replaced(list, event.account) }) },
  on: actionAnswers.on,
  ready: { on: accountActions.on, states: { pending: pendingWatch } },
})
