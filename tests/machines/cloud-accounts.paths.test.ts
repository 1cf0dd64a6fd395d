import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { AwsAccount } from '@vigil/domain/aws-account'
import {
  cloudAccountsMachine,
  cloudAccountTexts,
  PENDING_RECHECK_MS,
} from '../../src/machines/cloud-accounts.machine.ts'
import { awsAccount } from '../fixtures/aws.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

// One provider's machine stands for all: they differ only in their words.
const awsAccountsMachine = cloudAccountsMachine<AwsAccount>('aws')
const texts = cloudAccountTexts('aws')
const prod = awsAccount()
const { done, error } = actorEvents(awsAccountsMachine)
const loaded = (...accounts: AwsAccount[]) => done('fetchAccounts', { accounts })
const unreachable = error('fetchAccounts', { status: 0 })
const refresh = { type: 'accounts.refresh' } as const
const refreshed = done('refreshAccounts', { accounts: [prod, awsAccount({ id: 'a2', name: 'Staging' })] })
const run = (action: 'test' | 'sync', account = prod) => ({ type: 'account.run', account, action }) as const
const answered = (output: { account: AwsAccount; ok: boolean; message: string }) =>
  ({ type: `xstate.done.actor.action.${output.account.id}`, output, actorId: `action.${output.account.id}` }) as never
const refused = { type: 'xstate.error.actor.action.a1', error: { status: 409 }, actorId: 'action.a1' } as never
const remove = { type: 'account.remove', account: prod } as const
const confirm = { type: 'account.confirm' } as const
const cancel = { type: 'account.cancel' } as const
const removed = done('removeAccount', 'AWS account removed.')
const tick = { type: `xstate.after.${PENDING_RECHECK_MS}.awsAccounts.ready.pending.waiting` } as never

describe('cloud accounts machine paths', () => {
  const reached = reachedStateNodes(awsAccountsMachine, {
    events: [
      loaded(prod),
      loaded(awsAccount({ status: 'pending', synced_at: null })),
      unreachable,
      refresh,
      refreshed,
      remove,
      confirm,
      cancel,
      removed,
    ],
  })
  it.each(stateNodeIds(awsAccountsMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('loads the accounts, or says why not and loads again on request', () => {
    expect(journey(awsAccountsMachine, [loaded(prod)]).state.context.list).toEqual({ accounts: [prod] })
    const failed = journey(awsAccountsMachine, [unreachable]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(texts.loadFailed)
    expect(journey(awsAccountsMachine, [unreachable, refresh, loaded(prod)]).state.matches('ready')).toBe(true)
  })

  it('runs one thing at a time on an account, and takes in the account as the answer has it', () => {
    const busy = journey(awsAccountsMachine, [loaded(prod), run('sync')]).state
    expect(busy.context.busy).toEqual({ a1: 'sync' })
    // A second ask while one runs changes nothing.
    expect(journey(awsAccountsMachine, [loaded(prod), run('sync'), run('test')]).state.context.busy).toEqual({
      a1: 'sync',
    })
    const failing = awsAccount({ status: 'error', last_error: 'The access key was deactivated.' })
    const after = journey(awsAccountsMachine, [
      loaded(prod),
      run('test'),
      answered({ account: failing, ok: false, message: 'The access key was deactivated.' }),
    ]).state
    expect(after.context.busy).toEqual({})
    expect(after.context.list?.accounts).toEqual([failing])
    expect(journey(awsAccountsMachine, [loaded(prod), run('sync'), refused]).state.context.busy).toEqual({})
  })

  it('removes an account after the confirmation, and not while something runs on it', () => {
    expect(journey(awsAccountsMachine, [loaded(prod), run('sync'), remove]).state.context.removing).toBeNull()
    const confirming = journey(awsAccountsMachine, [loaded(prod), remove]).state
    expect(confirming.matches({ ready: { removal: 'confirming' } })).toBe(true)
    expect(journey(awsAccountsMachine, [loaded(prod), remove, cancel]).state.context.list?.accounts).toHaveLength(1)
    const gone = journey(awsAccountsMachine, [loaded(prod), remove, confirm, removed]).state
    expect(gone.context.list?.accounts).toEqual([])
  })

  it('reads the list again while an account waits for its first read, and only then', () => {
    const pending = awsAccount({ status: 'pending', synced_at: null })
    expect(journey(awsAccountsMachine, [loaded(pending), tick]).state.matches({ ready: { list: 'refreshing' } })).toBe(
      true,
    )
    expect(journey(awsAccountsMachine, [loaded(prod), tick]).state.matches({ ready: { list: 'idle' } })).toBe(true)
    // Nothing waits for a first read: no timer runs.
    expect(journey(awsAccountsMachine, [loaded(prod)]).state.matches({ ready: { pending: 'idle' } })).toBe(true)
    expect(journey(awsAccountsMachine, [loaded(pending)]).state.matches({ ready: { pending: 'waiting' } })).toBe(true)
  })
})

describe('cloud accounts machine, run', () => {
  it('re-tests through the provided action and toasts what AWS said', async () => {
    const toasts: string[] = []
    const actor = createActor(
      awsAccountsMachine.provide({
        actors: {
          fetchAccounts: fromPromise(async () => ({ accounts: [prod] })),
          runAction: fromPromise(async ({ input }) => ({ account: prod, ok: true, message: `${input.action} ok` })),
          removeAccount: fromPromise<unknown, { id: string }>(async () => 'removed'),
        },
        actions: { notify: (_, { title }) => void toasts.push(title) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(run('test'))
    await waitFor(actor, (s) => Object.keys(s.context.busy).length === 0)
    actor.send(remove)
    actor.send(confirm)
    await waitFor(actor, (s) => s.context.list?.accounts.length === 0)
    expect(toasts).toEqual(['test ok', texts.removed])
    actor.stop()
  })
})
