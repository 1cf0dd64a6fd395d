// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { Tag } from '@vigil/domain/tags'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { MonitorDetailPage } from '../../../src/ui/pages/monitors/MonitorDetailPage.tsx'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { apiMonitor, stats, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type RecordedRequest, renderShell, signIn, stubApi } from '../layout/harness.tsx'
import { chooseRowAction, LAZY } from './row-actions.ts'

// "Duplicate" (issue 37, point 10): from a monitor's row in the list and from its page, the monitor form opens filled
// with its settings, alerts and tags, named "Copy of …", and saving creates a new monitor (POST, never a PATCH of the
// original). A credential header the API answers masked is not copied: the form says so and asks for it again.

// jsdom has no canvas: the page's chart is drawn in the browser tests.
vi.mock('../../../src/ui/pages/monitors/ResponseTimeChart.tsx', () => ({ ResponseTimeChart: () => <div /> }))

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const tag = (id: string, name: string): Tag => ({
  id,
  name,
  color: 'green',
  monitor_count: 1,
  created_at: new Date(2026, 0, 1).toISOString(),
})
const production = tag('t1', 'production')

const listOf = (monitors: Monitor[]) =>
  ok({
    monitors,
    counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
    ...pageExtras,
  })

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).map((r) => r.body)

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create monitor' }))
  })
}

