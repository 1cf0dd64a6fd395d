import { formatDateTime } from '@vigil/domain/date-format'
import {
  INCIDENT_COMMENT_MAX,
  type IncidentDelivery,
  type IncidentDetail,
  type IncidentEvent,
  type IncidentEventKind,
} from '@vigil/domain/incident'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import {
  BellRing,
  CircleAlert,
  CircleCheck,
  type LucideIcon,
  MessageSquare,
  Send,
  ShieldAlert,
  UserCheck,
} from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { incidentLogic, incidentsApi } from '../../../adapters/incidents-api.ts'
import { useEffects } from '../../app/effects.ts'
import { useLive } from '../../app/use-live.ts'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as Field from '../../components/field.tsx'
import { Form } from '../../components/form.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import * as Table from '../../components/table.tsx'
import { formValues } from '../auth/FormField.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { formatDuration, formatMs } from '../monitors/format.ts'
import { StatusBadge } from '../monitors/StatusBadge.tsx'
import { TimeCell } from '../monitors/TimeCell.tsx'
import { muted, numeric } from '../monitors/table-styles.ts'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { IncidentStateChip, textLink } from './incident-parts.tsx'

/** /incidents/{id}: one incident, its timeline and evidence; acknowledge it, comment on it. */
export function IncidentPage() {
  const { incidentId = '' } = useParams()
  const fx = useEffects()
  const incident = useActorRef(
    useMemo(() => incidentLogic(incidentsApi, fx), [fx]),
    { input: { id: incidentId } },
  )
  useLive((event) => {
    if (event.kind === 'resync' || (event.kind === 'incident' && event.incident_id === incidentId))
      incident.send({ type: 'incident.refresh' })
  })
  const data = useSelector(incident, (s) => s.context.incident)
  const error = useSelector(incident, (s) => s.context.error)
  const failed = useSelector(incident, (s) => s.matches('failed'))
  const notFound = useSelector(incident, (s) => s.matches('notFound'))

  if (notFound)
    return (
      <section className={pageLayout} aria-labelledby="incident-title">
        <EmptyState.Root>
          <EmptyState.Title id="incident-title">Incident not found</EmptyState.Title>
          <EmptyState.Description>It may belong to another account, or its monitor was deleted.</EmptyState.Description>
          <EmptyState.Actions>
            <Link to="/incidents" className={textLink}>
              All incidents
            </Link>
          </EmptyState.Actions>
        </EmptyState.Root>
      </section>
    )

  return (
    <section className={pageLayout} aria-labelledby="incident-title">
      {!data ? (
        <>
          <PageHeader.Root>
            <PageHeader.Content>
              <PageHeader.Title id="incident-title">Incident</PageHeader.Title>
            </PageHeader.Content>
          </PageHeader.Root>
          {failed ? (
            <RetryAlert onRetry={() => incident.send({ type: 'incident.retry' })}>{error}</RetryAlert>
          ) : (
            <LoadingCard />
          )}
        </>
      ) : (
        <Incident incident={data} actor={incident} />
      )}
    </section>
  )
}

type IncidentActor = ReturnType<typeof useActorRef<ReturnType<typeof incidentLogic>>>

const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
  columnGap: '4',
  rowGap: '1',
  '& dt': { color: 'muted', fontSize: 'sm' },
  '& dd': { overflowWrap: 'anywhere', mb: { base: '2', sm: '0' } },
})

