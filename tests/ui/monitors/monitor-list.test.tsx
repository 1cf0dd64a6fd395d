// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Heartbeat } from '@vigil/domain/monitor.schema'
import { DashboardList } from '../../../src/ui/pages/monitors/list/DashboardList.tsx'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { monitorPageReply } from '../../fixtures/monitor-page.ts'
import { portMonitor, webMonitor } from '../../fixtures/monitors.ts'
import { statusPage } from '../../fixtures/status-pages.ts'
import { seriousViolations } from '../components/axe.ts'
import { fakeLiveStream, type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// The one monitor list (issue 19): its choice in the address and the request, the heartbeat bar's tooltip, bulk
// actions with their outcome, and a live result patching a row.

const beat = (minute: number, over: Partial<Heartbeat> = {}): Heartbeat => ({
  checked_at: new Date(Date.UTC(2026, 10, 22, 9, minute)).toISOString(),
  ok: true,
  status: 'up',
  response_ms: 100 + minute,
  message: 'OK',
  ...over,
})
const shop = webMonitor({
  id: 'w1',
  name: 'Shop',
  tags: [{ id: 't1', name: 'production', color: 'red' }],
  heartbeats: [beat(1), beat(2, { ok: false, message: 'Connection refused', response_ms: null }), beat(3)],
})
const db = portMonitor({ id: 'p1', name: 'Database', status: 'down', heartbeats: [] })

const tags = {
  status: 200,
  body: {
    data: {
      tags: [{ id: 't1', name: 'production', color: 'red', monitor_count: 1, created_at: '2026-11-01T00:00:00.000Z' }],
    },
  },
}
const noPages = { status: 200, body: { data: { status_pages: [], limit: { max: 1, used: 0 } } } }

function renderDashboard(handlers: Handlers = {}, url = '/dashboard') {
  signIn()
  const requests = stubApi({
    'GET /api/monitors': () => monitorPageReply([shop, db]),
    'GET /api/tags': () => tags,
    'GET /api/status_pages': () => noPages,
    ...handlers,
  })
  return { ...renderShell(<DashboardList />, { url }), requests }
}
const listRequests = (requests: { path: string; query: URLSearchParams }[]) =>
  requests.filter((r) => r.path === '/api/monitors')

describe('the one monitor list', () => {
  it('asks for a page, and keeps search, filters and sort in the address and the request', async () => {
    const { requests, user, location } = renderDashboard({}, '/dashboard?status=down')
    await screen.findByRole('link', { name: 'Shop' })
    expect(listRequests(requests)[0]?.query.toString()).toBe('page=1&limit=50&status=down')
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('down')
    // Each option shows its count from the same answer.
    expect(screen.getByRole('option', { name: 'Down (1)' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Website Monitoring (1)' })).toBeTruthy()

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sho')
    await waitFor(() => expect(location()).toContain('q=sho'))
    const searched = listRequests(requests).at(-1)
    expect(searched?.query.get('q')).toBe('sho')
    // Debounced: one request for the three letters.
    expect(listRequests(requests).filter((r) => r.query.has('q'))).toHaveLength(1)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'web')
    await waitFor(() => expect(listRequests(requests).at(-1)?.query.get('type')).toBe('web'))

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ })
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending')
    await user.click(within(nameHeader).getByRole('button'))
    await waitFor(() => expect(listRequests(requests).at(-1)?.query.get('sort')).toBe('-name'))
    expect(location()).toContain('sort=-name')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending')
    await user.click(within(screen.getByRole('columnheader', { name: /Uptime 24 h/ })).getByRole('button'))
    await waitFor(() => expect(listRequests(requests).at(-1)?.query.get('sort')).toBe('uptime'))
    expect(screen.getByTestId('list-range').textContent).toBe('1–2 of 2')
  })

  it('shows each row with its tags, type, and a heartbeat bar whose beats tell time, response and message', async () => {
    renderDashboard()
    const row = (await screen.findByRole('link', { name: 'Shop' })).closest('tr') as HTMLElement
    expect(within(row).getByText('production')).toBeTruthy()
    expect(within(row).getByText('Website Monitoring')).toBeTruthy()
    const bar = within(row).getByRole('group', { name: 'Last 3 checks of Shop' })
    const beats = within(bar).getAllByRole('button')
    expect(beats.map((b) => b.getAttribute('data-look'))).toEqual(['ok', 'confirming', 'ok'])
    // Only the newest beat is in the tab order; arrows move along the bar.
    expect(beats.map((b) => b.tabIndex)).toEqual([-1, -1, 0])
    act(() => (beats[2] as HTMLElement).focus())
    fireEvent.keyDown(bar, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(beats[1])
    expect(beats[1]?.getAttribute('aria-label')).toMatch(/^\d\d Nov 2026, \d\d:\d\d [AP]M: Failed — confirming$/)
    await act(async () => {
      fireEvent.pointerOver(beats[1] as HTMLElement, { pointerType: 'mouse' })
      fireEvent.pointerMove(beats[1] as HTMLElement, { pointerType: 'mouse' })
    })
    const tip = await screen.findByRole('tooltip')
    expect(tip.textContent).toContain('Connection refused')
    expect(tip.textContent).toContain('Response –')
    const dbRow = screen.getByRole('link', { name: 'Database' }).closest('tr') as HTMLElement
    expect(within(dbRow).getByText('No checks yet')).toBeTruthy()
  })

  it('pauses the selected monitors at once and says what was done and what was not', async () => {
    let body: unknown
    const { user, requests } = renderDashboard({
      'POST /api/monitors/bulk': (req) => {
        body = req.body
        return {
          status: 200,
          body: { data: { done: 1, failed: [{ id: 'p1', message: 'Your Basic plan allows 1 monitor.' }] } },
        }
      },
    })
    await screen.findByRole('link', { name: 'Shop' })
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    const toolbar = screen.getByRole('toolbar', { name: 'Selected monitors' })
    expect(toolbar.textContent).toContain('2 monitors selected')
    const before = listRequests(requests).length
    await user.click(within(toolbar).getByRole('button', { name: 'Pause' }))
    const outcome = await screen.findByTestId('bulk-outcome')
    expect(outcome.textContent).toContain('1 paused; Database could not be paused: Your Basic plan allows 1 monitor.')
    expect(body).toEqual({ action: 'pause', monitor_ids: ['w1', 'p1'] })
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(before))
    expect(screen.queryByRole('toolbar', { name: 'Selected monitors' })).toBeNull()
  })

  it('asks before deleting the selected monitors, naming how many, with a red button', async () => {
    let called = false
    const { user } = renderDashboard({
      'POST /api/monitors/bulk': () => {
        called = true
        return { status: 200, body: { data: { done: 2, failed: [] } } }
      },
    })
    await screen.findByRole('link', { name: 'Shop' })
    await user.click(screen.getByRole('checkbox', { name: 'Select Shop' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Database' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Delete 2 monitors?')).toBeTruthy()
    expect(called).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 monitors' }))
    expect((await screen.findByTestId('bulk-outcome')).textContent).toContain('2 deleted')
    expect(called).toBe(true)
  })

  it("shows each status page's count among the filter's choices, from the same answer", async () => {
    renderDashboard({
      'GET /api/status_pages': () => ({
        status: 200,
        body: { data: { status_pages: [statusPage()], limit: { max: 1, used: 1 } } },
      }),
      'GET /api/monitors': () =>
        monitorPageReply([shop, db], { facets: { types: {}, tags: {}, status_pages: { 'sp-1': 2 } } }),
    })
    expect(await screen.findByRole('option', { name: 'Acme status (2)' })).toBeTruthy()
  })

  it('patches a row when the live stream says it was checked', async () => {
    const live = fakeLiveStream()
    const { requests } = renderDashboard()
    await screen.findByRole('link', { name: 'Shop' })
    live.open()
    const before = listRequests(requests).length
    live.send({
      kind: 'monitor',
      monitor_id: 'w1',
      type: 'web',
      status: 'up',
      changed: false,
      result: {
        checked_at: new Date().toISOString(),
        ok: false,
        verdict: 'failed',
        status: 'up',
        response_ms: null,
        message: 'Timed out',
      },
    })
    const bar = screen.getByRole('group', { name: 'Last 4 checks of Shop' })
    expect(within(bar).getAllByRole('button').at(-1)?.getAttribute('data-look')).toBe('confirming')
    const row = bar.closest('tr') as HTMLElement
    expect(within(row).getByText('just now')).toBeTruthy()
    // Patched without asking the server again.
    expect(listRequests(requests).length).toBe(before)
  })

  it('keeps each type page its title and filters the list to its type, without a type filter', async () => {
    signIn()
    const requests = stubApi({
      'GET /api/monitors': () => monitorPageReply([shop]),
      'GET /api/tags': () => tags,
      'GET /api/status_pages': () => noPages,
    })
    const { container } = renderShell(<MonitorListPage type="web" />, { url: '/services/web-monitoring' })
    await screen.findByRole('link', { name: 'Shop' })
    expect(screen.getByRole('heading', { level: 1, name: 'Website Monitoring' })).toBeTruthy()
    expect(listRequests(requests)[0]?.query.get('type')).toBe('web')
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull()
    expect(await seriousViolations(container)).toEqual([])
  })
})