const value = (dialog: HTMLElement, label: string | RegExp) =>
  (within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value

describe('Duplicate a monitor', () => {
  it("from the list: the form is the monitor's, named Copy of …, and a credential header is asked for again", async () => {
    const original = apiMonitor({
      id: 'a1',
      name: 'Orders API',
      method: 'POST',
      headers: { accept: 'application/json', Authorization: '••••••••wxyz' },
      body: '{"ping":true}',
      interval_seconds: 120,
      reminder_minutes: 60,
      integration_ids: [],
      sla_target: 99.5,
      tags: [{ id: 't1', name: 'production', color: 'green' }],
    })
    const copy = apiMonitor({ id: 'a2', name: 'Copy of Orders API' })
    signIn()
    const requests = stubApi({
      'GET /api/monitors': () => listOf([original]),
      'GET /api/tags': () => ok({ tags: [production] }),
      'POST /api/monitors': () => ok({ monitor: copy }, 201),
      'PUT /api/monitors/a2/tags': () => ok({ tags: [{ id: 't1', name: 'production', color: 'green' }] }),
    })
    renderShell(<MonitorListPage type="api" />)
    await chooseRowAction('Orders API', 'Duplicate')
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Orders API' }, LAZY)
    expect(value(dialog, /^Name/)).toBe('Copy of Orders API')
    expect(value(dialog, /^URL/)).toBe('https://api.example.com/health')
    // Basic checks every 5 minutes at most: the copy does, and the form says so.
    expect(value(dialog, 'Check every')).toBe('300')
    expect(
      within(dialog).getByText(
        'Orders API is checked every 2 minutes; the copy is checked every 5 minutes, the fastest your plan allows.',
      ),
    ).toBeTruthy()
    expect(value(dialog, 'Header 1 name')).toBe('accept')
    expect(value(dialog, 'Header 1 value')).toBe('application/json')
    expect(value(dialog, 'Header 2 name')).toBe('Authorization')
    expect(value(dialog, 'Header 2 value')).toBe('')
    expect(within(dialog).getByText(/A new monitor with the settings, alerts and tags of Orders API/)).toBeTruthy()
    expect(
      within(dialog).getByText(
        "The Authorization header's value is not copied: a saved secret is never shown. Type it again under Request headers.",
      ),
    ).toBeTruthy()
    expect(within(dialog).getByText(/Not copied: a saved secret is never shown/)).toBeTruthy()
    const chips = within(dialog).getByRole('list', { name: 'Chosen tags' })
    expect(within(chips).getByText('production')).toBeTruthy()
    expect(await seriousViolations(dialog)).toEqual([])

    // Left empty, the header is refused at its field: the mask is not sent as the secret.
    await submit(dialog)
    expect(
      within(dialog).getByText(
        'Type the value of the Authorization header: a saved secret is never shown, so it is not copied.',
      ),
    ).toBeTruthy()
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([])
    // The value to type is marked, and the focus goes there (it may be far up a long form).
    const secret = within(dialog).getByLabelText('Header 2 value')
    expect(secret.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(secret))

    fireEvent.change(within(dialog).getByLabelText('Header 2 value'), { target: { value: 'Bearer s3cret' } })
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/monitors')).toEqual([
      expect.objectContaining({
        type: 'api',
        name: 'Copy of Orders API',
        url: 'https://api.example.com/health',
        method: 'POST',
        headers: { accept: 'application/json', Authorization: 'Bearer s3cret' },
        body: '{"ping":true}',
        interval_seconds: 300,
        reminder_minutes: 60,
        integration_ids: [],
        sla_target: 99.5,
      }),
    ])
    expect(sent(requests, 'PUT', '/api/monitors/a2/tags')).toEqual([{ tag_ids: ['t1'] }])
    // The original is not touched.
    expect(requests.some((r) => r.method === 'PATCH' || r.path.startsWith('/api/monitors/a1'))).toBe(false)
  })

  it("from the monitor's page: saved as a new monitor (POST, not PATCH), then the copy's page opens", async () => {
    const original = webMonitor({ id: 'w1', name: 'Shop', url: 'https://shop.example.com/', keyword: 'Welcome' })
    const copy = webMonitor({ id: 'w2', name: 'Shop (staging)', url: 'https://staging.shop.example.com/' })
    signIn()
    const requests = stubApi({
      'GET /api/monitors/w1': () => ok({ monitor: original }),
      'GET /api/monitors/w1/stats': () => ok({ stats: stats() }),
      'GET /api/monitors/w1/results': () =>
        ok({ results: [], pagination: { total: 0, page: 1, limit: 20, total_pages: 0 } }),
      'GET /api/incidents': () => ok({ incidents: [], pagination: { total: 0, page: 1, limit: 20, total_pages: 0 } }),
      'GET /api/tags': () => ok({ tags: [] }),
      'POST /api/monitors': () => ok({ monitor: copy }, 201),
    })
    renderShell(
      <Routes>
        <Route path="/web_monitorings/:web_monitoring_id" element={<MonitorDetailPage type="web" />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { url: '/web_monitorings/w1' },
    )
    await screen.findByRole('heading', { level: 1, name: 'Shop' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }))
    })
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Shop' }, LAZY)
    expect(value(dialog, /^Name/)).toBe('Copy of Shop')
    expect(value(dialog, /^URL/)).toBe('https://shop.example.com/')
    expect(within(dialog).queryByText(/is not copied/)).toBeNull()

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Shop (staging)' } })
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://staging.shop.example.com/' } })
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/monitors')).toEqual([
      expect.objectContaining({
        type: 'web',
        name: 'Shop (staging)',
        url: 'https://staging.shop.example.com/',
        keyword: 'Welcome',
        interval_seconds: 300,
      }),
    ])
    expect(requests.some((r) => r.method === 'PATCH' || r.method === 'PUT')).toBe(false)
    // The copy's own page (its id in the address).
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.path === '/api/monitors/w2')).toBe(true))
  })

  it("is refused as any new monitor is past the plan's limit: the message shows and the form stays", async () => {
    const original = webMonitor({ id: 'w1', name: 'Shop' })
    signIn()
    const requests = stubApi({
      'GET /api/monitors': () => listOf([original]),
      'GET /api/tags': () => ok({ tags: [] }),
      'POST /api/monitors': () => ({
        status: 403,
        body: { message: 'Your Basic plan allows 20 monitors. Upgrade to Pro for more.' },
      }),
    })
    renderShell(<MonitorListPage type="web" />)
    await chooseRowAction('Shop', 'Duplicate')
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Shop' }, LAZY)
    await submit(dialog)
    expect(await within(dialog).findByText('Your Basic plan allows 20 monitors. Upgrade to Pro for more.')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(sent(requests, 'POST', '/api/monitors')).toHaveLength(1)
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)
  })
})
