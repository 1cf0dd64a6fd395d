// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { reportPeriod } from '@vigil/domain/report-format'
import type { ReportSchedule } from '@vigil/domain/report-schedule'
import type { Report } from '@vigil/domain/report-view'
import { describe, expect, it, vi } from 'vitest'
import { ReportingPage } from '../../../src/ui/pages/reporting/ReportingPage.tsx'
import { statusPage } from '../../fixtures/status-pages.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, type RecordedRequest, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'
import { numbers, report, schedule, send, shop } from './fixtures.ts'

// jsdom has no canvas: the uPlot charts are drawn in the browser; here each says what it was given.
vi.mock('../../../src/ui/pages/reporting/ReportDayChart.tsx', () => ({
  ReportDayChart: ({ kind, label, points }: { kind: string; label: string; points: unknown[] }) => (
    <div role="img" aria-label={label} data-chart={kind} data-points={points.length} />
  ),
}))
const toasts = vi.hoisted(() => [] as { title: string; type?: string }[])
vi.mock('../../../src/ui/components/toast-store.ts', () => ({
  showToast: (t: { title: string; type?: string }) => toasts.push(t),
  onFirstToast: () => () => {},
  TOAST_DURATION: 2000,
}))

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const csvFile = {
  status: 200,
  file: {
    content: 'Monitor,Type\r\n',
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="report-2026-10-01-2026-10-30.csv"',
    },
  },
}
const saved: { name: string; text: string }[] = []
const files = new Map<string, Blob>()
URL.createObjectURL = (blob: Blob) => {
  const url = `blob:http://app/${files.size + 1}`
  files.set(url, blob)
  return url
}
URL.revokeObjectURL = (url: string) => void files.delete(url)
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

const monitors = () =>
  ok({
    monitors: [
      { id: 'm1', type: 'web', name: 'Shop' },
      { id: 'm2', type: 'api', name: 'Orders API' },
      { id: 'm3', type: 'port', name: 'Mail server' },
    ],
    counts: { total: 3, up: 3, down: 0, degraded: 0, paused: 0, pending: 0 },
  })

function renderPage(
  handlers: Handlers = {},
  { url = '/reporting', plan = 'Pro' }: { url?: string; plan?: 'Basic' | 'Pro' } = {},
) {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ok({ subscription: subscription({ title: plan }) }),
    'GET /api/monitors': monitors,
    'GET /api/status_pages': () => ok({ status_pages: [statusPage()], limit: { max: 20, used: 1 } }),
    'POST /api/reports': (req) => ((req.body as { format?: string }).format === 'csv' ? csvFile : ok(report())),
    'GET /api/reports/schedules': () => ok({ schedules: [schedule()] }),
    ...handlers,
  })
  // A file the page asked for arrives here, instead of in the browser's downloads.
  saved.length = 0
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const content = files.get(this.href)
    if (content) void content.text().then((text) => saved.push({ name: this.download, text }))
  })
  toasts.length = 0
  return { ...renderShell(<ReportingPage />, { url }), requests }
}

