// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Notification } from '@vigil/domain/notification'
import { NotificationsPage } from '../../../src/ui/pages/NotificationsPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { fakeLiveStream, notificationPage, renderShell, signIn, stubApi } from './harness.tsx'

// /notifications: every notification a page at a time, filtered by type and read state (kept in the address), and
// "Mark all as read".

const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  notification_id: id,
  notification_type: 'web',
  target_id: `t-${id}`,
  notification_title: `Title ${id}`,
  notification_description: `Description ${id}`,
  is_opened: false,
  created_at: '2026-11-22T09:05:00.000Z',
  ...over,
})

const LIST = [
  note('n1'),
  note('n2', { notification_type: 'ssl', is_opened: true }),
  note('n3', { notification_type: 'port' }),
]

const render = (url = '/notifications') => {
  signIn()
  const requests = stubApi({
    'GET /api/user_notification': (req) => {
      const type = req.query.get('type')
      const read = req.query.get('read')
      const list = LIST.filter(
        (n) => (!type || n.notification_type === type) && (read === null || String(n.is_opened) === read),
      )
      return { status: 200, body: { data: notificationPage(list, 2) } }
    },
    'POST /api/user_notification/read_all': () => ({ status: 200, body: { data: { marked: 2, unread_count: 0 } } }),
  })
  return { ...renderShell(<NotificationsPage />, { url }), requests }
}

const pageRequests = (requests: ReturnType<typeof render>['requests']) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/user_notification' && r.query.get('limit') === '20')
const titles = () => screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)

describe('/notifications', () => {
  it('filters by type and read state, keeps them in the address, and says when nothing matches', async () => {
    const { requests, location } = render()
    await waitFor(() => expect(titles()).toEqual(['Title n1', 'Title n2', 'Title n3']))
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'ssl' } })
    })
    await waitFor(() => expect(titles()).toEqual(['Title n2']))
    expect(location()).toBe('/notifications?type=ssl')
    expect(pageRequests(requests).at(-1)?.query.get('type')).toBe('ssl')
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'false' } })
    })
    await screen.findByText('No notifications match these filters.')
    expect(location()).toBe('/notifications?type=ssl&read=false')
    expect(pageRequests(requests).at(-1)?.query.get('read')).toBe('false')
  })

  it('reads its filters from the address, and marks all read', async () => {
    const { requests } = render('/notifications?read=false')
    await waitFor(() => expect(titles()).toEqual(['Title n1', 'Title n3']))
    expect(await seriousViolations(document.body)).toEqual([])
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    })
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true),
    )
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/user_notification/read_all'])
    for (const item of screen.getAllByRole('listitem')) expect(within(item).queryByText('New')).toBeNull()
  })

  it('shows a notification the live stream tells of, without waiting for its timer', async () => {
    const live = fakeLiveStream()
    signIn()
    let list = [note('n1')]
    stubApi({ 'GET /api/user_notification': () => ({ status: 200, body: { data: notificationPage(list) } }) })
    renderShell(<NotificationsPage />, { url: '/notifications' })
    await waitFor(() => expect(titles()).toEqual(['Title n1']))
    live.open()
    list = [note('n4'), ...list]
    live.send({ kind: 'notification', notification_id: 'n4', unread: 2 })
    await waitFor(() => expect(titles()).toEqual(['Title n4', 'Title n1']))
  })
})
