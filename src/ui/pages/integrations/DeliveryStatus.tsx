import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import type { DELIVERY_STATUSES } from '../../../domain/integration.schema.ts'

type Status = (typeof DELIVERY_STATUSES)[number]

const LOOK = {
  delivered: { tone: css({ bg: 'green.100', color: 'green.800' }), label: 'Delivered', icon: CircleCheck },
  failed: { tone: css({ bg: 'red.100', color: 'red.800' }), label: 'Failed', icon: CircleX },
  // Waiting for its first try or a retry.
  pending: { tone: css({ bg: 'gray.100', color: 'gray.800' }), label: 'Pending', icon: Clock },
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

/** A delivery's outcome in colour, with an icon and its word, so colour is never the only sign. */
export function DeliveryStatus({ status }: { status: Status }) {
  const { tone, label, icon: Icon } = LOOK[status]
  return (
    <span data-status={status} className={`${pill} ${tone}`}>
      <Icon aria-hidden="true" size={14} />
      {label}
    </span>
  )
}