/** The reports asked (a POST with the query as its body), each with its query read as the address would hold it. */
const reportRequests = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.path === '/api/reports')
    .map((r) => ({
      ...r,
      query: new URLSearchParams(
        Object.entries(r.body as Record<string, string | string[]>).map(([k, v]) => [k, String(v)]),
      ),
    }))
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
const table = async () => (await screen.findByRole('region', { name: 'Monitors in the report' })) as HTMLElement
const names = (region: HTMLElement) =>
  within(within(region).getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('link')
    .map((a) => a.textContent)
const choiceForm = () => screen.getByRole('form', { name: 'Report choice' })

describe('/reporting', () => {
  it('loads the report of all monitors over the last 30 days in the viewer’s zone: totals, charts, the table', async () => {
    const { requests, container } = renderPage()
    const region = await table()
    const [asked] = reportRequests(requests)
    expect(asked?.query.get('tz')).toBe(zone)
    // A preset is asked by its name: the server reads it at its own clock (a rolling one ends at the server's now).
    expect(asked?.query.get('period')).toBe('30d')
    for (const key of ['from', 'to', 'type', 'status_page_id', 'monitor_ids', 'format'])
      expect(asked?.query.has(key)).toBe(false)
    expect(screen.getByText(`Times in ${zone}.`)).toBeTruthy()

    expect(screen.getByRole('heading', { level: 2, name: 'All monitors' })).toBeTruthy()
    expect(screen.getByTestId('report-period').textContent).toBe(
      reportPeriod('2026-10-01T00:00:00.000Z', '2026-10-31T00:00:00.000Z', zone),
    )
    expect(screen.queryByTestId('report-covered-note')).toBeNull()
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(totals.textContent).toContain('Uptime99.810 %8,640 checks')
    expect(totals.textContent).toContain('SLABreachedTarget 99.9 %, error budget left −2 h')
    expect(totals.textContent).toContain('Incidents5')

    expect(
      await screen.findByRole('img', { name: /^Uptime by day over 3 days: lowest 98\.200 % on 02 Oct 2026; 1 day/ }),
    ).toBeTruthy()
    expect(
      await screen.findByRole('img', { name: /^Response time by day over 3 days: slowest p95 900 ms on 02 Oct 2026/ }),
    ).toBeTruthy()

    const headers = within(region)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers.slice(0, 4)).toEqual(['Monitor', 'Uptime', 'SLA target', 'SLA'])
    expect(headers).toHaveLength(18)
    expect(names(region)).toEqual(['Shop', 'Orders API', 'Mail server'])
    const orders = within(region).getByRole('link', { name: 'Orders API' })
    expect(orders.getAttribute('href')).toBe('/api_monitorings/m2')
    const row = orders.closest('tr') as HTMLElement
    expect(row.textContent).toContain('99.500 %')
    expect(within(row).getByText('Breached')).toBeTruthy()
    expect(row.textContent).toContain('−3 h')
    const total = within(region).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement
    expect(total.textContent).toMatch(/^Total99\.810 %99\.9 %Breached/)

    // The files: the same query with `format`, by POST, saved under the name the server gives.
    const csv = screen.getByRole('button', { name: 'Download CSV' })
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy()
    await click(csv)
    await waitFor(() => expect(saved).toHaveLength(1))
    const fileAsk = requests.findLast((r) => r.path === '/api/reports')
    expect(fileAsk?.method).toBe('POST')
    expect(fileAsk?.body).toEqual({ ...(asked?.body as object), format: 'csv' })
    expect(saved[0]).toEqual({ name: 'report-2026-10-01-2026-10-30.csv', text: 'Monitor,Type\r\n' })
    expect(csv.hasAttribute('disabled')).toBe(false)

    expect(await seriousViolations(container)).toEqual([])
  })

  it('says in a toast why a file could not be made, and lets the files be asked again', async () => {
    renderPage({
      'POST /api/reports': (req) =>
        (req.body as { format?: string }).format === 'pdf'
          ? { status: 400, body: { message: 'A report covers at most 1000 chosen monitors.' } }
          : ok(report()),
    })
    await table()
    const pdf = screen.getByRole('button', { name: 'Download PDF' })
    await click(pdf)
    await waitFor(() =>
      expect(toasts).toContainEqual({ title: 'A report covers at most 1000 chosen monitors.', type: 'error' }),
    )
    expect(saved).toEqual([])
    expect(pdf.hasAttribute('disabled')).toBe(false)
  })

  it('sorts the table by a column’s header, one way then the other, and keeps the sort in the address', async () => {
    const { location } = renderPage()
    const region = await table()
    const uptime = within(region).getByRole('button', { name: 'Uptime' })
    await click(uptime)
    expect(names(region)).toEqual(['Orders API', 'Shop', 'Mail server'])
    expect(uptime.closest('th')?.getAttribute('aria-sort')).toBe('ascending')
    expect(location()).toBe('/reporting?sort=uptime')
    await click(uptime)
    expect(names(region)).toEqual(['Mail server', 'Shop', 'Orders API'])
    expect(uptime.closest('th')?.getAttribute('aria-sort')).toBe('descending')
    await click(within(region).getByRole('button', { name: 'SLA' }))
    expect(names(region)[0]).toBe('Orders API')
  })

  it('reads the choice from the address, and says when a set has no monitors', async () => {
    const empty: Report = report({
      title: 'Website monitors',
      selection: { kind: 'type', type: 'web' },
      monitors: [],
      totals: null,
      days: [],
      covered_to: '2026-10-30T12:00:00.000Z',
    })
    const { requests } = renderPage(
      { 'POST /api/reports': () => ok(empty) },
      { url: '/reporting?period=last_month&type=web' },
    )
    expect(await screen.findByRole('heading', { name: 'No monitors in this set' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Add a monitor' }).getAttribute('href')).toBe('/services/web-monitoring')
    expect(screen.getByTestId('report-covered-note').textContent).toContain('You asked for')
    const [asked] = reportRequests(requests)
    expect(asked?.query.get('type')).toBe('web')
    expect(asked?.query.get('period')).toBe('last_month')
    const form = choiceForm()
    expect((within(form).getByRole('radio', { name: 'One type' }) as HTMLInputElement).checked).toBe(true)
    expect((within(form).getByRole('combobox', { name: 'Monitor type' }) as HTMLSelectElement).value).toBe('web')
    expect((within(form).getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe('last_month')
  })

  it('opens a link of a report mail (the API’s own query) as its days in its zone', async () => {
    const link =
      '/reporting?type=web&from=2026-11-15T23%3A00%3A00.000Z&to=2026-11-22T23%3A00%3A00.000Z&tz=Europe%2FParis'
    const { requests, location } = renderPage({}, { url: link })
    await table()
    const [asked] = reportRequests(requests)
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      type: 'web',
      from: '2026-11-15T23:00:00.000Z',
      to: '2026-11-22T23:00:00.000Z',
      tz: 'Europe/Paris',
    })
    const form = choiceForm()
    expect((within(form).getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe('custom')
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2026-11-16')
    expect((within(form).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-11-22')
    expect(within(form).getByText(/^Times in Europe\/Paris\./)).toBeTruthy()
    // A change writes the period as days, in the link's zone until the viewer takes their own.
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-11-29' } })
    await waitFor(() =>
      expect(location()).toBe('/reporting?type=web&tz=Europe%2FParis&period=custom&first=2026-11-16&last=2026-11-29'),
    )
    await waitFor(() => expect(reportRequests(requests).at(-1)?.query.get('to')).toBe('2026-11-29T23:00:00.000Z'))
    if (zone !== 'Europe/Paris') {
      await click(within(form).getByRole('button', { name: `Use your time zone (${zone})` }))
      await waitFor(() => expect(reportRequests(requests).at(-1)?.query.get('tz')).toBe(zone))
    }
  })

  it('shows a day by the hour, a monitor made that day judged from then, "Not enough data" with why, and the set\'s time without data as a share', async () => {
    const MIN = 60_000
    const day: Report = report({
      from: '2026-11-10T00:00:00.000Z',
      to: '2026-11-11T00:00:00.000Z',
      covered_from: '2026-11-10T00:00:00.000Z',
      covered_to: '2026-11-10T11:59:00.000Z',
      monitors: [
        {
          ...shop,
          id: 'typo',
          name: 'Typo site',
          judged_from: '2026-11-10T11:50:00.000Z',
          uptime: 38.703,
          sla: 'breached',
          sla_met: false,
          downtime_ms: 331_000,
          incidents: 1,
          longest_incident_ms: 331_000,
          judged_ms: 9 * MIN,
          measured_ms: 9 * MIN,
        },
        {
          ...shop,
          id: 'quiet',
          name: 'Quiet port',
          type: 'port',
          path: '/port_monitorings/quiet',
          judged_from: '2026-11-10T00:00:00.000Z',
          uptime: 50,
          sla: 'not_enough_data',
          sla_met: null,
          downtime_ms: 10 * MIN,
          measured_ms: 20 * MIN,
          no_data_ms: 699 * MIN,
        },
      ],
      totals: numbers({ uptime: 97.1, sla: 'breached', sla_met: false, no_data_ms: 699 * MIN, no_data_share: 48.307 }),
      days: [
        {
          date: '2026-11-10',
          uptime: 97.1,
          downtime_ms: 25 * MIN,
          avg_response_ms: 80,
          p95_response_ms: 90,
          checks: 160,
          failures: 4,
        },
      ],
      hours: Array.from({ length: 12 }, (_, k) => ({
        start: new Date(Date.UTC(2026, 10, 10, k)).toISOString(),
        uptime: k === 10 ? 72 : 100,
        downtime_ms: k === 10 ? 10 * MIN : 0,
        avg_response_ms: 80,
        p95_response_ms: 90,
        checks: 12,
        failures: k === 10 ? 2 : 0,
      })),
    })
    renderPage(
      { 'POST /api/reports': () => ok(day) },
      { url: '/reporting?from=2026-11-10T00%3A00%3A00.000Z&to=2026-11-11T00%3A00%3A00.000Z&tz=UTC' },
    )
    const region = await table()
    // Charted by the hour: twelve points each, the words naming the hour.
    const uptime = await screen.findByRole('img', {
      name: /^Uptime by hour over 12 hours: lowest 72\.000 % at 10:00\.$/,
    })
    expect(uptime.getAttribute('data-points')).toBe('12')
    expect(screen.getByRole('figure', { name: 'Uptime by hour' })).toBeTruthy()
    expect(screen.getByRole('figure', { name: 'Response time by hour' })).toBeTruthy()
    expect(await screen.findByRole('img', { name: /^Response time by hour over 12 hours/ })).toBeTruthy()
    // The monitor made at 11:50 says so; the rows' SLA says "Not enough data", and why, under the table.
    const typo = within(region).getByRole('link', { name: 'Typo site' }).closest('tr') as HTMLElement
    expect(typo.textContent).toContain('Made 10 Nov 2026, 11:50')
    const quiet = within(region).getByRole('link', { name: 'Quiet port' }).closest('tr') as HTMLElement
    expect(within(quiet).getByText('Not enough data')).toBeTruthy()
    expect(quiet.textContent).not.toContain('Made')
    expect(screen.getByText('A monitor made during the period is judged on the time since it was made.')).toBeTruthy()
    expect(screen.getByText(/^Not enough data: the checks measured less than 10 % of the time/)).toBeTruthy()
    // The set's time without data is a share of its monitors' time, in the totals and the table's Total row.
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(totals.textContent).toContain('No data: 48.3 % of the time')
    const total = within(region).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement
    expect(total.lastElementChild?.textContent).toBe('48.3 %')
    expect(quiet.lastElementChild?.textContent).toBe('11 h 39 min')
  })

  it('asks for the monitors ticked, and asks nothing while none is', async () => {
    const { requests, location } = renderPage()
    await table()
    const form = choiceForm()
    await click(within(form).getByRole('radio', { name: 'Chosen monitors' }))
    expect(await within(form).findByText('Choose at least one monitor.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Monitors in the report' })).toBeNull()
    expect(reportRequests(requests)).toHaveLength(1)
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Search monitors' }), { target: { value: 'orders' } })
    expect(within(form).queryByRole('checkbox', { name: /Shop/ })).toBeNull()
    await click(within(form).getByRole('checkbox', { name: /Orders API/ }))
    await table()
    expect(reportRequests(requests).at(-1)?.query.get('monitor_ids')).toBe('m2')
    expect(location()).toBe('/reporting?monitor_ids=m2')
  })

  it('keeps both of two ticks made before the page has drawn the first', async () => {
    const { location } = renderPage()
    await table()
    const form = choiceForm()
    await click(within(form).getByRole('radio', { name: 'Chosen monitors' }))
    const boxes = within(form).getAllByRole('checkbox')
    act(() => {
      fireEvent.click(boxes[0] as HTMLElement)
      fireEvent.click(boxes[1] as HTMLElement)
    })
    await waitFor(() => expect(location()).toBe('/reporting?monitor_ids=m1%2Cm2'))
  })

  it('refuses a custom range that ends before it starts, and shows what the server says of another', async () => {
    const { requests, location } = renderPage({
      'POST /api/reports': (req) =>
        (req.body as { from?: string }).from?.startsWith('2025-')
          ? { status: 400, body: { message: 'Rollups are kept 400 days: choose a later start.' } }
          : ok(report()),
    })
    await table()
    const form = choiceForm()
    fireEvent.change(within(form).getByRole('combobox', { name: 'Period' }), { target: { value: 'custom' } })
    const first = (await within(form).findByLabelText('First day')) as HTMLInputElement
    const last = within(form).getByLabelText('Last day') as HTMLInputElement
    expect(first.value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await waitFor(() => expect(reportRequests(requests)).toHaveLength(2))
    fireEvent.change(last, { target: { value: '2026-10-01' } })
    await waitFor(() => expect(location()).toContain('last=2026-10-01'))
    const asked = reportRequests(requests).length
    fireEvent.change(first, { target: { value: '2026-10-10' } })
    expect(await within(form).findByText('The end of the period must be after its start.')).toBeTruthy()
    expect(last.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('region', { name: 'Monitors in the report' })).toBeNull()
    expect(reportRequests(requests)).toHaveLength(asked)
    expect(location()).toBe('/reporting?period=custom&first=2026-10-10&last=2026-10-01')

    fireEvent.change(first, { target: { value: '2025-12-01' } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Rollups are kept 400 days: choose a later start.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('shows the lock instead of the page on a plan without Reporting', async () => {
    const { requests } = renderPage({}, { plan: 'Basic' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy())
    expect(screen.getByText(/The Reporting feature is part of our premium offerings/)).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Report choice' })).toBeNull()
    await new Promise((r) => setTimeout(r, 50))
    expect(requests.some((r) => r.path.startsWith('/api/reports'))).toBe(false)
  })
})

describe('/reporting: scheduled reports', () => {
  const card = async (name: string) => (await screen.findByRole('listitem', { name })) as HTMLElement
  const field = (root: HTMLElement, label: string) =>
    within(root).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement
  const errorOf = (input: HTMLElement) =>
    (input.getAttribute('aria-errormessage') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')

  it('lists each schedule with its recipients, set, next and last send, and its past sends', async () => {
    const { requests } = renderPage({
      'GET /api/reports/schedules': () =>
        ok({
          schedules: [
            schedule(),
            schedule({
              id: 'sch-2',
              name: 'Acme monthly',
              frequency: 'monthly',
              selection: { kind: 'status_page', status_page_id: 'sp-1' },
              last_send: send({ id: 'send-9', status: 'failed', error: 'Mailbox unavailable' }),
            }),
          ],
        }),
      'GET /api/reports/schedules/sch-1/sends': () =>
        ok({
          sends: [
            send(),
            send({ id: 'send-0', created_at: '2026-11-16T00:05:00.000Z', status: 'failed', error: 'Timed out' }),
          ],
        }),
    })
    const weekly = await card('Weekly SLA')
    expect(weekly.textContent).toContain('Weekly · All monitors')
    expect(weekly.textContent).toContain('ops@example.com, cto@example.com')
    expect(within(weekly).getByTestId('last-send').textContent).toMatch(/^Sent/)
    const monthly = await card('Acme monthly')
    await waitFor(() => expect(monthly.textContent).toContain('Monthly · Status page Acme status'))
    expect(within(monthly).getByTestId('last-send').textContent).toContain('FailedMailbox unavailable'.slice(0, 6))
    expect(within(monthly).getByTestId('last-send').textContent).toContain('Mailbox unavailable')

    await click(within(weekly).getByText('Past sends'))
    const past = await within(weekly).findByRole('list', { name: 'Past sends' })
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Sent 23 Nov 2026/), expect.stringMatching(/^Failed 16 Nov 2026.*Timed out$/)])
    expect(past.textContent).toContain('Timed out')
    expect(requests.filter((r) => r.path.endsWith('/sends'))).toHaveLength(1)
  })

  it('creates a schedule of the page’s set: checked by the schema, the server’s field errors beside their fields', async () => {
    let posts = 0
    const created: ReportSchedule = schedule({
      id: 'sch-3',
      name: 'Web weekly',
      selection: { kind: 'type', type: 'web' },
      last_send: null,
    })
    const { requests } = renderPage(
      {
        'POST /api/reports/schedules': () => {
          posts += 1
          return posts === 1
            ? {
                status: 400,
                body: { message: 'Check the fields.', errors: { name: 'A schedule has this name already.' } },
              }
            : ok({ schedule: created }, 201)
        },
      },
      { url: '/reporting?type=web' },
    )
    await card('Weekly SLA')
    await click(screen.getByRole('button', { name: 'Schedule a report' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Schedule a report' })) as HTMLElement
    expect((within(dialog).getByRole('radio', { name: 'One type' }) as HTMLInputElement).checked).toBe(true)
    expect((field(dialog, 'Time zone') as unknown as HTMLSelectElement).value).toBe(zone)
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Web weekly' } })
    fireEvent.change(field(dialog, 'Recipients'), { target: { value: 'ops@example.com,\nnot-an-address' } })
    await click(within(dialog).getByRole('button', { name: 'Schedule the report' }))
    expect(errorOf(field(dialog, 'Recipients'))).toBe(
      'Each recipient must be an email address, such as ops@example.com.',
    )
    expect(posts).toBe(0)

    fireEvent.change(field(dialog, 'Recipients'), { target: { value: 'ops@example.com,\nCTO@example.com' } })
    await click(within(dialog).getByRole('button', { name: 'Schedule the report' }))
    await waitFor(() => expect(errorOf(field(dialog, 'Name'))).toBe('A schedule has this name already.'))
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/reports/schedules')?.body).toEqual({
      name: 'Web weekly',
      frequency: 'weekly',
      recipients: ['ops@example.com', 'cto@example.com'],
      selection: { kind: 'type', type: 'web' },
      time_zone: zone,
    })
    expect(await seriousViolations(dialog)).toEqual([])

    await click(within(dialog).getByRole('button', { name: 'Schedule the report' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await card('Web weekly')).toBeTruthy()
  })

  it('sends a report now and says so; deletes a schedule after the confirmation', async () => {
    let deleted = 0
    const manual = send({ id: 'send-2', trigger: 'manual', status: 'sending' })
    const { requests } = renderPage({
      'POST /api/reports/schedules/sch-1/send': () => ok({ send: manual }, 202),
      'DELETE /api/reports/schedules/sch-1': () => {
        deleted += 1
        return { status: 204 }
      },
    })
    const weekly = await card('Weekly SLA')
    await click(within(weekly).getByRole('button', { name: 'Send Weekly SLA now' }))
    await waitFor(() => expect(toasts).toEqual([{ title: 'Report sent to 2 recipients', type: 'success' }]))
    expect(requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/reports/schedules/'))).toHaveLength(1)
    await waitFor(() => expect(within(weekly).getByTestId('last-send').textContent).toMatch(/^Sending.*\(sent now\)/))

    await click(within(weekly).getByRole('button', { name: 'Delete Weekly SLA' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the report schedule “Weekly SLA”?' })
    await click(within(confirm).getByRole('button', { name: 'Delete report schedule' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Weekly SLA' })).toBeNull())
    expect(deleted).toBe(1)
    expect(toasts.at(-1)).toEqual({ title: 'Scheduled report deleted', type: 'success' })
    expect(await screen.findByRole('heading', { name: 'No scheduled reports yet' })).toBeTruthy()
  })
})
