import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { css } from '../../../../styled-system/css'
import { reportSendsLogic, reportsApi } from '../../../adapters/reports-api.ts'
import { formatDateTime } from '@vigil/domain/date-format'
import type { ReportSend, ReportSendStatus } from '@vigil/domain/report-schedule'
import { Chip } from '../../components/badge.tsx'
import { RetryAlert } from '../PageParts.tsx'

const STATUS = {
  sending: { tone: 'warning', label: 'Sending' },
  sent: { tone: 'success', label: 'Sent' },
  failed: { tone: 'danger', label: 'Failed' },
} as const satisfies Record<ReportSendStatus, { tone: string; label: string }>

/** A send's outcome in words (colour is never the only sign). */
export function SendStatusChip({ status }: { status: ReportSendStatus }) {
  return <Chip tone={STATUS[status].tone}>{STATUS[status].label}</Chip>
}

/** When a send was made, what started it, and its period. */
export function SendLine({ send, zone }: { send: ReportSend; zone: string }) {
  return (
    <>
      <SendStatusChip status={send.status} /> {formatDateTime(send.created_at)}
      {send.trigger === 'manual' ? ' (sent now)' : ''}
      <span className={css({ color: 'muted' })}> · {formatPeriodDays(send.from, send.to, zone)}</span>
      {send.error && <span className={css({ display: 'block', color: 'red.700', fontSize: 'sm' })}>{send.error}</span>}
    </>
  )
}

/** A send's period as its first and last day in the schedule's zone: "1 Nov 2026 – 30 Nov 2026". */
const formatPeriodDays = (from: string, to: string, zone: string) => {
  const day = (at: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' }).format(at)
  // The end is excluded: the last day is the one before it.
  return `${day(Date.parse(from))} – ${day(Date.parse(to) - 1)}`
}

/** A schedule's past sends, newest first, read when shown (again each time the schedule sends). */
export function ScheduleSends({ scheduleId, zone }: { scheduleId: string; zone: string }) {
  const load = useActorRef(useMemo(() => reportSendsLogic(reportsApi, scheduleId), [scheduleId]))
  const sends = useSelector(load, (s) => s.context.data)
  const error = useSelector(load, (s) => (s.matches('failed') ? s.context.error : null))
  if (error) return <RetryAlert onRetry={() => load.send({ type: 'load.retry' })}>{error}</RetryAlert>
  if (!sends) return <p className={css({ fontSize: 'sm', color: 'muted' })}>Loading...</p>
  if (sends.length === 0) return <p className={css({ fontSize: 'sm', color: 'muted' })}>Not sent yet.</p>
  return (
    <ul aria-label="Past sends" className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
      {sends.map((send) => (
        <li key={send.id} className={css({ fontSize: 'sm' })}>
          <SendLine send={send} zone={zone} />
        </li>
      ))}
    </ul>
  )
}
