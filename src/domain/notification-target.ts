import { MONITOR_TYPE_PAGES, type TypePages } from './monitor-types/pages.ts'

// Web, api and port open their detail pages; 'any other type' opens /api_monitorings/{id}.
// Types with a detail route of their own (section 2's detail routes) open that instead.
const enc = encodeURIComponent

const DETAIL_ROUTES: Record<string, (id: string) => string> = {
  ...Object.fromEntries(
    Object.entries(MONITOR_TYPE_PAGES).map(([type, pages]: [string, TypePages]) => [
      type,
      pages.notificationRoute ?? pages.detail,
    ]),
  ),
}
const OTHER = (id: string) => `/api_monitorings/${enc(id)}`

/** A support ticket's page: where an operator's answer, in the bell and by mail, leads. */
export const supportTicketPath = (ticketId: string) => `/support/tickets/${enc(ticketId)}`

/**
 * Where a click on a notification leads; null for one without a target. An `account` notice with a target is an
 * answer to a support ticket and opens it; without one (a welcome, a password change) it leads nowhere.
 */
export const notificationTarget = (type: string, targetId: string | null): string | null => {
  if (!targetId) return null
  if (type === 'account') return supportTicketPath(targetId)
  return (DETAIL_ROUTES[type] ?? OTHER)(targetId)
}
