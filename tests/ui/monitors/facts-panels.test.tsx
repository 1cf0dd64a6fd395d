// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CheckResult } from '@vigil/domain/check-result'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { ResponseChart } from '@vigil/domain/response-chart'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { CheckBlackListPage } from '../../../src/ui/pages/monitors/CheckBlackListPage.tsx'
import { MonitorDetailPage } from '../../../src/ui/pages/monitors/MonitorDetailPage.tsx'
import {
  blacklistDetail,
  blacklistMonitor,
  checkResult,
  dnsDetail,
  dnsMonitor,
  domainDetail,
  domainMonitor,
  inDays,
  sslDetail,
  sslMonitor,
  stats,
} from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

// jsdom has no canvas: the uPlot chart is drawn in the browser tests.
vi.mock('../../../src/ui/pages/monitors/ResponseTimeChart.tsx', () => ({
  ResponseTimeChart: ({ chart, label }: { chart: ResponseChart; label: string }) => (
    <div role="img" aria-label={label} data-points={chart.x.length} />
  ),
}))

const ok = (data: unknown) => ({ status: 200, body: { data } })
const page = (results: CheckResult[], pageNo = 1) =>
  ok({ results, pagination: { total: results.length, page: pageNo, limit: 20, total_pages: 1 } })

/** The API of one monitor: itself, its stats, these results (newest first) and no incidents. */
const monitorApi = (monitor: Monitor, results: CheckResult[], over: Handlers = {}): Handlers => ({
  'GET /api/user_subscription': () => ok({ subscription: subscription({ title: 'Pro' }) }),
  [`GET /api/monitors/${monitor.id}`]: () => ok({ monitor }),
  [`GET /api/monitors/${monitor.id}/stats`]: () => ok({ stats: stats() }),
  [`GET /api/monitors/${monitor.id}/results`]: (req) => page(results, Number(req.query.get('page'))),
  'GET /api/incidents': () => ok({ incidents: [], pagination: { total: 0, page: 1, limit: 20, total_pages: 0 } }),
  'GET /api/monitors': () =>
    ok({ monitors: [], counts: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 } }),
  ...over,
})

