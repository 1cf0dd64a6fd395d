import { TICKET_STATUS_LABELS, type TicketStatus } from '@vigil/domain/support'
import { Chip } from '../../components/badge.tsx'

const TONES = { open: 'warning', answered: 'success', closed: 'neutral' } as const

/** A ticket's status in words, coloured by whose turn it is. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip tone={TONES[status]}>{TICKET_STATUS_LABELS[status]}</Chip>
}