function Incident({ incident, actor }: { incident: IncidentDetail; actor: IncidentActor }) {
  const acknowledging = useSelector(actor, (s) => s.matches({ ready: { acknowledgement: 'acknowledging' } }))
  const ackError = useSelector(actor, (s) => s.context.ackError)
  const { monitor } = incident
  const duration = incident.duration_ms ?? Math.max(0, Date.now() - Date.parse(incident.started_at))

  return (
    <>
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id="incident-title">{monitor.name} incident</PageHeader.Title>
          <PageHeader.Description>
            <Link to={MONITOR_PAGES[monitor.type].detail(monitor.id)} className={textLink}>
              Open the monitor {monitor.name}
            </Link>{' '}
            ·{' '}
            <Link to="/incidents" className={textLink}>
              All incidents
            </Link>
          </PageHeader.Description>
        </PageHeader.Content>
        <PageHeader.Actions>
          {incident.state === 'open' && (
            <Button disabled={acknowledging} onClick={() => actor.send({ type: 'incident.acknowledge' })}>
              <UserCheck aria-hidden="true" /> {acknowledging ? 'Acknowledging...' : 'Acknowledge'}
            </Button>
          )}
        </PageHeader.Actions>
      </PageHeader.Root>

      <ErrorAlert message={ackError} />

      <Card.Root as="section" aria-labelledby="incident-facts" gap="3">
        <Card.Title id="incident-facts" fontSize="md">
          Summary
        </Card.Title>
        <dl className={facts}>
          <dt>State</dt>
          <dd>
            <IncidentStateChip state={incident.state} />
          </dd>
          {incident.acknowledged && (
            <>
              <dt>Acknowledged</dt>
              <dd>
                {incident.acknowledged.by ? `By ${incident.acknowledged.by.name}, ` : ''}
                <time dateTime={incident.acknowledged.at}>{formatDateTime(incident.acknowledged.at)}</time>
              </dd>
            </>
          )}
          <dt>Started</dt>
          <dd>
            <time dateTime={incident.started_at}>{formatDateTime(incident.started_at)}</time>
          </dd>
          <dt>{incident.resolved_at ? 'Resolved' : 'Down for'}</dt>
          <dd>
            {incident.resolved_at ? (
              <>
                <time dateTime={incident.resolved_at}>{formatDateTime(incident.resolved_at)}</time> (after{' '}
                {formatDuration(duration)})
              </>
            ) : (
              formatDuration(duration)
            )}
          </dd>
          <dt>Cause</dt>
          <dd>{incident.cause}</dd>
          <dt>Monitor</dt>
          <dd>
            {monitor.target || monitor.name} <StatusBadge status={monitor.status} />
          </dd>
        </dl>
      </Card.Root>

      <Card.Root as="section" aria-labelledby="incident-timeline" gap="3">
        <Card.Title id="incident-timeline" fontSize="md">
          Timeline
        </Card.Title>
        <ol className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })} aria-label="Timeline">
          {incident.timeline.map((e) => (
            <TimelineItem key={e.id} event={e} />
          ))}
        </ol>
        <CommentForm actor={actor} />
      </Card.Root>

      <Card.Root as="section" aria-labelledby="incident-evidence" gap="3">
        <Card.Title id="incident-evidence" fontSize="md">
          Evidence
        </Card.Title>
        <Evidence incident={incident} />
      </Card.Root>
    </>
  )
}

const KINDS: Record<IncidentEventKind, { icon: LucideIcon; color: string }> = {
  failed: { icon: CircleAlert, color: 'red.700' },
  confirmed: { icon: ShieldAlert, color: 'red.700' },
  alert: { icon: Send, color: 'gray.700' },
  reminder: { icon: BellRing, color: 'amber.800' },
  acknowledged: { icon: UserCheck, color: 'blue.700' },
  comment: { icon: MessageSquare, color: 'gray.700' },
  resolved: { icon: CircleCheck, color: 'green.700' },
}

const ALERT_WORDS: Record<string, string> = { down: 'Down alert', up: 'Recovery alert', reminder: 'Reminder' }

const headlineOf = (e: IncidentEvent): string => {
  switch (e.kind) {
    case 'failed':
      return 'First failed check'
    case 'confirmed':
      return 'Outage confirmed'
    case 'alert':
    case 'reminder': {
      const what = ALERT_WORDS[e.delivery?.alert ?? e.kind] ?? (e.kind === 'reminder' ? 'Reminder' : 'Alert')
      const channel = e.delivery?.channel
      return channel ? `${what} to ${channel.name} (${channel.type})` : `${what} sent`
    }
    case 'acknowledged':
      return `Acknowledged${e.author ? ` by ${e.author.name}` : ''}`
    case 'comment':
      return `${e.author?.name ?? 'Someone'} commented`
    case 'resolved':
      return 'Resolved: the monitor is back up'
  }
}

