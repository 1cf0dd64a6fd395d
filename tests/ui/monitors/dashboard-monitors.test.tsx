// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DashboardMonitors } from '../../../src/ui/pages/DashboardMonitors.tsx'
import { incident } from '../../fixtures/monitors.ts'
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
    expect(within(open).getByRole('link', { name: 'Database' }).getAttribute('href')).toBe('/port_monitorings/p9')
    expect(within(open).getByRole('link', { name: 'Gateway' }).getAttribute('href')).toBe('/ping_monitorings/g3')
    expect(requests.find((r) => r.path === '/api/incidents')?.query.get('open')).toBe('true')
  })
})
