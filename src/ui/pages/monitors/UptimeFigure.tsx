import { noUptimeReason } from '@vigil/domain/uptime'
import { css, cx } from '../../../../styled-system/css'
import { formatUptime } from './format.ts'

/**
 * A window's uptime where a figure goes: the percentage, or, without one, "—" with the reason under it (first checks
 * pending, paused, no checks in this window), never words set as if they were the figure.
 */
export function UptimeFigure({
  uptime,
  monitor,
  windowFrom,
  noteClassName,
}: {
  uptime: number | null | undefined
  monitor: { paused: boolean; created_at: string }
  /** When the window starts (ms). */
  windowFrom: number
  noteClassName?: string
}) {
  if (uptime !== null && uptime !== undefined) return <>{formatUptime(uptime)}</>
  return (
    <>
      <span>—</span>
      <span className={cx(note, noteClassName)}>{noUptimeReason(monitor, windowFrom)}</span>
    </>
  )
}

const note = css({ display: 'block', fontSize: 'xs', fontWeight: 'normal', color: 'muted', whiteSpace: 'nowrap' })
