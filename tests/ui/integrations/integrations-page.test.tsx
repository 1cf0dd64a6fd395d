// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '@vigil/domain/date-format'
import type { Integration } from '@vigil/domain/integration.schema'
import { IntegrationsPage } from '../../../src/ui/pages/integrations/IntegrationsPage.tsx'
import {
  delivery,
  emailIntegration,
  failedDelivery,
  slackIntegration,
  telegramIntegration,
  webhookIntegration,
} from '../../fixtures/integrations.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })
const listed =
  (integrations: Integration[], slack_install_available = true) =>
  () =>
    ok({ integrations, slack_install_available })

function renderPage(handlers: Handlers) {
  signIn()
  const requests = stubApi(handlers)
  return { ...renderShell(<IntegrationsPage />, { url: '/integrations' }), requests }
}

/** The list item of a channel, found by its name. */
const card = async (name: string) => (await screen.findByRole('listitem', { name })) as HTMLElement
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('the integrations page', () => {
  it('lists each channel with its type, masked target, switch and last delivery, and offers Add to Slack', async () => {
    renderPage({
      'GET /api/integrations': listed([
        slackIntegration(),
        emailIntegration(),
        webhookIntegration(),
        telegramIntegration(),
      ]),
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy()
    const slack = await card('Ops on Slack')
    expect(within(slack).getByRole('img', { name: 'Slack' })).toBeTruthy()
    expect(slack.textContent).toContain('Slack · https://hooks.slack.com/…x9Qz')
    expect(slack.textContent).toContain(`Last deliveryDelivered${formatDateTime('2026-11-22T09:00:00.000Z')}`)
    expect((within(slack).getByRole('switch', { name: 'Enabled: Ops on Slack' }) as HTMLInputElement).checked).toBe(
      true,
    )
    const email = await card('On-call inbox')
    expect(email.textContent).toContain('Email · oncall@example.com')
    expect(email.textContent).toContain('Last deliverynone yet')
    const webhook = await card('Incident bot')
    expect(webhook.textContent).toContain('Failed')
    expect(webhook.textContent).toContain('HTTP 502 from bot.example.com')
    expect((within(webhook).getByRole('switch', { name: /^Enabled/ }) as HTMLInputElement).checked).toBe(false)
    expect((await card('Team chat')).textContent).toContain('Telegram · Chat -1001234567890')
    expect(screen.getByRole('link', { name: 'Add to Slack' }).getAttribute('href')).toBe(
      '/api/integrations/slack/install',
    )
    expect(screen.getByRole('button', { name: 'Add integration' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('hides Add to Slack when the operator did not set it up', async () => {
    renderPage({ 'GET /api/integrations': listed([slackIntegration()], false) })
    await card('Ops on Slack')
    expect(screen.queryByRole('link', { name: 'Add to Slack' })).toBeNull()
  })

  it('explains what integrations do when there are none', async () => {
    renderPage({ 'GET /api/integrations': listed([]) })
    expect(await screen.findByRole('heading', { name: 'No integrations yet' })).toBeTruthy()
    expect(screen.getByText(/Integrations send your monitors’ alerts where your team works/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add your first integration' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('asks a visitor whose session is over to sign in', async () => {
    renderPage({ 'GET /api/integrations': () => ({ status: 401, body: { message: 'Not signed in.' } }) })
    expect(await screen.findByRole('heading', { name: 'Sign in to manage your integrations' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByRole('button', { name: 'Add integration' })).toBeNull()
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('says why the list did not load, and loads it again on request', async () => {
    let fail = true
    renderPage({
      'GET /api/integrations': () => (fail ? 'network-error' : listed([slackIntegration()])()),
    })
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load your integrations.')
    fail = false
    await click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await card('Ops on Slack')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('sends a test message and shows its outcome inline, delivered or refused by the channel', async () => {
    let tested = 0
    const { requests } = renderPage({
      'GET /api/integrations': listed([slackIntegration(), emailIntegration()]),
      'POST /api/integrations/int-slack/test': () => {
        tested += 1
        return ok({ delivery: delivery() })
      },
      'POST /api/integrations/int-email/test': () => ok({ delivery: failedDelivery({ last_error: 'Mailbox full' }) }),
    })
    const slack = await card('Ops on Slack')
    await click(within(slack).getByRole('button', { name: 'Send test message to Ops on Slack' }))
    await waitFor(() => expect(within(slack).getByTestId('test-outcome').textContent).toContain('Delivered'))
    expect(tested).toBe(1)
    const email = await card('On-call inbox')
    await click(within(email).getByRole('button', { name: 'Send test message to On-call inbox' }))
    await waitFor(() => expect(within(email).getByTestId('test-outcome').textContent).toContain('Failed'))
    expect(within(email).getByTestId('test-outcome').textContent).toContain('Mailbox full')
    // Each test reads the list again, for the channel's last delivery.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/integrations').length).toBe(3))
  })

  it('says so when a test could not be sent at all', async () => {
    renderPage({
      'GET /api/integrations': listed([slackIntegration()]),
      'POST /api/integrations/int-slack/test': () => ({ status: 429, body: { message: 'Too many test messages.' } }),
    })
    const slack = await card('Ops on Slack')
    await click(within(slack).getByRole('button', { name: /^Send test message/ }))
    await waitFor(() => expect(within(slack).getByTestId('test-outcome').textContent).toBe('Too many test messages.'))
  })

  it('switches a channel off with a PATCH of `enabled`', async () => {
    let patch: unknown
    renderPage({
      'GET /api/integrations': listed([slackIntegration()]),
      'PATCH /api/integrations/int-slack': (req) => {
        patch = req.body
        return ok({ integration: slackIntegration({ enabled: false }) })
      },
    })
    const toggle = within(await card('Ops on Slack')).getByRole('switch', { name: /^Enabled/ }) as HTMLInputElement
    await click(toggle)
    await waitFor(() => expect(toggle.checked).toBe(false))
    expect(patch).toEqual({ enabled: false })
  })

  it('removes a channel after the confirmation dialog, and keeps it on Cancel', async () => {
    let deleted = 0
    renderPage({
      'GET /api/integrations': listed([slackIntegration(), emailIntegration()]),
      'DELETE /api/integrations/int-email': () => {
        deleted += 1
        return ok({ message: 'Integration deleted.' })
      },
    })
    const email = await card('On-call inbox')
    await click(within(email).getByRole('button', { name: 'Remove On-call inbox' }))
    const question = 'Remove the alert channel “On-call inbox”?'
    let dialog = await screen.findByRole('alertdialog', { name: question })
    expect(dialog.textContent).toContain('Once deleted, you will not be able to recover this item!')
    await click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(deleted).toBe(0)

    await click(within(email).getByRole('button', { name: 'Remove On-call inbox' }))
    dialog = await screen.findByRole('alertdialog', { name: question })
    await click(within(dialog).getByRole('button', { name: 'Remove alert channel' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'On-call inbox' })).toBeNull())
    expect(deleted).toBe(1)
    expect(screen.getByRole('listitem', { name: 'Ops on Slack' })).toBeTruthy()
  })

  it('shows a channel’s deliveries a page at a time', async () => {
    const { requests } = renderPage({
      'GET /api/integrations': listed([slackIntegration()]),
      'GET /api/integrations/int-slack/deliveries': (req) => {
        const page = Number(req.query.get('page'))
        return ok({
          deliveries:
            page === 1
              ? [delivery({ title: 'Shop is down' }), delivery({ id: 'del-3', title: 'Test message from Vigil' })]
              : [failedDelivery({ title: 'API is down' })],
          pagination: { total: 11, page, limit: 10, total_pages: 2 },
        })
      },
    })
    await click(within(await card('Ops on Slack')).getByRole('button', { name: 'Deliveries of Ops on Slack' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to Ops on Slack' })
    const rows = await within(dialog).findAllByRole('row')
    const sent = formatDateTime(delivery().created_at)
    expect(rows.map((r) => r.textContent)).toEqual([
      'TimeAlertStatusAttemptsError',
      `${sent}Shop is downDelivered1–`,
      `${sent}Test message from VigilDelivered1–`,
    ])
    expect(within(dialog).getByText('Page 1 of 2 · 11 deliveries')).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
    await click(within(dialog).getByRole('button', { name: 'Older' }))
    await within(dialog).findByText('API is down')
    expect(within(dialog).getByText('HTTP 404 from hooks.slack.com: no_service')).toBeTruthy()
    expect(within(dialog).getAllByRole('row')[1]?.textContent).toContain('Failed3')
    expect(
      requests.filter((r) => r.path === '/api/integrations/int-slack/deliveries').map((r) => r.query.toString()),
    ).toEqual(['page=1&limit=10', 'page=2&limit=10'])
  })
})
