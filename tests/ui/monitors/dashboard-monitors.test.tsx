// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { DashboardMonitors } from '../../../src/ui/pages/DashboardMonitors.tsx'
import { domainMonitor, incident, inDays, sslMonitor, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })

describe('the dashboard overview', () => {
  it('counts monitors by state (degraded only when there are some) and links open incidents to their monitors', async () => {
    signIn()
    const requests = stubApi({
      'GET /api/monitors': () =>
        ok({ monitors: [], counts: { total: 7, up: 4, down: 2, degraded: 0, paused: 1, pending: 0 } }),
      'GET /api/incidents': () =>
        ok({
          incidents: [
            incident({
              id: 'i1',
              monitor_id: 'p9',
              monitor_type: 'port',
              monitor_name: 'Database',
              resolved_at: null,
              duration_ms: null,
            }),
            incident({
              id: 'i2',
              monitor_id: 'g3',
              monitor_type: 'ping',
              monitor_name: 'Gateway',
              resolved_at: null,
              duration_ms: null,
            }),
          ],
          pagination: { total: 2, page: 1, limit: 10, total_pages: 1 },
        }),
    })
    renderShell(<DashboardMonitors />)
    const counts = await screen.findByRole('region', { name: 'Monitors (7)' })
    const figure = (label: string) => within(counts).getByText(label).nextElementSibling?.textContent
    expect([figure('Up'), figure('Down'), figure('Paused')]).toEqual(['4', '2', '1'])
    expect(within(counts).queryByText('Degraded')).toBeNull()
    const open = screen.getByRole('region', { name: 'Open incidents (2)' })
    // Each opens its incident's page (issue 19), with a link to its monitor beside it, and all incidents below.
    expect(within(open).getByRole('link', { name: 'Database' }).getAttribute('href')).toBe('/incidents/i1')
    expect(within(open).getByRole('link', { name: 'The monitor Database' }).getAttribute('href')).toBe(
      '/port_monitorings/p9',
    )
    expect(within(open).getByRole('link', { name: 'The monitor Gateway' }).getAttribute('href')).toBe(
      '/ping_monitorings/g3',
    )
    expect(within(open).getByRole('link', { name: 'All incidents' }).getAttribute('href')).toBe('/incidents')
    expect(requests.find((r) => r.path === '/api/incidents')?.query.get('open')).toBe('true')
  })

  const withMonitors = (monitors: Monitor[]) => {
    signIn()
    stubApi({
      'GET /api/monitors': () =>
        ok({
          monitors,
          counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
        }),
      'GET /api/incidents': () => ok({ incidents: [], pagination: { total: 0, page: 1, limit: 10, total_pages: 0 } }),
    })
    return renderShell(<DashboardMonitors />)
  }

  it('lists the certificates and domains expiring within 30 days, soonest first, linking to their pages', async () => {
    const { container } = withMonitors([
      sslMonitor({ id: 's1', name: 'Shop certificate', expires_at: inDays(12) }),
      sslMonitor({ id: 's2', name: 'Far certificate', expires_at: inDays(31) }),
      domainMonitor({ id: 'm1', name: 'Old domain', expires_at: inDays(-1) }),
      domainMonitor({ id: 'm2', name: 'Company domain', expires_at: inDays(30) }),
      sslMonitor({ id: 's3', name: 'Unchecked', expires_at: null }),
      webMonitor(),
    ])
    const card = await screen.findByRole('region', { name: 'Expiring soon (3)' })
    const entries = within(card).getAllByRole('listitem')
    expect(entries.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Old domain',
      'Shop certificate',
      'Company domain',
    ])
    expect(entries.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual([
      '/domain_monitoring/details?id=m1',
      '/ssl_monitoring/details?id=s1',
      '/domain_monitoring/details?id=m2',
    ])
    expect(entries[0]?.textContent).toContain('Domain registration')
    expect(entries[0]?.querySelector('[data-expiry]')?.textContent).toBe('expired')
    expect(entries[1]?.textContent).toContain('SSL certificate')
    expect(entries[1]?.querySelector('[data-expiry]')?.textContent).toBe('12 days left')
    expect(await seriousViolations(container)).toEqual([])
  })

  it('says nothing expires soon, or how to start watching expiry', async () => {
    const far = withMonitors([sslMonitor({ expires_at: inDays(90) })])
    expect((await screen.findByRole('region', { name: 'Expiring soon' })).textContent).toContain(
      'No certificate or domain expires in the next 30 days.',
    )
    far.unmount()
    withMonitors([webMonitor()])
    const card = await screen.findByRole('region', { name: 'Expiring soon' })
    expect(within(card).getByRole('link', { name: 'SSL monitor' }).getAttribute('href')).toBe(
      '/services/ssl-monitoring',
    )
    expect(within(card).getByRole('link', { name: 'domain monitor' }).getAttribute('href')).toBe(
      '/services/domain-monitoring',
    )
  })
})
