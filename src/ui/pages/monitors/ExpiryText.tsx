import { CircleAlert, CircleX } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { type ExpiryTone, expiryOf, formatDate } from './format.ts'

const TONES: Record<ExpiryTone, string> = {
  ok: css({ color: 'gray.700' }),
  warning: css({ color: 'amber.900', fontWeight: 'semibold' }),
  expired: css({ color: 'red.700', fontWeight: 'semibold' }),
}
const line = css({ display: 'inline-flex', gap: '1', alignItems: 'center', whiteSpace: 'nowrap' })

/**
 * When something expires and how many days are left: amber within the first warning (the largest of the
 * monitor's warning days), red once expired, each with an icon and words so colour is never the only sign.
 * Nothing known yet: "not checked yet".
 */
export function ExpiryText({
  expiresAt,
  warnDays,
  now,
  layout = 'stacked',
}: {
  expiresAt: string | null | undefined
  warnDays: readonly number[]
  now: number
  /** Date over days left, date beside them, or the days left alone. */
  layout?: 'stacked' | 'inline' | 'days'
}) {
  if (!expiresAt) return <span className={css({ color: 'muted' })}>not checked yet</span>
  const { tone, words } = expiryOf(expiresAt, warnDays, now)
  const Icon = tone === 'expired' ? CircleX : tone === 'warning' ? CircleAlert : null
  const date = <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
  const days = (
    <span className={`${line} ${TONES[tone]}`} data-expiry={tone}>
      {Icon && <Icon size={14} aria-hidden="true" />}
      {words}
    </span>
  )
  if (layout === 'days') return days
  return layout === 'inline' ? (
    <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
      {date} {days}
    </span>
  ) : (
    <span className={css({ display: 'grid', gap: '0.5' })}>
      {date}
      {days}
    </span>
  )
}
