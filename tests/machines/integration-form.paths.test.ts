import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { FORM_FAILED } from '../../src/machines/form.machine.ts'
import {
  type IntegrationSaveRequest,
  integrationFormMachine,
  integrationSubmission,
} from '../../src/machines/integration-form.machine.ts'
import {
  emailIntegration,
  slackIntegration,
  telegramIntegration,
  webhookIntegration,
} from '../fixtures/integrations.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const create = { integration: null }
const { done, error } = actorEvents(integrationFormMachine)
const submit = (integrationType: 'slack' | 'email' | 'webhook' | 'telegram', values: Record<string, unknown>) =>
  ({ type: 'form.submit', integrationType, values }) as const
const validWebhook = submit('webhook', { name: ' Bot ', url: 'https://bot.example.com/hook', secret: '' })
const invalidWebhook = submit('webhook', { name: '', url: 'bot.example.com', secret: 'short' })
const webhookSaved = done('saveIntegration', {
  integration: webhookIntegration(),
  webhook_secret: 'whsec_0123456789abcdef',
})
const emailSaved = done('saveIntegration', { integration: emailIntegration() })
const refused = error('saveIntegration', {
  status: 400,
  message: 'Check the highlighted fields.',
  errors: { url: 'This address cannot be reached from here.' },
})
const clear = { type: 'form.clear' } as const
const finish = { type: 'form.done' } as const

describe('integration form machine paths', () => {
  const reached = reachedStateNodes(integrationFormMachine, {
    input: create,
    events: [validWebhook, invalidWebhook, webhookSaved, emailSaved, refused, clear, finish],
  })
  it.each(stateNodeIds(integrationFormMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('keeps invalid values on the form with the schema message at each field; another type clears them', () => {
    const { state } = journey(integrationFormMachine, [invalidWebhook], create)
    expect(state.value).toBe('editing')
    expect(state.context.errors).toEqual({
      name: 'Name is required.',
      url: 'URL must start with http:// or https://.',
      secret: 'The secret must be at least 16 characters.',
    })
    expect(journey(integrationFormMachine, [invalidWebhook, clear], create).state.context.errors).toEqual({})
  })

  it('sends a new channel whole, without an empty secret (the server makes one), and shows that secret once', () => {
    const submitting = journey(integrationFormMachine, [validWebhook], create).state
    expect(submitting.value).toBe('submitting')
    expect(submitting.context.request).toEqual({
      id: null,
      body: { type: 'webhook', name: 'Bot', enabled: true, url: 'https://bot.example.com/hook' },
    })
    const revealing = journey(integrationFormMachine, [validWebhook, webhookSaved], create).state
    expect(revealing.value).toBe('revealingSecret')
    expect(revealing.context.secret).toBe('whsec_0123456789abcdef')
    expect(journey(integrationFormMachine, [validWebhook, webhookSaved, finish], create).state.value).toBe('saved')
    // Without a secret in the answer the form closes at once.
    expect(journey(integrationFormMachine, [validWebhook, emailSaved], create).state.value).toBe('saved')
  })

  it.each([
    [refused, 'Check the highlighted fields.', { url: 'This address cannot be reached from here.' }],
    [error('saveIntegration', { status: 0 }), FORM_FAILED, {}],
  ])('shows the server message and its field errors after a refusal (%#)', (failure, message, errors) => {
    const { state } = journey(integrationFormMachine, [validWebhook, failure], create)
    expect(state.value).toBe('editing')
    expect(state.context.message).toBe(message)
    expect(state.context.errors).toEqual(errors)
  })
})

describe('integrationSubmission', () => {
  it.each([
    ['slack', { name: 'Ops', url: '' }, { url: 'URL is required.' }],
    ['teams', { name: 'Ops', url: 'teams.example.com' }, { url: 'URL must start with http:// or https://.' }],
    ['discord', { name: '', url: 'https://discord.com/api/webhooks/1/a' }, { name: 'Name is required.' }],
    ['email', { name: 'Inbox', email: 'oncall' }, { email: 'Enter a valid email address.' }],
    ['email', { name: 'Inbox', email: '' }, { email: 'Email is required.' }],
    [
      'telegram',
      { name: 'Chat', bot_token: 'abc', chat_id: 'team' },
      {
        bot_token: 'A bot token looks like 123456789:AAE..., as @BotFather gives it.',
        chat_id: 'A chat id is a number (such as -1001234567890) or @channelname.',
      },
    ],
  ] as const)('checks a new %s channel with its type’s messages', (type, values, errors) => {
    expect(integrationSubmission(type, null, values)).toEqual({ ok: false, errors })
  })

  it('an edit sends only what changed; an empty secret keeps the old one; no change sends nothing', () => {
    const email = emailIntegration()
    expect(integrationSubmission('email', email, { name: 'On-call inbox', email: 'oncall@example.com' })).toEqual({
      ok: true,
      request: null,
    })
    expect(integrationSubmission('email', email, { name: 'Pager', email: ' ONCALL@example.com ' })).toEqual({
      ok: true,
      request: { id: email.id, body: { name: 'Pager' } },
    })
    const slack = slackIntegration()
    expect(integrationSubmission('slack', slack, { name: 'Ops on Slack', url: '' })).toEqual({
      ok: true,
      request: null,
    })
    const newUrl = 'https://hooks.slack.com/services/T0/B0/new'
    expect(integrationSubmission('slack', slack, { name: 'Ops on Slack', url: newUrl })).toEqual({
      ok: true,
      request: { id: slack.id, body: { url: newUrl } },
    })
    const telegram = telegramIntegration()
    expect(
      integrationSubmission('telegram', telegram, { name: 'Team chat', bot_token: '', chat_id: '@vigil_alerts' }),
    ).toEqual({
      ok: true,
      request: { id: telegram.id, body: { chat_id: '@vigil_alerts' } },
    })
    const webhook = webhookIntegration()
    expect(
      integrationSubmission('webhook', webhook, { name: 'Incident bot', url: webhook.settings.url, secret: 'short' }),
    ).toEqual({ ok: false, errors: { secret: 'The secret must be at least 16 characters.' } })
  })
})

describe('integration form machine, run', () => {
  it('saves through the provided actor and reports the stored channel', async () => {
    const requests: IntegrationSaveRequest[] = []
    const onSaved = vi.fn()
    const actor = createActor(
      integrationFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            requests.push(input)
            return { integration: emailIntegration() }
          }),
        },
        actions: { saved: (_, p) => onSaved(p.saved?.integration ?? null) },
      }),
      { input: create },
    ).start()
    actor.send(submit('email', { name: 'Inbox', email: 'bad' }))
    expect(requests).toEqual([])
    actor.send(submit('email', { name: 'Inbox', email: 'Oncall@Example.com' }))
    await waitFor(actor, (s) => s.matches('saved'))
    expect(requests).toEqual([
      { id: null, body: { type: 'email', name: 'Inbox', enabled: true, email: 'oncall@example.com' } },
    ])
    expect(onSaved).toHaveBeenCalledWith(emailIntegration())
  })
})
