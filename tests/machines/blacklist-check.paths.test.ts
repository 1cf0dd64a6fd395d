import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  BLACKLIST_CHECK_FAILED,
  type BlacklistCheck,
  blacklistCheckMachine,
} from '../../src/machines/blacklist-check.machine.ts'
import { blacklistDetail } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const { done, error } = actorEvents(blacklistCheckMachine)
const check = (target: string) => ({ type: 'blacklist.check', target }) as const
const answer: BlacklistCheck = { ...blacklistDetail(), checked_at: '2026-11-22T09:00:00.000Z' }
const good = check(' Mail.Example.COM ')
const bad = check('not a target')
const answered = done('checkBlacklist', answer)
const tooOften = error('checkBlacklist', {
  status: 429,
  message: 'Too many blacklist checks. Please wait 1 minute and try again.',
})
const refused = error('checkBlacklist', {
  status: 400,
  message: 'Check the highlighted fields.',
  errors: { target: '"10.0.0.1" is a private address.' },
})

describe('blacklist check machine paths', () => {
  const reached = reachedStateNodes(blacklistCheckMachine, { events: [good, bad, answered, tooOften] })
  it.each(stateNodeIds(blacklistCheckMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('says what is wrong with a target before asking', () => {
    const { state } = journey(blacklistCheckMachine, [bad])
    expect(state.value).toBe('idle')
    expect(state.context.errors).toEqual({
      target: '"not a target" is not an IPv4 or IPv6 address or a domain such as example.com.',
    })
    expect(journey(blacklistCheckMachine, [check('')]).state.context.errors).toEqual({
      target: 'Target is required.',
    })
  })

  it('asks about the target as the schema leaves it, and shows the answer', () => {
    const asking = journey(blacklistCheckMachine, [bad, good]).state
    expect(asking.value).toBe('checking')
    expect(asking.context).toMatchObject({ target: 'mail.example.com', errors: {}, message: null })
    const { state } = journey(blacklistCheckMachine, [good, answered])
    expect(state.value).toBe('checked')
    expect(state.context.result).toEqual(answer)
  })

  it('a second check waits for the running one', () => {
    const { state } = journey(blacklistCheckMachine, [good, check('192.0.2.1')])
    expect(state.value).toBe('checking')
    expect(state.context.target).toBe('mail.example.com')
  })

  it.each([
    [tooOften, 'Too many blacklist checks. Please wait 1 minute and try again.', {}],
    [refused, 'Check the highlighted fields.', { target: '"10.0.0.1" is a private address.' }],
    [error('checkBlacklist', { status: 0 }), BLACKLIST_CHECK_FAILED, {}],
  ])('a refusal says why and keeps the last answer (%#)', (failure, message, errors) => {
    const { state } = journey(blacklistCheckMachine, [good, answered, good, failure])
    expect(state.value).toBe('failed')
    expect(state.context).toMatchObject({ message, errors, result: answer })
  })

  it('an invalid target after an answer keeps the answer and clears the last refusal', () => {
    const { state } = journey(blacklistCheckMachine, [good, tooOften, bad])
    expect(state.value).toBe('idle')
    expect(state.context.message).toBeNull()
    expect(journey(blacklistCheckMachine, [good, answered, bad]).state.context.result).toEqual(answer)
  })
})

describe('blacklist check machine, run', () => {
  it('checks through the provided actor with the parsed target', async () => {
    const asked: string[] = []
    const actor = createActor(
      blacklistCheckMachine.provide({
        actors: {
          checkBlacklist: fromPromise(async ({ input }) => {
            asked.push(input.target)
            return answer
          }),
        },
      }),
    ).start()
    actor.send(bad)
    expect(asked).toEqual([])
    actor.send(check('[2001:DB8::1]'))
    await waitFor(actor, (s) => s.matches('checked'))
    expect(asked).toEqual(['2001:db8::1'])
  })
})
