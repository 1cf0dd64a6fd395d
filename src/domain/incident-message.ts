import { expiryOf } from './monitor-types/index.ts'

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

// What "down" and "up" mean for each kind of monitor, in the words its users use: a certificate is not "down".
const WORDS: Record<string, { down: string; up: string; failing: string; fine: string; outage: string }> = {
  ssl: { down: 'certificate problem', up: 'certificate valid again', failing: 'failing', fine: 'fine', outage: '' },
  domain: { down: 'domain problem', up: 'domain in order again', failing: 'failing', fine: 'fine', outage: '' },
  blacklist: { down: 'listed on a blacklist', up: 'no longer listed', failing: 'listed', fine: 'clean', outage: '' },
}
const AVAILABILITY = { down: 'is down', up: 'is back up', failing: 'down', fine: 'up', outage: ' of downtime' }

const title = (monitor: Named, state: 'down' | 'up') => {
  const w = WORDS[monitor.type ?? '']
  if (!w) return `${monitor.name} ${AVAILABILITY[state]}`
  return monitor.type === 'blacklist' ? `${monitor.name} is ${w[state]}` : `${monitor.name}: ${w[state]}`
}

export const downMessage = (monitor: Named, since: number, cause: string) => {
  const w = WORDS[monitor.type ?? ''] ?? AVAILABILITY
  return {
    title: title(monitor, 'down'),
    description: `${monitor.name} has been ${w.failing} since ${formatUtc(since)}: ${trimCause(cause)}.`,
  }
}

export const upMessage = (monitor: Named, since: number, downSince: number) => {
  const w = WORDS[monitor.type ?? ''] ?? AVAILABILITY
  return {
    title: title(monitor, 'up'),
    description: `${monitor.name} is ${w.fine} again since ${formatUtc(since)}, after ${formatDuration(since - downSince)}${w.outage}.`,
  }
}

const list = (values: readonly string[]) => (values.length === 0 ? 'nothing' : values.join(', '))

/** A change in what a monitor sees: a DNS answer, the blacklists that list an address. */
export const changeMessage = (monitor: Named, before: readonly string[], after: readonly string[], at: number) => {
  if (monitor.type === 'blacklist')
    return {
      title: `${monitor.name}: blacklist listing changed`,
      description: `At ${formatUtc(at)} the listing of ${monitor.name} changed from ${list(before)} to ${list(after)}.`,
    }
  if (monitor.type === 'microsoft365') {
    const added = after.filter((value) => !before.includes(value))
    return {
      title: `${monitor.name}: Microsoft posted ${added.length === 1 ? 'an advisory' : `${added.length} advisories`}`,
      description: `At ${formatUtc(at)} Microsoft posted ${list(added)}. An advisory is not an outage: the service works, with the limits it describes.`,
    }
  }
  return {
    title: `${monitor.name}: DNS answer changed`,
    description: `At ${formatUtc(at)} the answer changed from ${list(before)} to ${list(after)}.`,
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
  const w = WORDS[monitor.type ?? ''] ?? AVAILABILITY
  return {
    title: `${title(monitor, 'down')} (still, for ${formatDuration(now - since)})`,
    description: `${monitor.name} has been ${w.failing} since ${formatUtc(since)}: ${trimCause(cause)}.`,
  }
}
