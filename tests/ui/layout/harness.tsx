// Shared by the layout component tests: the real ShellProvider inside a memory router, and a stand-in for the
// network only. `fetch` (which ofetch calls) answers the shell's API paths with JSON in the server's shapes and
// records every request.
import { act, cleanup, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../src/adapters/storage.ts'
import type { LiveEvent } from '@vigil/domain/live-event'
import type { Notification, NotificationPage } from '@vigil/domain/notification'
import { type Shell, ShellProvider, useShell } from '../../../src/ui/layout/shell-context.tsx'
import { subscription } from '../../fixtures/plans.ts'

export const USER_ID = 'user-7'
export const TOKEN = 'token-abc'
export const USER_NAME = 'Ada Lovelace'

export interface RecordedRequest {
  method: string
  /** The path without the query, e.g. `/api/user_notification`. */
  path: string
  query: URLSearchParams
  headers: Headers
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown
}

/**
 * What the stub answers: a status and a JSON body (or `file`: a body sent as it is, with its own headers, as an
 * attachment), or a failure to reach the server at all.
 */
export type Reply =
  | { status: number; body?: unknown; file?: { content: string; headers: Record<string, string> } }
  | 'network-error'
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>
/** Keyed by `METHOD /path`, e.g. `PATCH /api/user_notification`; a prefix ending in `/` matches below it. */
export type Handlers = Record<string, Handler>

const ok = (data: unknown): Reply => ({ status: 200, body: { data } })

export const notificationPage = (list: Notification[], unread = list.filter((n) => !n.is_opened).length) =>
  ({
    notificationList: list,
    pagination: { total: list.length, page: 1, limit: 50, total_pages: list.length > 0 ? 1 : 0 },
    unread_count: unread,
  }) satisfies NotificationPage

export { ALL_FEATURES, accesses, BASIC_LOCKED, subscription } from '../../fixtures/plans.ts'

const defaultHandlers = (): Handlers => ({
  'GET /api/user_subscription': () => ok({ subscription: subscription() }),
  'GET /api/user_notification': () => ok(notificationPage([])),
  'PATCH /api/user_notification': (req) => {
    const id = (req.body as { notification_id: string }).notification_id
    return ok({
      notification: {
        notification_id: id,
        notification_type: 'web',
        target_id: null,
        notification_title: 'Read',
        notification_description: '',
        is_opened: true,
        created_at: new Date(2026, 0, 1).toISOString(),
      },
    })
  },
  'PUT /api/user/user_password_change/': () => ok({ message: 'Password updated successfully' }),
  'POST /api/auth/logout': () => ok({ message: 'Logged out' }),
})

/** Replaces `fetch` for one test; the requests it saw, in order. */
export function stubApi(handlers: Handlers = {}): RecordedRequest[] {
  const all = { ...defaultHandlers(), ...handlers }
  const requests: RecordedRequest[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app')
    const method = (init.method ?? 'GET').toUpperCase()
    const text = typeof init.body === 'string' ? init.body : undefined
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    }
    requests.push(request)
    const key = `${method} ${url.pathname}`
    const handler =
      all[key] ?? Object.entries(all).find(([k]) => k.endsWith('/') && key.startsWith(k) && key.length > k.length)?.[1]
    const reply: Reply = handler ? await handler(request) : { status: 404, body: { message: 'Not found' } }
    if (reply === 'network-error') throw new TypeError('fetch failed')
    if (reply.file) return new Response(reply.file.content, { status: reply.status, headers: reply.file.headers })
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return requests
}

/** The stored items of a signed-in user, with the keys of src/adapters/storage.ts. */
export function signIn() {
  localStorage.setItem(STORAGE_KEYS.name, USER_NAME)
  localStorage.setItem(STORAGE_KEYS.userId, USER_ID)
  localStorage.setItem(STORAGE_KEYS.token, TOKEN)
}

/**
 * A stand-in for the browser's EventSource, the page's live stream (unstubbed after each test): `open()` connects the
 * stream the page made last, `send(event)` delivers one change on it.
 */
export function fakeLiveStream() {
  const sources: FakeEventSource[] = []
  class FakeEventSource {
    onopen: (() => void) | null = null
    onerror: (() => void) | null = null
    listeners = new Map<string, (m: { data: string }) => void>()
    url: string
    constructor(url: string) {
      this.url = url
      sources.push(this)
    }
    addEventListener(name: string, fn: (m: { data: string }) => void) {
      this.listeners.set(name, fn)
    }
    close() {}
  }
  vi.stubGlobal('EventSource', FakeEventSource)
  const last = () => sources.at(-1) as FakeEventSource
  return {
    open: () => act(() => last().onopen?.()),
    send: (event: LiveEvent) => act(() => last().listeners.get('change')?.({ data: JSON.stringify(event) })),
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

/**
 * Renders `ui` inside the real ShellProvider, itself inside a memory router at `url` (one catch-all route, so the
 * shell stays mounted across navigations). `shell()` gives the shell's actors.
 */
export function renderShell(ui: ReactNode, { url = '/dashboard' }: { url?: string } = {}) {
  let current: Shell | null = null
  function Probe() {
    current = useShell()
    return null
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ShellProvider>
            <Probe />
            {ui}
          </ShellProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  )
  const user = userEvent.setup()
  const utils = render(<RouterProvider router={router} />)
  const shell = () => {
    if (!current) throw new Error('the shell has not rendered')
    return current
  }
  /** The memory router's location as one string: pathname, search. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`
  return { ...utils, router, user, shell, location }
}
