import { MessageSquarePlus, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { formatDateTime } from '@vigil/domain/date-format'
import {
  INCIDENT_STATUS_LABELS,
  type Maintenance,
  type StatusIncident,
  type StatusPage,
} from '@vigil/domain/status-page.schema'
import { componentNames } from '@vigil/domain/status-page-manage'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import { RemoveButton } from '../PageParts.tsx'

// What the owner posted on a page, as the page's management lists show it: incidents with their updates, and
// maintenance windows.

const heading = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })
const meta = css({ color: 'muted', fontSize: 'sm' })
// Markdown is shown as typed; the public page renders it.
const text = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })

/** One posted thing as a card of its list: its title (h3) with its chips, what it says, and its buttons. */
function PostedItem({
  kind,
  id,
  title,
  chips,
  actions,
  children,
}: {
  kind: 'incident' | 'maintenance'
  id: string
  title: string
  chips: ReactNode
  actions: ReactNode
  children: ReactNode
}) {
  const titleId = `${kind}-${id}`
  return (
    <Card.Root as="li" size="sm" aria-labelledby={titleId} data-testid={kind}>
      <div className={heading}>
        <Card.Title as="h3" id={titleId} fontSize="md">
          {title}
        </Card.Title>
        {chips}
      </div>
      {children}
      <Card.Footer>{actions}</Card.Footer>
    </Card.Root>
  )
}

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
  const resolved = incident.resolved_at !== null
  return (
    <PostedItem
      kind="incident"
      id={incident.id}
      title={incident.title}
      chips={
        <>
          <Chip tone={resolved ? 'success' : 'warning'}>{INCIDENT_STATUS_LABELS[incident.status]}</Chip>
          <Chip tone={incident.impact === 'major' ? 'danger' : 'neutral'}>
            {incident.impact === 'major' ? 'Major' : 'Minor'} impact
          </Chip>
        </>
      }
      actions={
        <>
          <Button size="sm" variant="outline" onClick={onUpdate} aria-label={`Post update on ${incident.title}`}>
            <MessageSquarePlus aria-hidden="true" /> Post update
          </Button>
          <RemoveButton label={`Delete ${incident.title}`} onClick={onDelete}>
            Delete
          </RemoveButton>
        </>
      }
    >
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
    </PostedItem>
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
  const running = maintenance.state === 'in_progress'
  return (
    <PostedItem
      kind="maintenance"
      id={maintenance.id}
      title={maintenance.title}
      chips={<Chip tone={running ? 'warning' : 'neutral'}>{running ? 'In progress' : 'Scheduled'}</Chip>}
      actions={
        <RemoveButton label={`Cancel maintenance ${maintenance.title}`} icon={X} onClick={onCancel}>
          Cancel maintenance
        </RemoveButton>
      }
    >
      <p className={meta}>
        <time dateTime={maintenance.starts_at}>{formatDateTime(maintenance.starts_at)}</time> to{' '}
        <time dateTime={maintenance.ends_at}>{formatDateTime(maintenance.ends_at)}</time> · covers{' '}
        {covered(page, maintenance.component_ids, 'the whole page')}
      </p>
      {maintenance.description && <p className={text}>{maintenance.description}</p>}
    </PostedItem>
  )
}
