// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, within } from '@testing-library/react'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { describe, expect, it } from 'vitest'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'
import { chooseRowAction, LAZY } from './row-actions.ts'

const counts = (list: Monitor[]) => ({
  total: list.length,
  up: list.filter((m) => m.status === 'up').length,
  down: list.filter((m) => m.status === 'down').length,
  degraded: 0,
  paused: list.filter((m) => m.status === 'paused').length,
  pending: 0,
})
const listReply = (list: Monitor[]) => ({
  status: 200,
  body: { data: { monitors: list, counts: counts(list), ...pageExtras } },
})

async function renderList(list: Monitor[], handlers: Handlers = {}) {
  signIn()
  const requests = stubApi({ 'GET /api/monitors': () => listReply(list), ...handlers })
  const utils = renderShell(<MonitorListPage type="web" />, { url: '/services/web-monitoring' })
  return { ...utils, requests }
}

const DAY = 86_400_000
const shop = webMonitor({
  id: 'w1',
  name: 'Shop',
  uptime_24h: 99.9996,
  uptime_30d: null,
  created_at: new Date(Date.now() - 90 * DAY).toISOString(),
})
const blog = webMonitor({ id: 'w2', name: 'Blog', status: 'down', paused: false, last_checked_at: null })

describe('the website monitoring list', () => {
  it('asks for the web monitors and shows each with status text, uptime and last check', async () => {
    const { requests } = await renderList([shop, blog])
    const table = await screen.findByRole('table')
    expect(requests.find((r) => r.path === '/api/monitors')?.query.get('type')).toBe('web')
    expect(screen.getByRole('heading', { level: 1, name: 'Website Monitoring' })).toBeTruthy()
    const [, shopRow, blogRow] = within(table).getAllByRole('row') as HTMLElement[]
    if (!shopRow || !blogRow) throw new Error('rows missing')
    expect(within(shopRow).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/web_monitorings/w1')
    expect(within(shopRow).getByText('https://example.com/')).toBeTruthy()
    expect(within(shopRow).getByText('Up')).toBeTruthy()
    // Rounded down, never 100 %; a missing uptime is "—" with the reason, not a word where the figure goes.
    expect(within(shopRow).getByText('99.99 %')).toBeTruthy()
    expect(within(shopRow).getByText('—')).toBeTruthy()
    expect(within(shopRow).getByText('no checks in this window')).toBeTruthy()
    const time = shopRow.querySelector('time')
    expect(time?.getAttribute('title')).toMatch(/^\d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d [AP]M$/)
    expect(within(blogRow).getByText('Down')).toBeTruthy()
    expect(within(blogRow).getByText('not yet')).toBeTruthy()
    expect(screen.getByTestId('monitor-counts').textContent).toContain('1 up · 1 down')
  })

  it('shows a new monitor beside its Up without uptime figures: "—", first checks pending', async () => {
    const fresh = webMonitor({
      id: 'w3',
      name: 'Fresh',
      status: 'up',
      uptime_24h: null,
      uptime_30d: null,
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    })
    await renderList([fresh])
    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1] as HTMLElement
    expect(within(row).getByText('Up')).toBeTruthy()
    for (const label of ['Uptime 24 h', 'Uptime 30 d']) {
      const cell = row.querySelector(`[data-label="${label}"]`) as HTMLElement
      // On phones the 24-hour figure says what it is ("24 h", hidden from screen readers, which have the header).
      const figure = [...cell.childNodes].filter((n) => !(n instanceof HTMLElement && n.ariaHidden === 'true'))
      expect(figure.map((n) => n.textContent).join('')).toBe('—first checks pending')
    }
    expect(within(row).queryByText('no data')).toBeNull()
  })

  it('offers "Add your first website monitor" when there are none', async () => {
    await renderList([])
    expect(await screen.findByRole('button', { name: 'Add your first website monitor' })).toBeTruthy()
  })

  it('says why the list could not load and asks again on "Try again"', async () => {
    let fail = true
    await renderList([], {
      'GET /api/monitors': () =>
        fail ? { status: 500, body: { message: 'Database unavailable' } } : listReply([shop]),
    })
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable')
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(await screen.findByRole('link', { name: 'Shop' })).toBeTruthy()
  })

  it('pauses a monitor on the server and shows it paused', async () => {
    let current = [shop]
    const { requests } = await renderList([], {
      'GET /api/monitors': () => listReply(current),
      'POST /api/monitors/w1/pause': () => {
        current = [{ ...shop, paused: true, status: 'paused' }]
        return { status: 200, body: { data: { monitor: current[0] } } }
      },
    })
    await chooseRowAction('Shop', 'Pause')
    expect(await within(screen.getByRole('table')).findByText('Paused')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/monitors/w1/pause'])
    expect(within(screen.getByRole('table')).getByText('Paused')).toBeTruthy()
  })

  it('deletes only after the confirmation dialog of the spec', async () => {
    let current = [shop]
    const { requests } = await renderList([], {
      'GET /api/monitors': () => listReply(current),
      'DELETE /api/monitors/w1': () => {
        current = []
        return { status: 200, body: { data: { message: 'Monitor deleted.' } } }
      },
    })
    await chooseRowAction('Shop', 'Delete')
    // It names what goes, keeps the spec's warning, and its button reads as destructive.
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the monitor “Shop”?' }, LAZY)
    expect(within(dialog).getByText('Once deleted, you will not be able to recover this item!')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Delete monitor' }).className).toContain('button--variant_danger')
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete monitor' }))
    })
    expect(await screen.findByRole('button', { name: 'Add your first website monitor' })).toBeTruthy()
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/monitors/w1'])
  })

  it('has no serious accessibility violations', async () => {
    const { container } = await renderList([shop, blog])
    await screen.findByRole('table')
    expect(await seriousViolations(container)).toEqual([])
  })
})
