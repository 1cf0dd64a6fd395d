import { css } from '../../../../styled-system/css'
import type { MonitorStats } from '@vigil/domain/check-result'
import { formatUptime } from './format.ts'

const colourOf = (uptime: number | null) =>
  uptime === null
    ? 'gray.300'
    : uptime >= 99.9
      ? 'green.600'
      : uptime >= 99
        ? 'lime.600'
        : uptime >= 95
          ? 'amber.500'
          : 'red.600'

const dayLabel = (day: MonitorStats['days'][number]) =>
  `${day.date}: ${day.uptime === null ? 'no data' : `${formatUptime(day.uptime)} uptime`}, ${day.incidents} ${
    day.incidents === 1 ? 'incident' : 'incidents'
  }`

/** One bar per day, oldest first, coloured by that day's uptime; grey where there is no data. */
export function UptimeBars({ days }: { days: MonitorStats['days'] }) {
  if (days.length === 0) return <p className={css({ color: 'muted', fontSize: 'sm' })}>No history yet.</p>
  return (
    <div>
      <ul
        aria-label="Uptime per day"
        className={css({ display: 'flex', gap: '2px', alignItems: 'stretch', h: '10', listStyle: 'none' })}
      >
        {days.map((day) => (
          <li
            key={day.date}
            title={dayLabel(day)}
            data-uptime={day.uptime ?? 'none'}
            className={css({ flex: '1', minW: '1', rounded: 'sm', _hover: { opacity: 0.75 } })}
            style={{ background: `var(--colors-${colourOf(day.uptime).replace('.', '-')})` }}
          >
            <span className={css({ srOnly: true })}>{dayLabel(day)}</span>
          </li>
        ))}
      </ul>
      <div
        className={css({ display: 'flex', justifyContent: 'space-between', color: 'muted', fontSize: 'xs', mt: '1' })}
      >
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </div>
    </div>
  )
}
