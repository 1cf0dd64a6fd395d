import { expiryOf, incidentWordsOf, listOf, observesOf } from './monitor-types/index.ts'

// The words of an incident's notification: what happened, to which monitor, and when (in UTC, since the
// server does not know the reader's time zone).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** `23 Nov 2026, 04:50 UTC` */
export const formatUtc = (ms: number): string => {
  const d = new Date(ms)
  return `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** `45 seconds`, `5 minutes`, `2 hours 3 minutes`, `3 days 4 hours`. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return unit(seconds, 'second')
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour')
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${unit(days, 'day')} ${unit(hours % 24, 'hour')}` : unit(days, 'day')
}

const trimCause = (cause: string) => cause.replace(/\.+$/, '')

interface Named {
  name: string
  type?: string
}

// What "down" and "up" mean for each type, in the words its users use (a certificate is not "down"), and how a change
// in what it observes reads: the type's own words (`incidentWords` and `observes` in its definition).

export const downMessage = (monitor: Named, since: number, cause: string) => {
  const w = incidentWordsOf(monitor.type ?? '')
  return {
    title: w.down(monitor.name),
    description: `${monitor.name} has been ${w.failing} since ${formatUtc(since)}: ${trimCause(cause)}.`,
  }
}

export const upMessage = (monitor: Named, since: number, downSince: number) => {
  const w = incidentWordsOf(monitor.type ?? '')
  return {
    title: w.up(monitor.name),
    description: `${monitor.name} is ${w.fine} again since ${formatUtc(since)}, after ${formatDuration(since - downSince)}${w.outage}.`,
  }
}

/**
 * A change in what a monitor's checks observe (a DNS answer, the blacklists that list an address), in its type's
 * words; in plain ones for a type that observes nothing (its checks report no change to tell).
 */
export const changeMessage = (monitor: Named, before: readonly string[], after: readonly string[], at: number) => {
  const change = { name: monitor.name, before, after, at: formatUtc(at) }
  const observes = observesOf(monitor.type ?? '')
  if (observes) return observes.change(change)
  return {
    title: `${monitor.name}: what it watches changed`,
    description: `At ${change.at} it changed from ${listOf(before)} to ${listOf(after)}.`,
  }
}

/** A warning before a certificate or a registration expires. */
export const expiryMessage = (monitor: Named, daysLeft: number, expiresAt: number) => {
  const what = expiryOf(monitor.type ?? '')?.what ?? 'certificate'
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'in 1 day' : `in ${daysLeft} days`
  return {
    title: `${monitor.name}: ${what} expires ${when}`,
    description: `The ${what} of ${monitor.name} expires on ${formatUtc(expiresAt)}. Renew it before then.`,
  }
}

/** A reminder to the channels while a monitor stays down. */
export const reminderMessage = (monitor: Named, since: number, cause: string, now: number) => {
  const w = incidentWordsOf(monitor.type ?? '')
  return {
    title: `${w.down(monitor.name)} (still, for ${formatDuration(now - since)})`,
    description: `${monitor.name} has been ${w.failing} since ${formatUtc(since)}: ${trimCause(cause)}.`,
  }
}
