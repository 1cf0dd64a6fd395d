// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { Integration } from '@vigil/domain/integration.schema'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { MonitorDetailPage } from '../../../src/ui/pages/monitors/MonitorDetailPage.tsx'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { emailIntegration, slackIntegration, webhookIntegration } from '../../fixtures/integrations.ts'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { checkResult, stats, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// jsdom has no canvas: the chart of the detail page is drawn in the browser tests.
vi.mock('../../../src/ui/pages/monitors/ResponseTimeChart.tsx', () => ({ ResponseTimeChart: () => null }))

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const counts = (n: number) => ({ total: n, up: n, down: 0, degraded: 0, paused: 0, pending: 0 })
const channels = (integrations: Integration[]) => () => ok({ integrations, slack_install_available: false })
const mine = [slackIntegration(), emailIntegration(), webhookIntegration()]

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}

async function openForm({
  monitors = [],
  integrations = mine,
  handlers = {},
}: {
  monitors?: Monitor[]
  integrations?: Integration[]
  handlers?: Handlers
} = {}) {
  signIn()
  const requests = stubApi({
    'GET /api/monitors': () => ok({ monitors, counts: counts(monitors.length), ...pageExtras }),
    'GET /api/integrations': channels(integrations),
    ...handlers,
  })
  const utils = renderShell(<MonitorListPage type="web" />)
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  const opener =
    monitors.length === 0
      ? await screen.findByRole('button', { name: 'Add your first website monitor' })
      : await screen.findByRole('button', { name: `Edit ${monitors[0]?.name}` })
  await click(opener)
  const dialog = await screen.findByRole('dialog')
  const alerts = within(dialog).getByRole('group', { name: 'Alerts' })
  return { ...utils, requests, dialog, alerts }
}

const fill = (container: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(container).getByLabelText(label), { target: { value } })
const fillWeb = (dialog: HTMLElement) => {
  fill(dialog, /^Name/, 'Shop')
  fill(dialog, /^URL/, 'https://shop.example.com/')
}
const submit = (dialog: HTMLElement) =>
  click(within(dialog).getByRole('button', { name: /Create monitor|Save changes/ }))
