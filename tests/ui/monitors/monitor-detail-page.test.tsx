// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ResponseChart } from '@vigil/domain/response-chart'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { MonitorDetailPage } from '../../../src/ui/pages/monitors/MonitorDetailPage.tsx'
import { checkResult, incident, stats, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// jsdom has no canvas: the uPlot chart is drawn in the browser tests; here it says what it was given.
vi.mock('../../../src/ui/pages/monitors/ResponseTimeChart.tsx', () => ({
  ResponseTimeChart: ({ chart, label }: { chart: ResponseChart; label: string }) => (
    <div
      role="img"
      aria-label={label}
      data-points={chart.points}
      data-step={chart.stepMs ?? 'check'}
      data-range={chart.range.join(' ')}
      data-outages={chart.outages.length}
    />
  ),
}))

const monitor = webMonitor({ id: 'w1', name: 'Shop' })
const ok = (data: unknown) => ({ status: 200, body: { data } })
const detailHandlers = (over: Handlers = {}): Handlers => ({
  'GET /api/monitors/w1': () => ok({ monitor }),
  'GET /api/monitors/w1/stats': (req) => ok({ stats: stats({ window: req.query.get('window') as '24h' }) }),
  'GET /api/monitors/w1/results': (req) =>
    ok({
      results: [
        checkResult(),
        checkResult({
          checked_at: '2026-11-22T08:55:00.000Z',
          status: 'down',
          ok: false,
          response_ms: null,
          message: 'Connection refused',
        }),
      ],
      pagination: { total: 45, page: Number(req.query.get('page')), limit: 20, total_pages: 3 },
    }),
  'GET /api/incidents': () =>
    ok({
      incidents: [
        incident(),
        incident({ id: 'i2', resolved_at: null, duration_ms: null, cause: 'Timed out after 10 s' }),
      ],
      pagination: { total: 2, page: 1, limit: 20, total_pages: 1 },
    }),
  ...over,
})

async function renderDetail(handlers: Handlers, url = '/web_monitorings/w1') {
  signIn()
  const requests = stubApi(handlers)
  const utils = renderShell(
    <Routes>
      <Route path="/web_monitorings/:web_monitoring_id" element={<MonitorDetailPage type="web" />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { url },
  )
  return { ...utils, requests }
}

describe('a website monitor page', () => {
  it('shows the monitor, the window stats, chart, daily bars, results and incidents', async () => {
    const { requests } = await renderDetail(detailHandlers())
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy()
    expect(requests.find((r) => r.path === '/api/monitors/w1/stats')?.query.get('window')).toBe('24h')
    expect(requests.find((r) => r.path === '/api/incidents')?.query.get('monitor_id')).toBe('w1')
    const stats = screen.getByRole('region', { name: /The last 24 hours/ })
    expect(within(stats).getByText('99.50 %')).toBeTruthy()
    expect(within(stats).getByText('310 ms')).toBeTruthy()
    expect((await within(stats).findByRole('img')).getAttribute('data-points')).toBe('2')
    const bars = within(stats).getByRole('list', { name: 'Uptime per day' })
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('title')),
    ).toEqual(['2026-11-21: 97.90 % uptime, 1 incident', '2026-11-22: no data, 0 incidents'])
    const results = screen.getByRole('region', { name: 'Recent results' })
    expect(within(results).getByText('Connection refused')).toBeTruthy()
    expect(screen.getByText('Page 1 of 3 · 45 checks')).toBeTruthy()
    const incidents = screen.getByRole('region', { name: 'Incidents' })
    expect(within(incidents).getByText('ongoing')).toBeTruthy()
    expect(within(incidents).getByText('30 min')).toBeTruthy()
  })

  it('reads a new monitor\'s missing uptime as "—", first checks pending, and charts each of its checks to now', async () => {
    // Made 13 minutes ago and checked every 30 s since: 26 checks, the uptime not measured yet.
    const to = Date.parse('2026-11-22T09:15:00.000Z')
    const made = to - 13 * 60_000
    const young = webMonitor({ id: 'w1', name: 'Shop', created_at: new Date(made).toISOString(), interval_seconds: 30 })
    const at = Array.from({ length: 26 }, (_, i) => made + 1_000 + i * 30_000)
    await renderDetail(
      detailHandlers({
        'GET /api/monitors/w1': () => ok({ monitor: young }),
        'GET /api/monitors/w1/stats': () =>
          ok({
            stats: stats({
              uptime: null,
              checks: 26,
              checks_series: { at, ok: at.map(() => true), response_ms: at.map((_, i) => 40 + i) },
            }),
          }),
      }),
    )
    const region = await screen.findByRole('region', { name: /The last 24 hours/ })
    const uptime = within(region).getByText('Uptime').closest('div') as HTMLElement
    expect(within(uptime).getByRole('definition').textContent).toBe('—first checks pending')
    expect(within(region).queryByText('no data')).toBeNull()
    const chart = await within(region).findByRole('img')
    expect(chart.getAttribute('data-points')).toBe('26')
    expect(chart.getAttribute('data-step')).toBe('check')
    expect(chart.getAttribute('data-range')).toBe(`${(made + 1_000) / 1000} ${to / 1000}`)
  })

  it('asks for another window and another page of results', async () => {
    const { requests } = await renderDetail(detailHandlers())
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '7d' }))
    })
    await waitFor(() => expect(screen.getByRole('button', { name: '7d' }).getAttribute('aria-pressed')).toBe('true'))
    expect(requests.filter((r) => r.path === '/api/monitors/w1/stats').map((r) => r.query.get('window'))).toContain(
      '7d',
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Older' }))
    })
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/monitors/w1/results').map((r) => r.query.get('page'))).toContain(
        '2',
      ),
    )
  })

  it('checks now and shows what the check found; a paused monitor says why it cannot', async () => {
    let paused = false
    const { requests } = await renderDetail(
      detailHandlers({
        'POST /api/monitors/w1/check': () =>
          paused
            ? { status: 409, body: { message: 'This monitor is paused. Resume it to check it now.' } }
            : ok({ result: checkResult({ response_ms: 42, message: 'HTTP 200' }), monitor }),
      }),
    )
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Check now' }))
    })
    expect((await screen.findByTestId('check-result')).textContent).toBe('Check now: OK in 42 ms · HTTP 200')
    paused = true
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check now' }))
    })
    expect((await screen.findByRole('alert')).textContent).toBe('This monitor is paused. Resume it to check it now.')
    expect(requests.filter((r) => r.method === 'POST').length).toBe(2)
  })

  it('says when a plan change paused the monitor, and how to have it run again', async () => {
    await renderDetail(
      detailHandlers({
        'GET /api/monitors/w1': () =>
          ok({ monitor: { ...monitor, status: 'paused', paused: true, paused_by_plan: true, next_check_at: null } }),
      }),
    )
    const note = await screen.findByText(/Paused by a plan change/)
    expect(note.textContent).toContain('Nothing was deleted.')
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/upgrade_to_pro')
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy()
  })

  it('says a monitor that does not exist was not found, with a way back to the list', async () => {
    await renderDetail(
      detailHandlers({ 'GET /api/monitors/w1': () => ({ status: 404, body: { message: 'Monitor not found.' } }) }),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Monitor not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Website Monitoring' }).getAttribute('href')).toBe(
      '/services/web-monitoring',
    )
  })

  it('deletes after confirmation and goes back to the list', async () => {
    const { location, requests } = await renderDetail(
      detailHandlers({ 'DELETE /api/monitors/w1': () => ok({ message: 'Monitor deleted.' }) }),
    )
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }))
    })
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the monitor “Shop”?' })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete monitor' }))
    })
    await waitFor(() => expect(location()).toBe('/services/web-monitoring'))
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/monitors/w1')).toBe(true)
  })

  it('has no serious accessibility violations', async () => {
    const { container } = await renderDetail(detailHandlers())
    await screen.findByRole('heading', { level: 1, name: 'Shop' })
    expect(await seriousViolations(container)).toEqual([])
  })
})
