// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { IncidentDetail, IncidentSummary } from '@vigil/domain/incident'
import { IncidentPage } from '../../../src/ui/pages/incidents/IncidentPage.tsx'
import { IncidentsPage } from '../../../src/ui/pages/incidents/IncidentsPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi } from '../layout/harness.tsx'

// The incident pages (issue 19): /incidents lists every monitor's incidents with filters kept in the address;
// /incidents/{id} shows one with its timeline (alerts with their channel and outcome), acknowledging, comments and
// the evidence of the failing checks.

const summary = (id: string, over: Partial<IncidentSummary> = {}): IncidentSummary => ({
  id,
  monitor_id: `m-${id}`,
  monitor_name: `Shop ${id}`,
  monitor_type: 'web',
  started_at: '2026-11-22T09:00:00.000Z',
  resolved_at: null,
  cause: 'Expected status 200-299, got 503.',
  duration_ms: null,
  state: 'open',
  acknowledged_at: null,
  ...over,
})

const LIST = [summary('i1'), summary('i2', { monitor_name: 'Billing API', state: 'resolved', duration_ms: 60_000 })]

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' }
const detail = (over: Partial<IncidentDetail> = {}): IncidentDetail => ({
  id: 'i1',
  state: 'open',
  started_at: '2026-11-22T09:00:00.000Z',
  resolved_at: null,
  duration_ms: null,
  cause: 'Expected status 200-299, got 503.',
  monitor: { id: 'm1', name: 'Shop', type: 'web', target: 'https://shop.test/', status: 'down' },
  acknowledged: null,
  timeline: [
    { id: 'e1', kind: 'failed', at: '2026-11-22T09:00:00.000Z', author: null, body: null, delivery: null },
    { id: 'e2', kind: 'confirmed', at: '2026-11-22T09:00:20.000Z', author: null, body: null, delivery: null },
    {
      id: 'e3',
      kind: 'alert',
      at: '2026-11-22T09:00:20.000Z',
      author: null,
      body: null,
      delivery: {
        id: 'd1',
        alert: 'down',
        status: 'delivered',
        attempts: 1,
        last_error: null,
        delivered_at: '2026-11-22T09:00:21.000Z',
        channel: { id: 'c1', name: 'Pager', type: 'webhook' },
      },
    },
    {
      id: 'e4',
      kind: 'reminder',
      at: '2026-11-22T09:05:20.000Z',
      author: null,
      body: null,
      delivery: {
        id: 'd2',
        alert: 'reminder',
        status: 'failed',
        attempts: 5,
        last_error: 'HTTP 500',
        delivered_at: null,
        channel: { id: 'c1', name: 'Pager', type: 'webhook' },
      },
    },
  ],
  evidence: {
    total: 2,
    results: [
      {
        checked_at: '2026-11-22T09:00:00.000Z',
        status: 'up',
        verdict: 'failed',
        message: 'Expected status 200-299, got 503.',
        response_ms: 12,
        status_code: 503,
        address: '203.0.113.7',
      },
      {
        checked_at: '2026-11-22T09:00:20.000Z',
        status: 'down',
        verdict: 'failed',
        message: 'Connection refused.',
        response_ms: null,
        status_code: null,
        address: null,
      },
    ],
  },
  ...over,
})

describe('/incidents', () => {
  const render = (url = '/incidents') => {
    signIn()
    const requests = stubApi({
      'GET /api/incidents': (req) => {
        const status = req.query.get('status')
        const q = req.query.get('q')?.toLowerCase()
        const list = LIST.filter(
          (i) => (!status || i.state === status) && (!q || i.monitor_name.toLowerCase().includes(q)),
        )
        return {
          status: 200,
          body: { data: { incidents: list, pagination: { total: list.length, page: 1, limit: 25, total_pages: 1 } } },
        }
      },
    })
    return { ...renderShell(<IncidentsPage />, { url }), requests }
  }
  const names = () =>
    within(screen.getByRole('region', { name: 'Incidents table' }))
      .getAllByRole('link')
      .map((a) => a.textContent)

  it('lists incidents linking to their pages, filters by state and name, and keeps the filters in the address', async () => {
    const { requests, location } = render()
    await waitFor(() => expect(names()).toEqual(['Shop i1', 'Billing API']))
    expect(screen.getByRole('link', { name: 'Shop i1' }).getAttribute('href')).toBe('/incidents/i1')
    expect(await seriousViolations(document.body)).toEqual([])

    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'resolved' } })
    })
    await waitFor(() => expect(names()).toEqual(['Billing API']))
    expect(location()).toBe('/incidents?status=resolved')
    expect(
      requests
        .filter((r) => r.path === '/api/incidents')
        .at(-1)
        ?.query.get('status'),
    ).toBe('resolved')

    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Monitor name' }), { target: { value: 'shop' } })
    })
    await screen.findByText('No incidents match these filters')
    expect(location()).toBe('/incidents?status=resolved&q=shop')
  })

  it('reads its filters from the address, and offers Try again when the list cannot load', async () => {
    signIn()
    let fail = true
    stubApi({
      'GET /api/incidents': (req) =>
        fail
          ? 'network-error'
          : {
              status: 200,
              body: {
                data: {
                  incidents: LIST.filter((i) => i.state === req.query.get('status')),
                  pagination: { total: 1, page: 1, limit: 25, total_pages: 1 },
                },
              },
            },
    })
    renderShell(<IncidentsPage />, { url: '/incidents?status=open' })
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).value).toBe('open')
    await screen.findByRole('alert')
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    await waitFor(() => expect(names()).toEqual(['Shop i1']))
  })
})

