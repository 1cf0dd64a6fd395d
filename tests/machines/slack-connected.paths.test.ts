import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { INTEGRATIONS_LOAD_FAILED, type IntegrationList, TEST_FAILED } from '../../src/machines/integrations.machine.ts'
import { SLACK_NO_ANSWER, slackConnectedMachine } from '../../src/machines/slack-connected.machine.ts'
import { delivery, emailIntegration, failedDelivery, slackIntegration } from '../fixtures/integrations.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds, valuesAlong } from './traversal.ts'

const slack = slackIntegration()
const connected = { integrationId: slack.id, error: null }
const refusedInput = { integrationId: null, error: 'The Slack workspace did not grant access.' }
const { done, error } = actorEvents(slackConnectedMachine)
const listed = done('fetchIntegrations', { integrations: [emailIntegration(), slack], slack_install_available: true })
const notListed = done('fetchIntegrations', { integrations: [emailIntegration()], slack_install_available: true })
const signedOut = error('fetchIntegrations', { status: 401 })
const unreachable = error('fetchIntegrations', { status: 0 })
const retry = { type: 'slack.retry' } as const
const test = { type: 'slack.test' } as const
const delivered = done('testIntegration', delivery())
const rejected = done('testIntegration', failedDelivery())
const testUnreachable = error('testIntegration', { status: 0 })

describe('slack connected machine paths', () => {
  const events = [listed, notListed, signedOut, unreachable, retry, test, delivered, testUnreachable]
  const reached = new Set([
    ...reachedStateNodes(slackConnectedMachine, { input: connected, events }),
    ...reachedStateNodes(slackConnectedMachine, { input: refusedInput, events }),
  ])
  it.each(stateNodeIds(slackConnectedMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('shows the refusal Slack or the server sent, or says nothing came back', () => {
    const { state } = journey(slackConnectedMachine, [], refusedInput)
    expect(state.value).toBe('refused')
    expect(state.context.error).toBe('The Slack workspace did not grant access.')
    const empty = journey(slackConnectedMachine, [], { integrationId: null, error: null }).state
    expect(empty.value).toBe('refused')
    expect(empty.context.error).toBe(SLACK_NO_ANSWER)
    // An error wins over an id.
    expect(journey(slackConnectedMachine, [], { integrationId: slack.id, error: 'Denied' }).state.value).toBe('refused')
  })

  it('names the connected channel from the user’s integrations', () => {
    const path = journey(slackConnectedMachine, [listed], connected)
    expect(valuesAlong(slackConnectedMachine, path, connected)).toEqual(['starting', 'loading', { connected: 'idle' }])
    expect(path.state.context.integration).toEqual(slack)
    expect(journey(slackConnectedMachine, [notListed], connected).state.value).toBe('notFound')
  })

  it('asks to sign in on 401, says why on other failures, and tries again', () => {
    expect(journey(slackConnectedMachine, [signedOut], connected).state.value).toBe('signedOut')
    const failed = journey(slackConnectedMachine, [unreachable], connected).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(INTEGRATIONS_LOAD_FAILED)
    expect(journey(slackConnectedMachine, [unreachable, retry, listed], connected).state.value).toEqual({
      connected: 'idle',
    })
    expect(journey(slackConnectedMachine, [signedOut, retry], connected).state.value).toBe('loading')
  })

  it('sends a test message and keeps its outcome, delivered or not', () => {
    expect(journey(slackConnectedMachine, [listed, test], connected).state.value).toEqual({ connected: 'sending' })
    expect(journey(slackConnectedMachine, [listed, test, delivered], connected).state.context.test).toEqual({
      delivery: delivery(),
      error: null,
    })
    expect(journey(slackConnectedMachine, [listed, test, rejected], connected).state.context.test).toEqual({
      delivery: failedDelivery(),
      error: null,
    })
    const failed = journey(slackConnectedMachine, [listed, test, testUnreachable], connected).state
    expect(failed.value).toEqual({ connected: 'idle' })
    expect(failed.context.test).toEqual({ delivery: null, error: TEST_FAILED })
    // A new test forgets the last outcome while it runs.
    expect(journey(slackConnectedMachine, [listed, test, delivered, test], connected).state.context.test).toBeNull()
  })
})

describe('slack connected machine, run', () => {
  it('finds the channel and tests it through the provided effects', async () => {
    const tested: string[] = []
    const actor = createActor(
      slackConnectedMachine.provide({
        actors: {
          fetchIntegrations: fromPromise(
            async (): Promise<IntegrationList> => ({ integrations: [slack], slack_install_available: true }),
          ),
          testIntegration: fromPromise(async ({ input }) => {
            tested.push(input.id)
            return delivery()
          }),
        },
      }),
      { input: connected },
    ).start()
    await waitFor(actor, (s) => s.matches('connected'))
    actor.send(test)
    await waitFor(actor, (s) => s.context.test !== null)
    expect(tested).toEqual([slack.id])
    actor.stop()
  })
})
