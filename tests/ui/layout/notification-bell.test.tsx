// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { formatUtc } from '@vigil/domain/incident-message'
import type { Notification } from '@vigil/domain/notification'
import { NotificationBell } from '../../../src/ui/layout/NotificationBell.tsx'
import { type Handlers, notificationPage, renderShell, signIn, stubApi, TOKEN } from './harness.tsx'

// Built in local time, so the expected text holds in any time zone.
const at = (month: number, day: number, hour: number, minute: number) =>
  new Date(2026, month, day, hour, minute).toISOString()

const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  notification_id: id,
  notification_type: 'web',
  target_id: `target-${id}`,
  notification_title: `Title ${id}`,
  notification_description: `Description ${id}`,
  is_opened: false,
  created_at: at(10, 22, 9, 5),
  ...overrides,
})

// Newest first, as the server sends them; five, of which the bell shows three.
const FIVE: Notification[] = [
  note('n1', { notification_title: 'Site down', created_at: at(10, 22, 14, 30), target_id: 'web-42' }),
  note('n2', { notification_type: 'api', is_opened: true, created_at: at(10, 22, 9, 5) }),
  note('n3', { notification_type: 'ssl', created_at: at(10, 21, 0, 15) }),
  note('n4', { notification_type: 'port', created_at: at(10, 20, 8, 0) }),
  note('n5', { notification_type: 'dns', is_opened: true, created_at: at(10, 19, 8, 0) }),
]

let consoleError: MockInstance
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
})

async function renderBell(list: Notification[], handlers: Handlers = {}, unread?: number) {
  signIn()
  const requests = stubApi({
    'GET /api/user_notification': () => ({ status: 200, body: { data: notificationPage(list, unread) } }),
    ...handlers,
  })
  const utils = renderShell(<NotificationBell />)
  await waitFor(() => expect(utils.shell().notifications.getSnapshot().value).toBe('ready'))
  await act(async () => {})
  return { ...utils, requests }
}

const trigger = () => screen.getByRole('button', { name: /^Notifications/ })

async function openPanel() {
  await act(async () => {
    fireEvent.click(trigger())
  })
  return screen.findByRole('dialog', { name: 'Notifications' })
}

const items = (panel: HTMLElement) => within(panel).getAllByTestId('bell-notification')
const first = (panel: HTMLElement): HTMLElement => {
  const [item] = items(panel)
  if (!item) throw new Error('no notification in the panel')
  return item
}
const isNew = (item: HTMLElement) => within(item).queryByText('New') !== null

describe('NotificationBell', () => {
  it('asks for the first page of 50 and names the unread count on its trigger', async () => {
    const { requests } = await renderBell(FIVE, {}, 7)
    const get = requests.find((r) => r.method === 'GET' && r.path === '/api/user_notification')
    expect(get?.query.get('page')).toBe('1')
    expect(get?.query.get('limit')).toBe('50')
    expect(get?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(screen.getByRole('button', { name: /\b7 unread\b/ })).toBe(trigger())
    expect(within(trigger()).getByText('7')).toBeTruthy()
  })

  it('shows the first 3 of the 5 notifications in the order the server gave, with New only on unread ones', async () => {
    await renderBell(FIVE)
    const panel = await openPanel()
    const shown = items(panel)
    expect(shown).toHaveLength(3)
    expect(shown.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Site down',
      'Title n2',
      'Title n3',
    ])
    expect(within(first(panel)).getByText('Description n1')).toBeTruthy()
    expect(shown.map(isNew)).toEqual([true, false, true])
    expect(within(panel).queryByText('Title n4')).toBeNull()
  })

  it('formats each time as DD MMM YYYY, hh:mm A', async () => {
    await renderBell(FIVE)
    const panel = await openPanel()
    expect(items(panel).map((item) => item.querySelector('time')?.textContent)).toEqual([
      '22 Nov 2026, 02:30 PM',
      '22 Nov 2026, 09:05 AM',
      '21 Nov 2026, 12:15 AM',
    ])
  })

  it('marks a clicked notification read on the server, then opens its web monitor', async () => {
    const { requests, location } = await renderBell(FIVE)
    const panel = await openPanel()
    await act(async () => {
      fireEvent.click(first(panel))
    })
    await waitFor(() => expect(location()).toBe('/web_monitorings/web-42'))
    const patches = requests.filter((r) => r.method === 'PATCH')
    expect(patches.map((r) => ({ path: r.path, body: r.body }))).toEqual([
      { path: '/api/user_notification', body: { notification_id: 'n1' } },
    ])
    // Read now: no 'New' chip, one unread fewer.
    expect(trigger().getAttribute('aria-label')).toContain('2 unread')
    expect(isNew(first(await openPanel()))).toBe(false)
  })

  it('stays on the page and keeps the notification New when the server refuses the update', async () => {
    const { requests, location } = await renderBell(FIVE, {
      'PATCH /api/user_notification': () => ({ status: 500, body: { message: 'Internal error' } }),
    })
    const panel = await openPanel()
    await act(async () => {
      fireEvent.click(first(panel))
    })
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('notification update failed', expect.anything()))
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
    expect(location()).toBe('/dashboard')
    expect(trigger().getAttribute('aria-label')).toContain('3 unread')
    expect(isNew(first(await openPanel()))).toBe(true)
    expect(location()).toBe('/dashboard')
  })

  it("marks every notification read with 'Mark all as read', and offers it only while some are unread", async () => {
    const { requests } = await renderBell(FIVE, {
      'POST /api/user_notification/read_all': () => ({ status: 200, body: { data: { marked: 3, unread_count: 0 } } }),
    })
    const panel = await openPanel()
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }))
    })
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toContain('0 unread'))
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/user_notification/read_all'])
    expect(items(panel).map(isNew)).toEqual([false, false, false])
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull()
  })

  it("says 'No new notifications' when there are none", async () => {
    await renderBell([])
    expect(trigger().getAttribute('aria-label')).toContain('0 unread')
    const panel = await openPanel()
    expect(within(panel).getByText('No new notifications')).toBeTruthy()
    expect(within(panel).queryAllByTestId('bell-notification')).toHaveLength(0)
  })

  it("shows the times the server wrote in UTC in the viewer's zone, in the format of the time beside them", async () => {
    // The server writes `formatUtc` (24-hour, UTC); the viewer here is in Kolkata (UTC+05:30, no daylight saving).
    const zone = process.env.TZ
    process.env.TZ = 'Asia/Kolkata'
    try {
      const since = Date.UTC(2026, 10, 23, 4, 50)
      const down = note('n1', {
        notification_title: 'Shop is down',
        notification_description: `Shop has been down since ${formatUtc(since)}: HTTP 503.`,
        created_at: new Date(since + 60_000).toISOString(),
      })
      await renderBell([down])
      const item = first(await openPanel())
      expect(item.textContent).toContain('Shop has been down since 23 Nov 2026, 10:20 AM: HTTP 503.')
      expect(item.textContent).not.toContain('UTC')
      expect(within(item).getByText('23 Nov 2026, 10:21 AM').tagName).toBe('TIME')
    } finally {
      process.env.TZ = zone
    }
  })

  it("links 'Show all notifications' to /notifications", async () => {
    const { location } = await renderBell(FIVE)
    const panel = await openPanel()
    const all = within(panel).getByRole('link', { name: 'Show all notifications' })
    expect(all.getAttribute('href')).toBe('/notifications')
    await act(async () => {
      fireEvent.click(all)
    })
    await waitFor(() => expect(location()).toBe('/notifications'))
  })
})