describe('/incidents/{id}', () => {
  const render = (incident: IncidentDetail | null = detail()) => {
    signIn()
    let current = incident
    const requests = stubApi({
      'GET /api/incidents/': () =>
        current
          ? { status: 200, body: { data: { incident: current } } }
          : { status: 404, body: { message: 'Incident not found.' } },
      'POST /api/incidents/': (req) => {
        if (req.path.endsWith('/acknowledge')) {
          current = detail({
            state: 'acknowledged',
            acknowledged: { at: '2026-11-22T09:07:00.000Z', by: ADA },
            timeline: [
              ...(current?.timeline ?? []),
              {
                id: 'e5',
                kind: 'acknowledged',
                at: '2026-11-22T09:07:00.000Z',
                author: ADA,
                body: null,
                delivery: null,
              },
            ],
          })
          return { status: 200, body: { data: { incident: current } } }
        }
        const body = (req.body as { body: string }).body.trim()
        return {
          status: 201,
          body: {
            data: {
              event: { id: 'e6', kind: 'comment', at: '2026-11-22T09:08:00.000Z', author: ADA, body, delivery: null },
            },
          },
        }
      },
    })
    const utils = renderShell(
      <Routes>
        <Route path="/incidents/:incidentId" element={<IncidentPage />} />
      </Routes>,
      { url: '/incidents/i1' },
    )
    return { ...utils, requests }
  }
  const timeline = () =>
    within(screen.getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent)

  it('shows the timeline with each alert’s channel and outcome, the evidence, and links back', async () => {
    render()
    await screen.findByRole('heading', { level: 1, name: 'Shop incident' })
    expect(timeline()).toEqual([
      'First failed check',
      'Outage confirmed',
      'Down alert to Pager (webhook)',
      'Reminder to Pager (webhook)',
    ])
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')
    expect(items[2]?.textContent).toMatch(/Delivered/)
    expect(items[3]?.textContent).toMatch(/Failed after 5 attempts: HTTP 500/)
    expect(screen.getByRole('link', { name: 'Open the monitor Shop' }).getAttribute('href')).toBe('/web_monitorings/m1')
    expect(screen.getByRole('link', { name: 'All incidents' }).getAttribute('href')).toBe('/incidents')
    const evidence = within(screen.getByRole('region', { name: 'Failing checks' }))
    expect(evidence.getByText('203.0.113.7')).toBeTruthy()
    expect(evidence.getByText('503')).toBeTruthy()
    expect(evidence.getByText('Connection refused.')).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('acknowledges the incident and says who did, then adds a comment (and refuses an empty one)', async () => {
    const { requests, user } = render()
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }))
    await screen.findByText(/By Ada Lovelace/)
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull()
    expect(timeline().at(-1)).toBe('Acknowledged by Ada Lovelace')
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/incidents/i1/acknowledge'])

    await user.click(screen.getByRole('button', { name: 'Add comment' }))
    const box = screen.getByRole('textbox', { name: 'Comment' })
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Write a comment.')).toBeTruthy()
    expect(document.activeElement).toBe(box)

    await user.type(box, 'Restarting the load balancer.')
    await user.click(screen.getByRole('button', { name: 'Add comment' }))
    await waitFor(() => expect(timeline().at(-1)).toBe('Ada Lovelace commented'))
    expect(screen.getByText('Restarting the load balancer.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ body: 'Restarting the load balancer.' })
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
  })

  it('says when the incident is not found', async () => {
    render(null)
    await screen.findByRole('heading', { name: 'Incident not found' })
    expect(screen.getByRole('link', { name: 'All incidents' })).toBeTruthy()
  })
})
