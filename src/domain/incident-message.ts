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

export const downMessage = (monitor: { name: string }, since: number, cause: string) => ({
  title: `${monitor.name} is down`,
  description: `${monitor.name} has been down since ${formatUtc(since)}: ${trimCause(cause)}.`,
})

export const upMessage = (monitor: { name: string }, since: number, downSince: number) => ({
  title: `${monitor.name} is back up`,
  description: `${monitor.name} is up again since ${formatUtc(since)}, after ${formatDuration(since - downSince)} of downtime.`,
})
