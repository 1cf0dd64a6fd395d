import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Integration } from '@vigil/domain/integration.schema'
import {
  INTEGRATION_ACTION_FAILED,
  INTEGRATION_REMOVED,
  INTEGRATIONS_LOAD_FAILED,
  type IntegrationList,
  integrationsMachine,
  TEST_FAILED,
} from '../../src/machines/integrations.machine.ts'
import { delivery, emailIntegration, failedDelivery, slackIntegration } from '../fixtures/integrations.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const slack = slackIntegration()
const list = (...integrations: Integration[]): IntegrationList => ({ integrations, slack_install_available: true })
const { done, error } = actorEvents(integrationsMachine)
const loaded = done('fetchIntegrations', list(slack))
const signedOut = error('fetchIntegrations', { status: 401, message: 'Not signed in.' })
const unreachable = error('fetchIntegrations', { status: 0 })
const refresh = { type: 'integrations.refresh' } as const
const refreshed = done('refreshIntegrations', list(slack, emailIntegration()))
const refreshSignedOut = error('refreshIntegrations', { status: 401 })
const refreshFailed = error('refreshIntegrations', { status: 503, message: 'Database unavailable' })
const toggle = { type: 'integration.toggle', integration: slack, enabled: false } as const
const test = { type: 'integration.test', integration: slack } as const
const del = { type: 'integration.delete', integration: slack } as const
const confirm = { type: 'integration.confirm' } as const
const cancel = { type: 'integration.cancel' } as const
const saved = { type: 'integration.saved', integration: emailIntegration() } as const
// The spawned children's answers, as the machine receives them: `<what>.<integration id>`.
const child = (what: 'toggle' | 'test', id = slack.id) => ({
  done: (output: unknown) =>
    ({ type: `xstate.done.actor.${what}.${id}`, output, actorId: `${what}.${id}` }) as unknown as typeof toggle,
  error: (err: unknown) =>
    ({ type: `xstate.error.actor.${what}.${id}`, error: err, actorId: `${what}.${id}` }) as unknown as typeof toggle,
})
const toggled = child('toggle').done(slackIntegration({ enabled: false }))
const toggleRefused = child('toggle').error({ status: 404, message: 'Integration not found.' })
const tested = child('test').done(delivery())
const testUnreachable = child('test').error({ status: 0 })
const removed = done('deleteIntegration', 'Integration deleted.')
const removeFailed = error('deleteIntegration', { status: 500 })