const outcomeOf = (d: IncidentDelivery | null, kind: IncidentEventKind): string | null => {
  if (kind !== 'alert' && kind !== 'reminder') return null
  if (!d) return 'The delivery record is no longer kept.'
  const tries = `${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`
  if (d.status === 'delivered') return `Delivered${d.delivered_at ? ` ${formatDateTime(d.delivered_at)}` : ''}`
  if (d.status === 'failed') return `Failed after ${tries}${d.last_error ? `: ${d.last_error}` : ''}`
  return d.attempts === 0 ? 'Waiting to be sent' : `Retrying (${tries}${d.last_error ? `: ${d.last_error}` : ''})`
}

const OUTCOME_COLOR = { delivered: 'green.700', failed: 'red.700', pending: 'muted' } as const

function TimelineItem({ event }: { event: IncidentEvent }) {
  const { icon: Icon, color } = KINDS[event.kind]
  const outcome = outcomeOf(event.delivery, event.kind)
  return (
    <li className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '3' })}>
      <Icon aria-hidden="true" size={20} style={{ color: `var(--colors-${color.replace('.', '-')})` }} />
      <div className={css({ display: 'grid', gap: '0.5', minW: '0' })}>
        <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{headlineOf(event)}</p>
        <p className={css({ fontSize: 'sm', color: 'muted' })}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        </p>
        {outcome && (
          <p
            className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}
            style={{
              color: `var(--colors-${(OUTCOME_COLOR[event.delivery?.status ?? 'pending'] ?? 'muted').replace('.', '-')})`,
            }}
          >
            {outcome}
          </p>
        )}
        {event.body && <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{event.body}</p>}
      </div>
    </li>
  )
}

function CommentForm({ actor }: { actor: IncidentActor }) {
  const form = useRef<HTMLFormElement>(null)
  const sending = useSelector(actor, (s) => s.matches({ ready: { comment: 'sending' } }))
  const errors = useSelector(actor, (s) => s.context.commentErrors)
  const message = useSelector(actor, (s) => s.context.commentMessage)
  const commented = useSelector(actor, (s) => s.context.commented)
  useEffect(() => {
    if (commented > 0) form.current?.reset()
  }, [commented])
  return (
    <Form
      ref={form}
      aria-label="Add a comment"
      className={css({ display: 'grid', gap: '3' })}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'incident.comment', values: formValues(e.currentTarget) })
      }}
    >
      <ErrorAlert message={message} />
      <Field.Root invalid={Boolean(errors.body)}>
        <Field.Label>Comment</Field.Label>
        <Field.Textarea name="body" rows={3} maxLength={INCIDENT_COMMENT_MAX} />
        <Field.ErrorText>{errors.body}</Field.ErrorText>
      </Field.Root>
      <div>
        <Button type="submit" disabled={sending}>
          <MessageSquare aria-hidden="true" /> {sending ? 'Adding...' : 'Add comment'}
        </Button>
      </div>
    </Form>
  )
}

function Evidence({ incident }: { incident: IncidentDetail }) {
  const { results, total } = incident.evidence
  if (results.length === 0) return <p className={muted}>No failing checks are kept for this incident.</p>
  return (
    <>
      <p className={muted}>
        {total > results.length
          ? `The first ${results.length} of ${total} failing checks.`
          : `${total} failing ${total === 1 ? 'check' : 'checks'}.`}
      </p>
      <Table.Simple
        label="Failing checks"
        layout="stack"
        columns={['Time', 'State', 'HTTP status', 'Response', 'Address', 'Error']}
      >
        {results.map((r) => (
          <Table.Row key={r.checked_at}>
            <TimeCell at={r.checked_at} />
            <Table.Cell>
              <StatusBadge status={r.status} />
            </Table.Cell>
            <Table.Cell className={numeric}>{r.status_code ?? '—'}</Table.Cell>
            <Table.Cell className={numeric}>{formatMs(r.response_ms)}</Table.Cell>
            <Table.Cell overflowWrap="anywhere">{r.address ?? '—'}</Table.Cell>
            <Table.Cell minW={{ md: '48' }} overflowWrap="anywhere">
              {r.message}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Simple>
    </>
  )
}