const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`
const reported = (detail: Record<string, unknown>, over: Partial<CheckResult> = {}) =>
  checkResult({ checked_at: at(10), detail, message: 'All good', ...over })

function renderAt(url: string, handlers: Handlers) {
  signIn()
  const requests = stubApi(handlers)
  const utils = renderShell(
    <Routes>
      <Route path="/dns_monitorings/:dns_ssl_id" element={<MonitorDetailPage type="dns" />} />
      <Route path="/ssl_monitoring/details" element={<MonitorDetailPage type="ssl" />} />
      <Route path="/domain_monitoring/details" element={<MonitorDetailPage type="domain" />} />
      <Route path="/api_monitorings/:api_monitoring_id" element={<MonitorDetailPage type="api" />} />
      <Route path="/services/check_black_list" element={<CheckBlackListPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { url },
  )
  return { ...utils, requests }
}

const panel = async () => screen.findByTestId('facts-panel')
/** The value of a term in a panel's list. */
const fact = (root: HTMLElement, term: string) => {
  const dt = within(root)
    .getAllByRole('term')
    .find((t) => t.textContent === term)
  if (!dt) throw new Error(`no term ${term}`)
  return dt.nextElementSibling as HTMLElement
}
const items = (root: HTMLElement, list: string) =>
  within(within(root).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the DNS monitor page', () => {
  it('shows the resolver, record type and answer, and marks each expected value found or missing', async () => {
    renderAt('/dns_monitorings/d1', monitorApi(dnsMonitor(), [reported(dnsDetail())]))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail records' })).toBeTruthy()
    expect(screen.getByText('example.com · MX records')).toBeTruthy()
    const facts = await panel()
    expect(within(facts).getByRole('heading', { name: 'Latest answer' })).toBeTruthy()
    expect(fact(facts, 'Resolver').textContent).toBe('192.0.2.53:53')
    expect(fact(facts, 'Record type').textContent).toBe('MX')
    expect(items(facts, 'Answer values')).toEqual(['10 mail.example.com', '30 other.example.net'])
    expect(fact(facts, 'Expected (contains)')).toBeTruthy()
    expect(items(facts, 'Expected values')).toEqual(['10 mail.example.com found', '20 backup.example.com missing'])
  })

  it('an exact match marks answer values not expected; no records is said', async () => {
    const monitor = dnsMonitor({ expected: ['10 MAIL.example.com.'], expected_match: 'exact' })
    renderAt('/dns_monitorings/d1', monitorApi(monitor, [reported(dnsDetail())]))
    const facts = await panel()
    expect(items(facts, 'Answer values')).toEqual(['10 mail.example.com', '30 other.example.net not expected'])
    expect(items(facts, 'Expected values')).toEqual(['10 MAIL.example.com. found'])
    expect(fact(facts, 'Expected (exact)')).toBeTruthy()
  })

  it('says "not checked yet" before the first check', async () => {
    renderAt('/dns_monitorings/d1', monitorApi(dnsMonitor(), []))
    expect((await panel()).textContent).toContain('Not checked yet')
  })

  it('after a check that reported nothing, shows the last facts known and says why they are older', async () => {
    const failed = checkResult({
      checked_at: at(15),
      status: 'down',
      ok: false,
      detail: null,
      message: 'The resolver 192.0.2.53:53 did not answer within 10 s.',
    })
    renderAt('/dns_monitorings/d1', monitorApi(dnsMonitor(), [failed, reported(dnsDetail())]))
    const facts = await panel()
    expect(within(facts).getByRole('note').textContent).toContain(
      'found nothing to show: The resolver 192.0.2.53:53 did not answer within 10 s.',
    )
    expect(items(facts, 'Answer values')).toHaveLength(2)
  })

  it('reads the facts from the newest results while an older page of results is shown', async () => {
    const { requests } = renderAt('/dns_monitorings/d1', {
      ...monitorApi(dnsMonitor(), []),
      'GET /api/monitors/d1/results': (req) =>
        req.query.get('page') === '1'
          ? ok({
              results: [reported(dnsDetail())],
              pagination: { total: 40, page: 1, limit: 20, total_pages: 2 },
            })
          : ok({
              results: [checkResult({ checked_at: at(1), detail: null, message: 'Older' })],
              pagination: { total: 40, page: 2, limit: 20, total_pages: 2 },
            }),
    })
    await panel()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Older' }))
    })
    await screen.findByText('Page 2 of 2 · 40 checks')
    expect(items(await panel(), 'Answer values')).toHaveLength(2)
    const asked = requests.filter((r) => r.path === '/api/monitors/d1/results').map((r) => r.query.get('page'))
    expect(asked.slice(-2).sort()).toEqual(['1', '2'])
  })

  it('has no serious accessibility violations', async () => {
    const { container } = renderAt('/dns_monitorings/d1', monitorApi(dnsMonitor(), [reported(dnsDetail())]))
    await panel()
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('the SSL monitor page (/ssl_monitoring/details?id=)', () => {
  it('shows the certificate: names, issuer, dates and days left, chain, host name, protocol, cipher, serial, fingerprint', async () => {
    const certificate = sslDetail()
    renderAt(
      '/ssl_monitoring/details?id=s1',
      monitorApi(sslMonitor({ expires_at: certificate.valid_to }), [reported(certificate)]),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop certificate' })).toBeTruthy()
    expect(screen.getByText('Certificate expires').parentElement?.textContent).toContain('10 days left')
    const facts = await panel()
    expect(within(facts).getByRole('heading', { name: 'Certificate' })).toBeTruthy()
    expect(fact(facts, 'Subject').textContent).toBe('shop.example.com')
    expect(fact(facts, 'Issuer').textContent).toBe('Example Issuing CA')
    expect(items(facts, 'Alternative names')).toEqual(['shop.example.com', 'www.shop.example.com'])
    expect(fact(facts, 'Valid from').textContent).toMatch(/^01 Sep 2026, \d\d:\d\d [AP]M$/)
    expect(fact(facts, 'Valid to').querySelector('time')?.getAttribute('dateTime')).toBe(certificate.valid_to)
    expect(fact(facts, 'Days left').textContent).toBe('10 days left')
    expect(fact(facts, 'Days left').querySelector('[data-expiry]')?.getAttribute('data-expiry')).toBe('warning')
    expect(fact(facts, 'Chain').textContent).toContain('Valid')
    expect(fact(facts, 'Host name').textContent).toContain('Matches shop.example.com')
    expect(fact(facts, 'Protocol').textContent).toBe('TLSv1.3')
    expect(fact(facts, 'Cipher').textContent).toBe('TLS_AES_256_GCM_SHA384')
    expect(fact(facts, 'Serial').textContent).toBe('04A1B2C3D4E5F6')
    expect(fact(facts, 'SHA-256 fingerprint').textContent).toBe(certificate.fingerprint256)
  })

  it('says why a chain is not valid and that the name does not match; an expired one reads "expired"', async () => {
    const certificate = sslDetail({
      chain_valid: false,
      chain_error: 'self-signed certificate',
      hostname_match: false,
      valid_to: inDays(-2),
    })
    renderAt('/ssl_monitoring/details?id=s1', monitorApi(sslMonitor(), [reported(certificate)]))
    const facts = await panel()
    expect(fact(facts, 'Chain').textContent).toContain('Not valid: self-signed certificate')
    expect(fact(facts, 'Host name').textContent).toContain('Does not match shop.example.com')
    expect(fact(facts, 'Days left').textContent).toBe('expired')
  })

  it('without an id goes to the SSL list', async () => {
    const { location } = renderAt('/ssl_monitoring/details', monitorApi(sslMonitor(), []))
    await waitFor(() => expect(location()).toBe('/services/ssl-monitoring'))
  })

  it('has no serious accessibility violations', async () => {
    const { container } = renderAt('/ssl_monitoring/details?id=s1', monitorApi(sslMonitor(), [reported(sslDetail())]))
    await panel()
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('the domain monitor page (/domain_monitoring/details?id=)', () => {
  it('shows registrar, dates, days left, name servers, status, source and server', async () => {
    const registration = domainDetail({
      expires_at: inDays(25),
      source: 'whois',
      server: 'whois.example-registry.test',
    })
    renderAt('/domain_monitoring/details?id=m1', monitorApi(domainMonitor(), [reported(registration)]))
    const facts = await panel()
    expect(within(facts).getByRole('heading', { name: 'Registration' })).toBeTruthy()
    expect(fact(facts, 'Registrar').textContent).toBe('Example Registrar, Inc.')
    expect(fact(facts, 'Registered').textContent).toBe('14 Aug 1995')
    expect(fact(facts, 'Expires').querySelector('time')?.getAttribute('dateTime')).toBe(registration.expires_at)
    expect(fact(facts, 'Days left').textContent).toBe('25 days left')
    expect(items(facts, 'Name servers')).toEqual(['a.iana-servers.net', 'b.iana-servers.net'])
    expect(items(facts, 'Status')).toEqual(['client delete prohibited', 'client transfer prohibited'])
    expect(fact(facts, 'Source').textContent).toBe('WHOIS')
    expect(fact(facts, 'Server').textContent).toBe('whois.example-registry.test')
  })

  it('has no serious accessibility violations', async () => {
    const { container } = renderAt(
      '/domain_monitoring/details?id=m1',
      monitorApi(domainMonitor(), [reported(domainDetail({ registrar: null, registered_at: null }))]),
    )
    const facts = await panel()
    expect(fact(facts, 'Registrar').textContent).toBe('not given')
    expect(fact(facts, 'Source').textContent).toBe('RDAP')
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('the blacklist monitor page (/services/check_black_list?id=)', () => {
  it('shows each zone and address: listed with the reason first, then the zones that could not be asked', async () => {
    renderAt('/services/check_black_list?id=b1', monitorApi(blacklistMonitor(), [reported(blacklistDetail())]))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail server' })).toBeTruthy()
    const facts = await panel()
    expect(within(facts).getByTestId('blacklist-summary').textContent).toBe(
      'Listed by 1 of 3 blacklists; 1 blacklist could not be asked',
    )
    const rows = within(within(facts).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      )
    expect(rows).toEqual([
      [
        'bl.example-spam.test',
        '192.0.2.25',
        'Listed',
        'Listed for sending spam, see https://bl.example-spam.test/lookup',
      ],
      ['dnsbl.example-slow.test', '192.0.2.25', 'Error', 'Timed out'],
      ['zen.example-bl.test', '192.0.2.25', 'Not listed', ''],
    ])
    expect(screen.getByRole('link', { name: 'Check Black List' }).getAttribute('href')).toBe(
      '/services/check_black_list',
    )
  })

  it('has no serious accessibility violations', async () => {
    const { container } = renderAt(
      '/services/check_black_list?id=b1',
      monitorApi(blacklistMonitor(), [reported(blacklistDetail())]),
    )
    await panel()
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('a notification of another type opened at /api_monitorings/{id}', () => {
  it.each([
    [blacklistMonitor(), '/services/check_black_list?id=b1', 'Mail server'],
    [sslMonitor(), '/ssl_monitoring/details?id=s1', 'Shop certificate'],
    [domainMonitor(), '/domain_monitoring/details?id=m1', 'Company domain'],
    [dnsMonitor(), '/dns_monitorings/d1', 'Mail records'],
  ])('moves to the page of its type (%#)', async (monitor, path, name) => {
    const { location } = renderAt(`/api_monitorings/${monitor.id}`, monitorApi(monitor, [checkResult()]))
    await waitFor(() => expect(location()).toBe(path))
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy()
    expect(await panel()).toBeTruthy()
  })
})
