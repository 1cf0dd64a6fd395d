import { MessageSquarePlus, Trash2, X } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { formatDateTime } from '../../../domain/date-format.ts'
import {
  INCIDENT_STATUS_LABELS,
  type Maintenance,
  type StatusIncident,
  type StatusPage,
} from '../../../domain/status-page.schema.ts'
import { componentNames } from '../../../domain/status-page-manage.ts'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'

// What the owner posted on a page, as the page's management lists show it: incidents with their updates, and
// maintenance windows.

const item = css({ bg: 'surface', rounded: 'lg', shadow: 'sm', p: { base: '4', md: '5' }, display: 'grid', gap: '3' })
const heading = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })
const itemTitle = css({ fontSize: 'md', fontWeight: 'semibold', overflowWrap: 'anywhere' })
const meta = css({ color: 'muted', fontSize: 'sm' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' })
// Markdown is shown as typed; the public page renders it.
const text = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })

const covered = (page: StatusPage, ids: readonly string[], none: string) =>
  ids.length === 0 ? none : componentNames(page, ids).join(', ')

export function IncidentItem({
  page,
  incident,
  onUpdate,
  onDelete,
}: {
  page: StatusPage
  incident: StatusIncident
  onUpdate: () => void
  onDelete: () => void
}) {
  const titleId = `incident-${incident.id}`
  const resolved = incident.resolved_at !== null
  return (
    <li aria-labelledby={titleId} className={item} data-testid="incident">
      <div className={heading}>
        <h3 id={titleId} className={itemTitle}>
          {incident.title}
        </h3>
        <Chip tone={resolved ? 'success' : 'warning'}>{INCIDENT_STATUS_LABELS[incident.status]}</Chip>
        <Chip tone={incident.impact === 'major' ? 'danger' : 'neutral'}>
          {incident.impact === 'major' ? 'Major' : 'Minor'} impact
        </Chip>
      </div>
      <p className={meta}>
        Started <time dateTime={incident.started_at}>{formatDateTime(incident.started_at)}</time>
        {incident.resolved_at && (
          <>
            {' '}
            · resolved <time dateTime={incident.resolved_at}>{formatDateTime(incident.resolved_at)}</time>
          </>
        )}{' '}
        · affects {covered(page, incident.component_ids, 'the page as a whole')}
        {incident.monitor_incident_id && ' · published from a monitor’s outage'}
      </p>
      <ol
        aria-label={`Updates on ${incident.title}`}
        className={css({
          display: 'grid',
          gap: '2',
          listStyle: 'none',
          p: '0',
          m: '0',
          borderLeftWidth: '2px',
          borderColor: 'gray.200',
          pl: '3',
        })}
      >
        {incident.updates.map((u) => (
          <li key={u.id}>
            <p className={css({ fontSize: 'sm' })}>
              <strong>{INCIDENT_STATUS_LABELS[u.status]}</strong>{' '}
              <time dateTime={u.created_at} className={css({ color: 'muted' })}>
                {formatDateTime(u.created_at)}
              </time>
            </p>
            <p className={text}>{u.message}</p>
          </li>
        ))}
      </ol>
      <div className={actions}>
        <Button size="sm" variant="outline" onClick={onUpdate} aria-label={`Post update on ${incident.title}`}>
          <MessageSquarePlus aria-hidden="true" /> Post update
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onDelete}
          aria-label={`Delete ${incident.title}`}
          className={css({ color: 'red.700' })}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
    </li>
  )
}

export function MaintenanceItem({
  page,
  maintenance,
  onCancel,
}: {
  page: StatusPage
  maintenance: Maintenance
  onCancel: () => void
}) {
  const titleId = `maintenance-${maintenance.id}`
  const running = maintenance.state === 'in_progress'
  return (
    <li aria-labelledby={titleId} className={item} data-testid="maintenance">
      <div className={heading}>
        <h3 id={titleId} className={itemTitle}>
          {maintenance.title}
        </h3>
        <Chip tone={running ? 'warning' : 'neutral'}>{running ? 'In progress' : 'Scheduled'}</Chip>
      </div>
      <p className={meta}>
        <time dateTime={maintenance.starts_at}>{formatDateTime(maintenance.starts_at)}</time> to{' '}
        <time dateTime={maintenance.ends_at}>{formatDateTime(maintenance.ends_at)}</time> · covers{' '}
        {covered(page, maintenance.component_ids, 'the whole page')}
      </p>
      {maintenance.description && <p className={text}>{maintenance.description}</p>}
      <div className={actions}>
        <Button
          size="sm"
          variant="outline"
          onClick={onCancel}
          aria-label={`Cancel maintenance ${maintenance.title}`}
          className={css({ color: 'red.700' })}
        >
          <X aria-hidden="true" /> Cancel maintenance
        </Button>
      </div>
    </li>
  )
}
