import { daysLeft } from './expiry.ts'
import { watchesExpiry } from './monitor-types/index.ts'

// What the dashboard lists as expiring soon: the monitors of the types that watch an expiry (their definitions say
// which), apart from expiry.ts, which the monitor fields use, so that the registry is not imported in a circle.

/** A certificate or registration that expires within this many days (or has expired) counts as expiring soon. */
export const EXPIRING_SOON_DAYS = 30

/** The monitors that watch an expiry (SSL, domain) and expire within `days` of `now`, soonest first. */
export const expiringSoon = <T extends { type: string; expires_at?: string | null }>(
  monitors: readonly T[],
  now: number,
  days: number = EXPIRING_SOON_DAYS,
): (T & { expires_at: string })[] =>
  monitors
    .filter((m): m is T & { expires_at: string } => watchesExpiry(m.type) && Boolean(m.expires_at))
    .filter((m) => daysLeft(Date.parse(m.expires_at), now) <= days)
    .sort((a, b) => Date.parse(a.expires_at) - Date.parse(b.expires_at))
