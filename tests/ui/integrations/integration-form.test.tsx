// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Integration, IntegrationType } from '@vigil/domain/integration.schema'
import { IntegrationsPage } from '../../../src/ui/pages/integrations/IntegrationsPage.tsx'
import {
  emailIntegration,
  slackIntegration,
  telegramIntegration,
  webhookIntegration,
} from '../../fixtures/integrations.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown, status = 200) => ({ status, body: { data } })

async function openPage(integrations: Integration[], handlers: Handlers = {}) {
  signIn()
  const requests = stubApi({
    'GET /api/integrations': () => ok({ integrations, slack_install_available: false }),
    ...handlers,
  })
  const utils = renderShell(<IntegrationsPage />, { url: '/integrations' })
  await screen.findByRole('heading', { level: 1, name: 'Integrations' })
  return { ...utils, requests }
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}

async function openAddForm(handlers: Handlers = {}, integrations: Integration[] = []) {
  const page = await openPage(integrations, handlers)
  await click(await screen.findByRole('button', { name: /^Add (your first )?integration$/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Add integration' })
  return { ...page, dialog }
}

const LABELS: Record<IntegrationType, string> = {
  slack: 'Slack',
  email: 'Email',
  webhook: 'Webhook',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  telegram: 'Telegram',
}
const chooseType = async (dialog: HTMLElement, type: IntegrationType) =>
  click(within(dialog).getByRole('radio', { name: new RegExp(`^${LABELS[type]}`) }))
const submit = async (dialog: HTMLElement, name = /^(Add integration|Save changes)$/) =>
  click(within(dialog).getByRole('button', { name }))
/** The field whose label starts with `label` (a required field's label ends with its '*'). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}\\b`)) as HTMLInputElement
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } })
const errorOf = (dialog: HTMLElement, label: string) => {
  const input = field(dialog, label)
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('the add integration form', () => {
  it('shows each type’s own messages at its fields and sends nothing while they stand', async () => {
    const { dialog, requests } = await openAddForm()
    // Slack is chosen first.
    expect((within(dialog).getByRole('radio', { name: /^Slack/ }) as HTMLInputElement).checked).toBe(true)
    await submit(dialog)
    expect(errorOf(dialog, 'Name')).toBe('Name is required.')
    expect(errorOf(dialog, 'Webhook URL')).toBe('URL is required.')

    fill(dialog, 'Name', 'Ops')
    for (const type of ['teams', 'discord'] as const) {
      await chooseType(dialog, type)
      fill(dialog, 'Webhook URL', 'hooks.example.com/x')
      await submit(dialog)
      expect(errorOf(dialog, 'Webhook URL')).toBe('URL must start with http:// or https://.')
    }

    await chooseType(dialog, 'email')
    // Another type clears the last type's messages.
    expect(within(dialog).queryByText('URL must start with http:// or https://.')).toBeNull()
    await submit(dialog)
    expect(errorOf(dialog, 'Email address')).toBe('Email is required.')
    fill(dialog, 'Email address', 'oncall')
    await submit(dialog)
    expect(errorOf(dialog, 'Email address')).toBe('Enter a valid email address.')

    await chooseType(dialog, 'webhook')
    fill(dialog, 'URL', 'https://bot.example.com/hook')
    fill(dialog, 'Signing secret', 'too short')
    await submit(dialog)
    expect(errorOf(dialog, 'Signing secret')).toBe('The secret must be at least 16 characters.')

    await chooseType(dialog, 'telegram')
    fill(dialog, 'Bot token', '12345')
    fill(dialog, 'Chat id', 'my chat')
    await submit(dialog)
    expect(errorOf(dialog, 'Bot token')).toBe('A bot token looks like 123456789:AAE..., as @BotFather gives it.')
    expect(errorOf(dialog, 'Chat id')).toBe('A chat id is a number (such as -1001234567890) or @channelname.')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('adds an email channel and lists it', async () => {
    let body: unknown
    const stored = emailIntegration()
    const { dialog } = await openAddForm({
      'POST /api/integrations': (req) => {
        body = req.body
        return ok({ integration: stored }, 201)
      },
    })
    await chooseType(dialog, 'email')
    fill(dialog, 'Name', ' On-call inbox ')
    fill(dialog, 'Email address', 'OnCall@Example.com')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(body).toEqual({ type: 'email', name: 'On-call inbox', enabled: true, email: 'oncall@example.com' })
    expect(await screen.findByRole('listitem', { name: 'On-call inbox' })).toBeTruthy()
  })

  it('shows a new webhook’s signing secret once, with a copy button, then lists the webhook', async () => {
    let body: unknown
    const { dialog } = await openAddForm({
      'POST /api/integrations': (req) => {
        body = req.body
        return ok({ integration: webhookIntegration(), webhook_secret: 'whsec_4f9a0c2e7b1d8a63' }, 201)
      },
    })
    await chooseType(dialog, 'webhook')
    fill(dialog, 'Name', 'Incident bot')
    fill(dialog, 'URL', 'https://bot.example.com/hooks/vigil')
    await submit(dialog)
    const reveal = await screen.findByRole('dialog', { name: 'Save the signing secret' })
    // Left empty, the secret is not sent: the server makes one.
    expect(body).toEqual({
      type: 'webhook',
      name: 'Incident bot',
      enabled: true,
      url: 'https://bot.example.com/hooks/vigil',
    })
    const secret = within(reveal).getByLabelText('Signing secret') as HTMLInputElement
    expect(secret.value).toBe('whsec_4f9a0c2e7b1d8a63')
    expect(secret.readOnly).toBe(true)
    expect(within(reveal).getByRole('button', { name: 'Copy secret' })).toBeTruthy()
    expect(within(reveal).getByRole('note').textContent).toContain('It will not be shown again.')
    // The list has it already, behind the dialog.
    expect(screen.getByRole('listitem', { name: 'Incident bot', hidden: true })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
    await click(within(reveal).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByText('whsec_4f9a0c2e7b1d8a63')).toBeNull()
  })

  it('shows the server’s 400 errors at their fields and its message on top', async () => {
    const { dialog } = await openAddForm({
      'POST /api/integrations': () => ({
        status: 400,
        body: { message: 'Check the highlighted fields.', errors: { url: 'This address is not allowed.' } },
      }),
    })
    fill(dialog, 'Name', 'Ops')
    fill(dialog, 'Webhook URL', 'https://hooks.slack.com/services/T0/B0/x')
    await submit(dialog)
    await waitFor(() => expect(errorOf(dialog, 'Webhook URL')).toBe('This address is not allowed.'))
    expect(within(dialog).getByRole('alert').textContent).toBe('Check the highlighted fields.')
  })

  it('has no serious accessibility violations', async () => {
    const { dialog } = await openAddForm()
    await submit(dialog)
    expect(await seriousViolations(document.body)).toEqual([])
  })
})

describe('the edit integration form', () => {
  it('keeps a secret left empty and sends only what changed', async () => {
    let patch: unknown
    await openPage([slackIntegration(), telegramIntegration()], {
      'PATCH /api/integrations/int-telegram': (req) => {
        patch = req.body
        return ok({ integration: telegramIntegration({ name: 'Ops chat' }) })
      },
    })
    await click(await screen.findByRole('button', { name: 'Edit Team chat' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team chat' })
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(field(dialog, 'Name').value).toBe('Team chat')
    // The token is masked by the API: the field starts empty and says how to keep it.
    expect(field(dialog, 'Bot token').value).toBe('')
    expect(dialog.textContent).toContain('Leave empty to keep the current one (1234…wxyz).')
    expect(field(dialog, 'Chat id').value).toBe('-1001234567890')
    fill(dialog, 'Name', 'Ops chat')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patch).toEqual({ name: 'Ops chat' })
    expect(await screen.findByRole('listitem', { name: 'Ops chat' })).toBeTruthy()
  })

  it('sends a new secret when one is typed, and nothing when nothing changed', async () => {
    const patches: unknown[] = []
    const { requests } = await openPage([slackIntegration()], {
      'PATCH /api/integrations/int-slack': (req) => {
        patches.push(req.body)
        return ok({ integration: slackIntegration() })
      },
    })
    await click(await screen.findByRole('button', { name: 'Edit Ops on Slack' }))
    let dialog = await screen.findByRole('dialog', { name: 'Edit Ops on Slack' })
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)

    await click(screen.getByRole('button', { name: 'Edit Ops on Slack' }))
    dialog = await screen.findByRole('dialog', { name: 'Edit Ops on Slack' })
    fill(dialog, 'Webhook URL', 'https://hooks.slack.com/services/T0/B0/rotated')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patches).toEqual([{ url: 'https://hooks.slack.com/services/T0/B0/rotated' }])
  })
})
