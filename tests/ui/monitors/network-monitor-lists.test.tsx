// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { dnsMonitor, domainMonitor, inDays, sslMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const counts = (list: Monitor[]) => ({
  total: list.length,
  up: list.length,
  down: 0,
  degraded: 0,
  paused: 0,
  pending: 0,
})

async function renderList(type: MonitorType, list: Monitor[], plan: 'Basic' | 'Pro' = 'Pro') {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ title: plan }) } },
    }),
    'GET /api/monitors': () => ({
      status: 200,
      body: { data: { monitors: list, counts: counts(list), ...pageExtras } },
    }),
  })
  const utils = renderShell(<MonitorListPage type={type} />)
  return { ...utils, requests }
}

/** The cells of the row of `name`, keyed by their column's title. */
const rowOf = (name: string) => {
  const table = screen.getByRole('table')
  const titles = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '')
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('link', { name }))
  if (!row) throw new Error(`no row for ${name}`)
  const cells = within(row).getAllByRole('cell')
  return Object.fromEntries(titles.map((t, i) => [t, cells[i] as HTMLElement]))
}

describe('the DNS, SSL and domain lists', () => {
  it('DNS: host name, record type and what the answer must hold; links to /dns_monitorings/{id}', async () => {
    const { requests } = await renderList('dns', [
      dnsMonitor(),
      dnsMonitor({ id: 'd2', name: 'Web address', hostname: 'www.example.com', record_type: 'A', expected: [] }),
      dnsMonitor({ id: 'd3', name: 'SPF', record_type: 'TXT', expected: ['v=spf1 -all'], expected_match: 'exact' }),
    ])
    await screen.findByRole('table')
    expect(screen.getByRole('heading', { level: 1, name: 'DNS Monitoring' })).toBeTruthy()
    expect(requests.find((r) => r.path === '/api/monitors')?.query.get('type')).toBe('dns')
    const mail = rowOf('Mail records')
    expect(
      within(mail.Name as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/dns_monitorings/d1')
    expect(mail.Name?.textContent).toContain('example.com')
    expect(mail.Record?.textContent).toBe('MXcontains 2 values')
    expect(rowOf('Web address').Record?.textContent).toBe('Aany answer')
    expect(rowOf('SPF').Record?.textContent).toBe('TXTexactly 1 value')
  })

  it('SSL: the expiry date and days left, amber within the first warning day, red once expired', async () => {
    await renderList('ssl', [
      sslMonitor({ id: 's1', name: 'Far', expires_at: inDays(90) }),
      sslMonitor({ id: 's2', name: 'Near', expires_at: inDays(12) }),
      sslMonitor({ id: 's3', name: 'Custom warning', expires_at: inDays(40), warn_days: [45, 7] }),
      sslMonitor({ id: 's4', name: 'Gone', expires_at: inDays(-3) }),
      sslMonitor({ id: 's5', name: 'New', expires_at: null, host: 'new.example.com', port: 8443 }),
    ])
    await screen.findByRole('table')
    const expiry = (name: string) => rowOf(name).Expires?.querySelector('[data-expiry]')
    expect(rowOf('Far').Expires?.textContent).toMatch(/^\d\d [A-Z][a-z]{2} \d{4}90 days left$/)
    expect(expiry('Far')?.getAttribute('data-expiry')).toBe('ok')
    expect(expiry('Near')?.textContent).toBe('12 days left')
    expect(expiry('Near')?.getAttribute('data-expiry')).toBe('warning')
    expect(expiry('Custom warning')?.getAttribute('data-expiry')).toBe('warning')
    expect(expiry('Gone')?.textContent).toBe('expired')
    expect(expiry('Gone')?.getAttribute('data-expiry')).toBe('expired')
    expect(rowOf('New').Expires?.textContent).toBe('not checked yet')
    expect(rowOf('New').Name?.textContent).toContain('new.example.com:8443')
    expect(rowOf('Far').Name?.textContent).toContain('shop.example.com')
    expect(rowOf('Far').Name?.textContent).not.toContain(':443')
    expect(
      within(rowOf('Far').Name as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/ssl_monitoring/details?id=s1')
  })

  it('Domain: expiry too, linking to /domain_monitoring/details?id=', async () => {
    await renderList('domain', [domainMonitor({ expires_at: inDays(1) })])
    await screen.findByRole('table')
    const row = rowOf('Company domain')
    expect(row.Expires?.querySelector('[data-expiry]')?.textContent).toBe('1 day left')
    expect(
      within(row.Name as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/domain_monitoring/details?id=m1')
  })

  it('DNS Monitoring is locked for Basic: the upgrade prompt instead of the list', async () => {
    await renderList('dns', [dnsMonitor()], 'Basic')
    expect(await screen.findByRole('heading', { level: 1, name: 'DNS Monitoring' })).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy())
    expect(screen.getByText(/The DNS Monitoring feature is part of our premium offerings/)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('has no serious accessibility violations', async () => {
    const { container } = await renderList('ssl', [
      sslMonitor({ expires_at: inDays(5) }),
      sslMonitor({ id: 's2', name: 'Old', expires_at: inDays(-1) }),
    ])
    await screen.findByRole('table')
    expect(await seriousViolations(container)).toEqual([])
  })
})
