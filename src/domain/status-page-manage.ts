import dayjs from 'dayjs'
import * as v from 'valibot'
import type { Incident } from './check-result.ts'
import {
  type Maintenance,
  Slug,
  StatusComponentInput,
  type StatusIncident,
  type StatusPage,
} from './status-page.schema.ts'

// What the owner's status page screens decide: the public id a name suggests, where the page lives, the order
// incidents and maintenance are listed in, which engine incidents can be published, and the form's times.

/** Where a page is published, on the app's own host. */
export const statusPagePath = (slug: string) => `/status/${slug}`

/** A public id from a page's name: lower-case letters, digits and single hyphens, at most 60 characters. */
export const slugFrom = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')

/** What is wrong with a public id as typed (the server's own message), or null. */
export const slugProblem = (slug: string): string | null => {
  const result = v.safeParse(Slug, slug)
  return result.success ? null : (result.issues[0]?.message ?? null)
}

/** What is wrong with a component's public name as typed (the server's own message), or undefined. */
export const publicNameProblem = (name: string): string | undefined => {
  const result = v.safeParse(StatusComponentInput.entries.display_name, name)
  return result.success ? undefined : result.issues[0]?.message
}

/** Open incidents first, then the newest. */
export const incidentsInOrder = (incidents: readonly StatusIncident[]): StatusIncident[] =>
  [...incidents].sort(
    (a, b) =>
      Number(a.resolved_at !== null) - Number(b.resolved_at !== null) ||
      Date.parse(b.started_at) - Date.parse(a.started_at),
  )

/** Windows in progress or to come, soonest first; completed ones are history. */
export const currentMaintenance = (windows: readonly Maintenance[]): Maintenance[] =>
  windows.filter((m) => m.state !== 'completed').sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))

/**
 * The engine's open incidents a page can publish with one click: on a monitor that is one of its components,
 * and not published on it yet.
 */
export const publishableIncidents = (
  page: StatusPage,
  open: readonly Incident[],
  published: readonly StatusIncident[],
): Incident[] => {
  const monitors = new Set(page.components.map((c) => c.monitor_id))
  const done = new Set(published.map((i) => i.monitor_incident_id).filter((id) => id !== null))
  return open.filter((i) => i.resolved_at === null && monitors.has(i.monitor_id) && !done.has(i.id))
}

/**
 * What publishing an engine incident posts unless the owner words it otherwise: a major incident on its component,
 * in the owner's name for it (never the check's error, which may name a host), open while the outage is.
 */
export const publishedOutage = (
  component: { display_name: string },
  outage: { resolved_at: unknown },
): { title: string; message: string; status: 'investigating' | 'resolved'; impact: 'major' } => {
  const name = component.display_name
  const resolved = outage.resolved_at !== null
  return {
    title: `${name} is not available`,
    message: resolved
      ? `${name} was not available for a while. It is working again.`
      : `We are investigating a problem with ${name}.`,
    status: resolved ? 'resolved' : 'investigating',
    impact: 'major',
  }
}

/** The names visitors see of the components an incident or a window covers. */
export const componentNames = (page: StatusPage, ids: readonly string[]): string[] =>
  ids.map((id) => page.components.find((c) => c.id === id)?.display_name).filter((n) => n !== undefined)

/** A `datetime-local` value (the viewer's time zone) as ISO 8601 in UTC; undefined when empty, as typed when not a time. */
export const localToIso = (local: string): string | undefined => {
  if (local.trim() === '') return undefined
  const time = dayjs(local)
  return time.isValid() ? time.toISOString() : local
}

/** An instant as a `datetime-local` value in the viewer's time zone. */
export const isoToLocal = (value: string | number): string => dayjs(value).format('YYYY-MM-DDTHH:mm')

/** A new maintenance window's times: the next full hour, for an hour. */
export const defaultWindow = (now: number): { starts_at: string; ends_at: string } => {
  const start = dayjs(now).add(1, 'hour').startOf('hour')
  return { starts_at: isoToLocal(start.valueOf()), ends_at: isoToLocal(start.add(1, 'hour').valueOf()) }
}