describe('integrations machine paths', () => {
  const reached = reachedStateNodes(integrationsMachine, {
    events: [
      loaded,
      signedOut,
      unreachable,
      refresh,
      refreshed,
      refreshSignedOut,
      refreshFailed,
      del,
      confirm,
      cancel,
      removed,
      removeFailed,
    ],
  })
  it.each(stateNodeIds(integrationsMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the channels once loaded; a 401 asks the visitor to sign in; other failures say why', () => {
    const ready = journey(integrationsMachine, [loaded]).state
    expect(ready.value).toEqual({ ready: { list: 'idle', removal: 'idle' } })
    expect(ready.context.list).toEqual(list(slack))
    expect(journey(integrationsMachine, [signedOut]).state.value).toBe('signedOut')
    const failed = journey(integrationsMachine, [unreachable]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(INTEGRATIONS_LOAD_FAILED)
    expect(journey(integrationsMachine, [unreachable, refresh, loaded]).state.matches('ready')).toBe(true)
    expect(journey(integrationsMachine, [signedOut, refresh]).state.value).toBe('loading')
  })

  it('refreshes in the background, keeping the channels when that fails, and leaves when the session ended', () => {
    const refreshing = journey(integrationsMachine, [loaded, refresh]).state
    expect(refreshing.matches({ ready: { list: 'refreshing' } })).toBe(true)
    expect(refreshing.context.list).toEqual(list(slack))
    expect(journey(integrationsMachine, [loaded, refresh, refreshed]).state.context.list?.integrations).toHaveLength(2)
    const failed = journey(integrationsMachine, [loaded, refresh, refreshFailed]).state
    expect(failed.matches({ ready: { list: 'idle' } })).toBe(true)
    expect(failed.context).toMatchObject({ list: list(slack), error: 'Database unavailable' })
    expect(journey(integrationsMachine, [loaded, refresh, refreshSignedOut]).state.value).toBe('signedOut')
  })

  it('switches a channel on or off and takes the stored channel; a refusal is told and frees the channel', () => {
    const busy = journey(integrationsMachine, [loaded, toggle]).state
    expect(busy.context.busy).toEqual({ [slack.id]: 'toggling' })
    // One thing at a time per channel.
    expect(journey(integrationsMachine, [loaded, toggle, test]).state.context.busy).toEqual({ [slack.id]: 'toggling' })
    const after = journey(integrationsMachine, [loaded, toggle, toggled]).state
    expect(after.context.busy).toEqual({})
    expect(after.context.list?.integrations[0]?.enabled).toBe(false)
    const refused = journey(integrationsMachine, [loaded, toggle, toggleRefused]).state
    expect(refused.context.busy).toEqual({})
    expect(refused.context.list?.integrations[0]?.enabled).toBe(true)
  })

  it('keeps the outcome of a test per channel and reads the list again after it', () => {
    const sending = journey(integrationsMachine, [loaded, test]).state
    expect(sending.context.busy).toEqual({ [slack.id]: 'testing' })
    const sent = journey(integrationsMachine, [loaded, test, tested]).state
    expect(sent.context.tests).toEqual({ [slack.id]: { delivery: delivery(), error: null } })
    expect(sent.context.busy).toEqual({})
    expect(sent.matches({ ready: { list: 'refreshing' } })).toBe(true)
    const failed = journey(integrationsMachine, [loaded, test, testUnreachable]).state
    expect(failed.context.tests).toEqual({ [slack.id]: { delivery: null, error: TEST_FAILED } })
    // A new test clears the last outcome while it runs.
    expect(journey(integrationsMachine, [loaded, test, tested, test]).state.context.tests).toEqual({})
  })

  it('removes a channel only after the confirmation, and forgets its test outcome', () => {
    expect(journey(integrationsMachine, [loaded, del]).state.matches({ ready: { removal: 'confirming' } })).toBe(true)
    const cancelled = journey(integrationsMachine, [loaded, del, cancel]).state
    expect(cancelled.matches({ ready: { removal: 'idle' } })).toBe(true)
    expect(cancelled.context.list?.integrations).toHaveLength(1)
    const gone = journey(integrationsMachine, [loaded, test, tested, del, confirm, removed]).state
    expect(gone.context.list?.integrations).toEqual([])
    expect(gone.context.tests).toEqual({})
    expect(gone.context.removing).toBeNull()
    const kept = journey(integrationsMachine, [loaded, del, confirm, removeFailed]).state
    expect(kept.context.list?.integrations).toHaveLength(1)
    // A channel that is busy cannot be removed until it is free.
    expect(journey(integrationsMachine, [loaded, test, del]).state.matches({ ready: { removal: 'idle' } })).toBe(true)
  })

  it('adds a saved channel to the list, or replaces the one it changed', () => {
    expect(journey(integrationsMachine, [loaded, saved]).state.context.list?.integrations).toEqual([
      slack,
      emailIntegration(),
    ])
    const renamed = slackIntegration({ name: 'Ops' })
    const state = journey(integrationsMachine, [loaded, { type: 'integration.saved', integration: renamed }]).state
    expect(state.context.list?.integrations).toEqual([renamed])
  })
})

describe('integrations machine, run', () => {
  it('tests two channels at once, switches one off, and removes one, through the provided effects', async () => {
    const email = emailIntegration()
    const notices: { title: string; type: string }[] = []
    const releases: Array<() => void> = []
    const calls: string[] = []
    const actor = createActor(
      integrationsMachine.provide({
        actors: {
          fetchIntegrations: fromPromise(async () => list(slack, email)),
          setEnabled: fromPromise(async ({ input }) => {
            calls.push(`enable ${input.id} ${input.enabled}`)
            return slackIntegration({ enabled: input.enabled })
          }),
          testIntegration: fromPromise(async ({ input }) => {
            calls.push(`test ${input.id}`)
            // Each test waits until the test releases it, so both run at once.
            await new Promise<void>((release) => releases.push(release))
            if (input.id === email.id) throw { status: 0 }
            return input.id === slack.id ? delivery() : failedDelivery()
          }),
          deleteIntegration: fromPromise(async ({ input }) => {
            calls.push(`delete ${input.id}`)
            return 'deleted'
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'integration.test', integration: slack })
    actor.send({ type: 'integration.test', integration: email })
    expect(actor.getSnapshot().context.busy).toEqual({ [slack.id]: 'testing', [email.id]: 'testing' })
    await vi.waitFor(() => expect(releases).toHaveLength(2))
    for (const release of releases) release()
    await waitFor(actor, (s) => Object.keys(s.context.busy).length === 0)
    expect(actor.getSnapshot().context.tests).toEqual({
      [slack.id]: { delivery: delivery(), error: null },
      [email.id]: { delivery: null, error: TEST_FAILED },
    })
    expect(actor.getSnapshot().status).toBe('active')

    actor.send({ type: 'integration.toggle', integration: slack, enabled: false })
    await waitFor(actor, (s) => Object.keys(s.context.busy).length === 0)
    expect(actor.getSnapshot().context.list?.integrations.find((i) => i.id === slack.id)?.enabled).toBe(false)

    actor.send({ type: 'integration.delete', integration: email })
    actor.send({ type: 'integration.confirm' })
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }) && s.context.list?.integrations.length === 1)
    expect(calls).toEqual([`test ${slack.id}`, `test ${email.id}`, `enable ${slack.id} false`, `delete ${email.id}`])
    expect(notices).toEqual([{ title: INTEGRATION_REMOVED, type: 'success' }])
    actor.stop()
  })

  it('tells of a refused toggle and stays active', async () => {
    const notices: { title: string; type: string }[] = []
    const actor = createActor(
      integrationsMachine.provide({
        actors: {
          fetchIntegrations: fromPromise(async () => list(slack)),
          setEnabled: fromPromise<Integration, { id: string; enabled: boolean }>(async () => {
            throw { status: 0 }
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'integration.toggle', integration: slack, enabled: false })
    await vi.waitFor(() => expect(notices).toEqual([{ title: INTEGRATION_ACTION_FAILED, type: 'error' }]))
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.busy).toEqual({})
    actor.stop()
  })
})
