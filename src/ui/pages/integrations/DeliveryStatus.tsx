import { CircleCheck, CircleX, Clock } from 'lucide-react'
import type { DELIVERY_STATUSES } from '@vigil/domain/integration.schema'
import { Chip } from '../../components/badge.tsx'

type Status = (typeof DELIVERY_STATUSES)[number]

const LOOK = {
  delivered: { tone: 'success', label: 'Delivered', icon: CircleCheck },
  failed: { tone: 'danger', label: 'Failed', icon: CircleX },
  // Waiting for its first try or a retry.
  pending: { tone: 'neutral', label: 'Pending', icon: Clock },
} as const

/** A delivery's outcome in colour, with an icon and its word, so colour is never the only sign. */
export function DeliveryStatus({ status }: { status: Status }) {
  const { tone, label, icon: Icon } = LOOK[status]
  return (
    <Chip tone={tone} data-status={status}>
      <Icon aria-hidden="true" size={14} />
      {label}
    </Chip>
  )
}
