import type { Heartbeat, MonitorStatus } from '@vigil/domain/monitor.schema'
import { css } from '../../../../styled-system/css'
import { HeartbeatBar } from '../monitors/list/HeartbeatBar.tsx'
import { StatusBadge } from '../monitors/StatusBadge.tsx'

// The landing page's picture of the product, drawn with the monitor list's own parts (state badge, last checks), so
// it always looks as the app does. It is an example, said so in its caption, and inert: nothing in it can be focused
// or clicked, and screen readers read the caption alone.

type Look = 'ok' | 'slow' | 'failed'

/** Thirty checks a minute apart ending at a fixed moment, each ok unless `looks` says otherwise (from the newest). */
const beats = (looks: Record<number, Look> = {}, ms = 120): Heartbeat[] =>
  Array.from({ length: 30 }, (_, i) => {
    const fromNewest = 29 - i
    const look = looks[fromNewest] ?? 'ok'
    return {
      checked_at: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
      ok: look !== 'failed',
      status: look === 'failed' ? 'down' : 'up',
      response_ms: look === 'failed' ? null : look === 'slow' ? 2400 : ms,
      message: look === 'failed' ? 'Connection refused' : 'OK',
      verdict: look,
    }
  })

const EXAMPLES: { name: string; target: string; status: MonitorStatus; uptime: string; beats: Heartbeat[] }[] = [
  { name: 'Shop', target: 'https://shop.example.com', status: 'up', uptime: '100.00 %', beats: beats() },
  {
    name: 'Checkout API',
    target: 'https://api.example.com/health',
    status: 'up',
    uptime: '99.98 %',
    beats: beats({ 7: 'slow', 8: 'slow' }, 210),
  },
  {
    name: 'Mail server',
    target: 'mail.example.com:587',
    status: 'down',
    uptime: '97.92 %',
    beats: beats({ 0: 'failed', 1: 'failed', 2: 'failed' }, 40),
  },
  { name: 'example.com certificate', target: 'expires in 74 days', status: 'up', uptime: '100.00 %', beats: beats() },
]

const frame = css({
  bg: 'surface',
  rounded: 'xl',
  shadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
  overflow: 'hidden',
  m: '0',
})
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"name status" "bar uptime"',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '1.5',
  px: '4',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'gray.100',
})

export function ProductPreview() {
  return (
    <figure className={frame}>
      <div inert className={css({ pointerEvents: 'none' })} aria-hidden="true">
        <div
          className={css({
            px: '4',
            py: '3',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            bg: 'gray.50',
          })}
        >
          <strong>All monitors</strong>
          <span className={css({ fontSize: 'sm', color: 'muted' })}>4 in all · 3 up · 1 down</span>
        </div>
        {EXAMPLES.map((m) => (
          <div key={m.name} className={row}>
            <div className={css({ gridArea: 'name', minW: '0' })}>
              <div className={css({ fontWeight: 'semibold', color: 'primary' })}>{m.name}</div>
              <div className={css({ fontSize: 'xs', color: 'muted', truncate: true })}>{m.target}</div>
            </div>
            <div className={css({ gridArea: 'status', justifySelf: 'end' })}>
              <StatusBadge status={m.status} />
            </div>
            <div className={css({ gridArea: 'bar', minW: '0' })}>
              <HeartbeatBar beats={m.beats} name={m.name} />
            </div>
            <div className={css({ gridArea: 'uptime', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })}>
              {m.uptime}
            </div>
          </div>
        ))}
      </div>
      <figcaption className={css({ px: '4', py: '2', fontSize: 'xs', color: 'muted', bg: 'gray.50' })}>
        An example of the monitor list: each bar is a monitor's last 30 checks.
      </figcaption>
    </figure>
  )
}
