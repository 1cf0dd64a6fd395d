import { plural } from './plural.ts'

// What a change of plan does to what a user has: nothing is deleted. Moving to a plan with lower limits pauses the
// monitors over its limit (the newest first) and those of types it locks, raises intervals below its fastest, and
// unpublishes the status pages over its limit (the newest first), marking each as done by the plan; moving to a
// plan with room again undoes what a plan change did (the oldest first), and nothing the user did by hand.

export interface PlanRoom {
  max_monitors: number
  min_interval_seconds: number
  max_status_pages: number
  /** Whether the plan unlocks this monitor type. */
  allowsType: (type: string) => boolean
}

export interface MonitorAsPlanned {
  id: string
  type: string
  created_at: number
  interval_seconds: number
  paused: boolean
  /** Paused by a plan change, not by the user. */
  paused_by_plan: boolean
}

export interface PageAsPlanned {
  id: string
  created_at: number
  published: boolean
  /** Unpublished by a plan change, not by the user. */
  unpublished_by_plan: boolean
}

export interface PlanChangeEffects {
  /** Monitors to pause, marked as paused by the plan. */
  pause: string[]
  /** Monitors paused by an earlier plan change that run again. */
  resume: string[]
  /** Monitors whose interval goes up to the plan's fastest. */
  raise: { id: string; interval_seconds: number }[]
  /** Status pages to unpublish, marked as unpublished by the plan. */
  unpublish: string[]
  /** Status pages unpublished by an earlier plan change that are published again. */
  republish: string[]
}

const newestFirst = <T extends { created_at: number; id: string }>(a: T, b: T) =>
  b.created_at - a.created_at || b.id.localeCompare(a.id)
const oldestFirst = <T extends { created_at: number; id: string }>(a: T, b: T) => -newestFirst(a, b)

/** What moving to a plan with `room` does to these monitors and status pages. */
export const planChangeEffects = (
  monitors: readonly MonitorAsPlanned[],
  pages: readonly PageAsPlanned[],
  room: PlanRoom,
): PlanChangeEffects => {
  // Monitors: those of locked types stop; of the others running, the newest over the limit stop.
  const running = monitors.filter((m) => !m.paused)
  const locked = running.filter((m) => !room.allowsType(m.type))
  const allowed = running.filter((m) => room.allowsType(m.type)).sort(oldestFirst)
  const over = allowed.slice(room.max_monitors)
  const pause = [...locked, ...over].sort(newestFirst).map((m) => m.id)
  const stillRunning = allowed.slice(0, room.max_monitors)

  // Paused by a plan before: they run again while there is room, the oldest first.
  const resumable = monitors
    .filter((m) => m.paused && m.paused_by_plan && room.allowsType(m.type))
    .sort(oldestFirst)
    .slice(0, Math.max(0, room.max_monitors - stillRunning.length))
  const resume = resumable.map((m) => m.id)

  const raise = [...stillRunning, ...monitors.filter((m) => m.paused)]
    .filter((m) => m.interval_seconds < room.min_interval_seconds)
    .map((m) => ({ id: m.id, interval_seconds: room.min_interval_seconds }))

  const published = pages.filter((p) => p.published).sort(oldestFirst)
  const unpublish = published
    .slice(room.max_status_pages)
    .sort(newestFirst)
    .map((p) => p.id)
  const republish = pages
    .filter((p) => !p.published && p.unpublished_by_plan)
    .sort(oldestFirst)
    .slice(0, Math.max(0, room.max_status_pages - Math.min(published.length, room.max_status_pages)))
    .map((p) => p.id)

  return { pause, resume, raise, unpublish, republish }
}

/** Whether a plan change changed anything. */
export const changesAnything = (e: PlanChangeEffects): boolean =>
  e.pause.length + e.resume.length + e.raise.length + e.unpublish.length + e.republish.length > 0

/** What a plan change did to what the user has, in one sentence; empty when it changed nothing. */
export const planChangeDescription = (e: PlanChangeEffects): string => {
  if (!changesAnything(e)) return ''
  const parts = [
    e.pause.length > 0 &&
      `${plural(e.pause.length, 'monitor was', 'monitors were')} paused (over the plan's limit, or of a type it does not include)`,
    e.raise.length > 0 &&
      `${plural(e.raise.length, 'monitor checks', 'monitors check')} less often (the plan's fastest interval)`,
    e.unpublish.length > 0 && `${plural(e.unpublish.length, 'status page was', 'status pages were')} unpublished`,
    e.resume.length > 0 &&
      `${plural(e.resume.length, 'monitor paused', 'monitors paused')} by an earlier plan change run again`,
    e.republish.length > 0 &&
      `${plural(e.republish.length, 'status page', 'status pages')} unpublished by an earlier plan change ${e.republish.length === 1 ? 'is' : 'are'} published again`,
  ].filter((p): p is string => typeof p === 'string')
  const sentence = parts.join('; ')
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Nothing was deleted${e.pause.length + e.unpublish.length > 0 ? ': upgrading again brings back what was paused or unpublished' : ''}.`
}

export const planChangeMessage = (planTitle: string, e: PlanChangeEffects): { title: string; description: string } => ({
  title: `Your ${planTitle} plan is active`,
  description: planChangeDescription(e),
})
