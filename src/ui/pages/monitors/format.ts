import dayjs from 'dayjs'
import { formatDateTime } from '@vigil/domain/date-format'
import { daysLeft } from '@vigil/domain/expiry'

// How the monitor pages write numbers and times. A missing uptime reads "no data", never 100 %.

export const NO_DATA = 'no data'

/** 99.98 %; rounded down, so 99.9996 % reads 99.99 %, not 100 %. */
export const formatUptime = (percent: number | null | undefined): string =>
  percent === null || percent === undefined ? NO_DATA : `${(Math.floor(percent * 100) / 100).toFixed(2)} %`

export const formatMs = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '–' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`

/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 days ago". */
export const formatAgo = (iso: string, now: number): string => {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (seconds < 5) return 'just now'
  if (seconds < 60) return `${seconds} s ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}

/** "3 h 12 min", "45 s", "2 d 4 h". */
export const formatDuration = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`
  const h = Math.floor(m / 60)
  if (h < 24) return `${h} h${m % 60 ? ` ${m % 60} min` : ''}`
  const d = Math.floor(h / 24)
  return `${d} d${h % 24 ? ` ${h % 24} h` : ''}`
}

export { formatDateTime }

/** "22 Nov 2026", in the viewer's local time. */
export const formatDate = (value: string): string => dayjs(value).format('DD MMM YYYY')

/** How near an expiry is: past, within the first warning (the largest of the warning days), or further. */
export type ExpiryTone = 'expired' | 'warning' | 'ok'

export interface Expiry {
  days: number
  tone: ExpiryTone
  /** "expired", "expires today", "1 day left", "42 days left". */
  words: string
}

export const expiryOf = (expiresAt: string, warnDays: readonly number[], now: number): Expiry => {
  const days = daysLeft(Date.parse(expiresAt), now)
  const tone: ExpiryTone = days < 0 ? 'expired' : days <= Math.max(0, ...warnDays) ? 'warning' : 'ok'
  const words = days < 0 ? 'expired' : days === 0 ? 'expires today' : `${days} day${days === 1 ? '' : 's'} left`
  return { days, tone, words }
}

/** "30 seconds", "5 minutes", "1 hour", "24 hours". */
export const intervalLabel = (seconds: number): string => {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour')
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute')
  return unit(seconds, 'second')
}

/** An amount in its currency, to the cent: $1,234.50. */
export const formatMoney = (amount: number, currency: string): string =>
  amount.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 2 })

export { plural } from '@vigil/domain/plural'
