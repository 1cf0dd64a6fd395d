import { CircleAlert, CircleArrowDown, CircleArrowUp, CircleDashed, CirclePause } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import type { MonitorStatus } from '@vigil/domain/monitor.schema'

const LOOK = {
  pending: { tone: css({ bg: 'gray.100', color: 'gray.800' }), label: 'Pending', icon: CircleDashed },
  up: { tone: css({ bg: 'green.100', color: 'green.800' }), label: 'Up', icon: CircleArrowUp },
  down: { tone: css({ bg: 'red.100', color: 'red.800' }), label: 'Down', icon: CircleArrowDown },
  degraded: { tone: css({ bg: 'amber.100', color: 'amber.900' }), label: 'Degraded', icon: CircleAlert },
  paused: { tone: css({ bg: 'gray.200', color: 'gray.800' }), label: 'Paused', icon: CirclePause },
} as const

const pill = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '6',
  px: '2.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
})

/** A monitor's state in colour, with an icon and its name, so colour is never the only sign. */
export function StatusBadge({ status, label = LOOK[status].label }: { status: MonitorStatus; label?: string }) {
  const { tone, icon: Icon } = LOOK[status]
  return (
    <span data-status={status} className={`${pill} ${tone}`}>
      <Icon aria-hidden="true" size={14} />
      {label}
    </span>
  )
}