const errorOf = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? (input.getAttribute('aria-errormessage') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    : ''

describe('the monitor form’s alerts', () => {
  it('alerts all channels and sends no reminders by default', async () => {
    let body: Record<string, unknown> = {}
    const { dialog, alerts } = await openForm({
      handlers: {
        'POST /api/monitors': (req) => {
          body = req.body as Record<string, unknown>
          return ok({ monitor: webMonitor() }, 201)
        },
      },
    })
    expect((within(alerts).getByRole('radio', { name: 'Alert all my channels' }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect(within(alerts).queryByRole('checkbox')).toBeNull()
    expect((within(alerts).getByLabelText('Remind every') as HTMLSelectElement).value).toBe('')
    expect(
      within(within(alerts).getByLabelText('Remind every'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', '15 minutes', '30 minutes', '1 hour', '4 hours', '24 hours', 'Other...'])
    fillWeb(dialog)
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(body).toMatchObject({ integration_ids: null, reminder_minutes: null })
  })

  it('sends the chosen channels and the reminder interval', async () => {
    let body: Record<string, unknown> = {}
    const { dialog, alerts } = await openForm({
      handlers: {
        'POST /api/monitors': (req) => {
          body = req.body as Record<string, unknown>
          return ok({ monitor: webMonitor() }, 201)
        },
      },
    })
    await click(within(alerts).getByRole('radio', { name: 'Choose channels' }))
    const boxes = await within(alerts).findAllByRole('checkbox')
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Ops on Slack (Slack)',
      'On-call inbox (Email)',
      'Incident bot (Webhook) · switched off',
    ])
    await click(within(alerts).getByRole('checkbox', { name: /^On-call inbox/ }))
    await click(within(alerts).getByRole('checkbox', { name: /^Ops on Slack/ }))
    fireEvent.change(within(alerts).getByLabelText('Remind every'), { target: { value: '30' } })
    expect(await seriousViolations(document.body)).toEqual([])
    fillWeb(dialog)
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(body).toMatchObject({ integration_ids: ['int-slack', 'int-email'], reminder_minutes: 30 })
  })

  it('checks another reminder interval with the schema’s messages', async () => {
    let body: Record<string, unknown> = {}
    const { dialog, alerts, requests } = await openForm({
      handlers: {
        'POST /api/monitors': (req) => {
          body = req.body as Record<string, unknown>
          return ok({ monitor: webMonitor() }, 201)
        },
      },
    })
    fillWeb(dialog)
    fireEvent.change(within(alerts).getByLabelText('Remind every'), { target: { value: 'other' } })
    const minutes = within(alerts).getByLabelText(/^Minutes between reminders/)
    await submit(dialog)
    expect(errorOf(minutes)).toBe('Reminder interval must be a number.')
    fill(alerts, /^Minutes between reminders/, '3')
    await submit(dialog)
    expect(errorOf(minutes)).toBe('Reminder interval must be at least 5.')
    fill(alerts, /^Minutes between reminders/, '20000')
    await submit(dialog)
    expect(errorOf(minutes)).toBe('Reminder interval must be at most 10080.')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    fill(alerts, /^Minutes between reminders/, '90')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(body.reminder_minutes).toBe(90)
  })

  it('links to the integrations page when there are no channels yet', async () => {
    const { alerts } = await openForm({ integrations: [] })
    const add = await within(alerts).findByRole('link', { name: 'Add Slack, email or others on the Integrations page' })
    expect(add.getAttribute('href')).toBe('/integrations')
    expect(alerts.textContent).toContain('You have no alert channels yet, so alerts reach only the bell.')
  })

  it('edits the channels and reminders of a monitor, sending only what changed', async () => {
    const patches: unknown[] = []
    // One of its channels was removed since it was chosen.
    const monitor = webMonitor({ name: 'Shop', integration_ids: ['int-email', 'int-gone'], reminder_minutes: 90 })
    const { dialog, alerts } = await openForm({
      monitors: [monitor],
      handlers: {
        'PATCH /api/monitors/w1': (req) => {
          patches.push(req.body)
          return ok({ monitor })
        },
      },
    })
    expect((within(alerts).getByRole('radio', { name: 'Choose channels' }) as HTMLInputElement).checked).toBe(true)
    expect(
      ((await within(alerts).findByRole('checkbox', { name: /^On-call inbox/ })) as HTMLInputElement).checked,
    ).toBe(true)
    expect((within(alerts).getByRole('checkbox', { name: /^Ops on Slack/ }) as HTMLInputElement).checked).toBe(false)
    expect((within(alerts).getByLabelText('Remind every') as HTMLSelectElement).value).toBe('other')
    expect((within(alerts).getByLabelText(/^Minutes between reminders/) as HTMLInputElement).value).toBe('90')

    fireEvent.change(within(alerts).getByLabelText('Remind every'), { target: { value: '60' } })
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await click(screen.getByRole('button', { name: 'Edit Shop' }))
    const again = within(await screen.findByRole('dialog')).getByRole('group', { name: 'Alerts' })
    await click(await within(again).findByRole('checkbox', { name: /^Ops on Slack/ }))
    await submit(screen.getByRole('dialog'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The removed channel drops out once the choice changes.
    expect(patches).toEqual([{ reminder_minutes: 60 }, { integration_ids: ['int-slack', 'int-email'] }])
  })

  it('shows the server’s refusal of a channel under the channels', async () => {
    const { dialog, alerts } = await openForm({
      handlers: {
        'POST /api/monitors': () => ({
          status: 400,
          body: {
            message: 'Unknown integration: int-email. Choose among your integrations.',
            errors: { integration_ids: 'Unknown integration: int-email. Choose among your integrations.' },
          },
        }),
      },
    })
    await click(within(alerts).getByRole('radio', { name: 'Choose channels' }))
    await click(await within(alerts).findByRole('checkbox', { name: /^On-call inbox/ }))
    fillWeb(dialog)
    await submit(dialog)
    const group = await within(alerts).findByRole('group', { name: 'Channels' })
    await waitFor(() =>
      expect(
        (group.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ).toContain('Unknown integration: int-email.'),
    )
  })

  it('says when the channels could not be loaded, and loads them again', async () => {
    let fail = true
    const { alerts } = await openForm({
      handlers: { 'GET /api/integrations': () => (fail ? 'network-error' : channels(mine)()) },
    })
    await click(within(alerts).getByRole('radio', { name: 'Choose channels' }))
    expect(await within(alerts).findByText(/Your channels could not be loaded/)).toBeTruthy()
    fail = false
    await click(within(alerts).getByRole('button', { name: 'Try again' }))
    expect(await within(alerts).findAllByRole('checkbox')).toHaveLength(3)
  })
})

describe('a monitor page’s alerts', () => {
  async function renderDetail(monitor: Monitor, integrations: Integration[] = mine) {
    signIn()
    stubApi({
      'GET /api/monitors/w1': () => ok({ monitor }),
      'GET /api/monitors/w1/stats': () => ok({ stats: stats() }),
      'GET /api/monitors/w1/results': () =>
        ok({ results: [checkResult()], pagination: { total: 1, page: 1, limit: 20, total_pages: 1 } }),
      'GET /api/incidents': () => ok({ incidents: [], pagination: { total: 0, page: 1, limit: 20, total_pages: 0 } }),
      'GET /api/integrations': channels(integrations),
    })
    renderShell(
      <Routes>
        <Route path="/web_monitorings/:web_monitoring_id" element={<MonitorDetailPage type="web" />} />
      </Routes>,
      { url: '/web_monitorings/w1' },
    )
    const section = await screen.findByRole('region', { name: 'Alerts' })
    return { section, alerted: await within(section).findByTestId('alerted-channels') }
  }

  it('lists every channel when the monitor alerts all of them, and its reminders', async () => {
    const { section, alerted } = await renderDetail(webMonitor({ reminder_minutes: 240 }))
    expect(alerted.textContent).toBe(
      'All your channels:Ops on Slack(Slack)On-call inbox(Email)Incident bot(Webhook, switched off)',
    )
    expect(section.textContent).toContain('Reminders while down: every 4 hours')
    expect(within(section).getByRole('link', { name: 'Manage integrations' }).getAttribute('href')).toBe(
      '/integrations',
    )
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('lists the chosen channels only', async () => {
    const { section, alerted } = await renderDetail(webMonitor({ integration_ids: ['int-email', 'int-gone'] }))
    expect(alerted.textContent).toBe('These channels:On-call inbox(Email)')
    expect(section.textContent).toContain('Reminders while down: off')
  })

  it('says when only the bell is told', async () => {
    expect((await renderDetail(webMonitor({ integration_ids: [] }))).alerted.textContent).toBe(
      'Only the bell: no channels are chosen for this monitor.',
    )
  })

  it('says when the user has no channels', async () => {
    expect((await renderDetail(webMonitor(), [])).alerted.textContent).toBe(
      'Only the bell: you have no alert channels yet.',
    )
  })
})
