import { NOTIFICATION_TYPES, type NotificationType, notificationWords } from '@vigil/domain/notification'
import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../styled-system/css'
import { api } from '../../adapters/api.ts'
import { notificationsLogic } from '../../adapters/flows.actors.ts'
import { useEffects } from '../app/effects.ts'
import { Button } from '../components/button.tsx'
import * as EmptyState from '../components/empty-state.tsx'
import { NotificationItem } from '../layout/NotificationItem.tsx'
import { useLiveBell } from '../layout/use-live-bell.ts'
import { PageCard } from './FeaturePage.tsx'
import { FilterSelect } from './FilterSelect.tsx'

const PAGE_SIZE = 20
const TYPE_CHOICES = NOTIFICATION_TYPES.map((t) => ({ value: t, label: notificationWords(t)?.filter ?? t }))
const READ_CHOICES = [
  { value: 'false', label: 'Unread only' },
  { value: 'true', label: 'Read only' },
]

interface Filter {
  page: number
  type?: NotificationType
  read?: boolean
}

const filterOf = (params: URLSearchParams): Filter => {
  const type = params.get('type')
  const read = params.get('read')
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    type: (NOTIFICATION_TYPES as readonly string[]).includes(type ?? '') ? (type as NotificationType) : undefined,
    read: read === 'true' ? true : read === 'false' ? false : undefined,
  }
}

const searchOf = (f: Filter) => {
  const out = new URLSearchParams()
  if (f.type) out.set('type', f.type)
  if (f.read !== undefined) out.set('read', String(f.read))
  if (f.page > 1) out.set('page', String(f.page))
  const text = out.toString()
  return text ? `?${text}` : ''
}

/** The full list of notifications, newest first, page by page, of a type or read state if chosen (in the address). */
export function NotificationsPage() {
  const [params] = useSearchParams()
  const filter = filterOf(params)
  return <NotificationList key={searchOf(filter)} filter={filter} />
}

const filters = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })

function NotificationList({ filter }: { filter: Filter }) {
  const fx = useEffects()
  const [, setParams] = useSearchParams()
  const logic = useMemo(
    () => notificationsLogic(api, fx, { page: filter.page, limit: PAGE_SIZE, type: filter.type, read: filter.read }),
    [fx, filter.page, filter.type, filter.read],
  )
  const list = useActorRef(logic)
  // Told by the live stream like the bell: a new notification shows up here without waiting for the timer.
  useLiveBell(list)
  const notifications = useSelector(list, (s) => s.context.notifications)
  const total = useSelector(list, (s) => s.context.total)
  const unread = useSelector(list, (s) => s.context.unread)
  const loading = useSelector(list, (s) => s.matches('loading'))
  const markingAll = useSelector(list, (s) => s.matches('readingAll'))
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const choose = (change: Partial<Filter>) => setParams(searchOf({ ...filter, page: 1, ...change }))
  const filtered = filter.type !== undefined || filter.read !== undefined

  return (
    <PageCard id="notifications-title" title="Notifications">
      <div className={filters}>
        <FilterSelect
          label="Type"
          allLabel="All types"
          value={filter.type ?? ''}
          options={TYPE_CHOICES}
          onChange={(value) => choose({ type: (value || undefined) as NotificationType | undefined })}
          w="auto"
        />
        <FilterSelect
          label="Show"
          allLabel="Read and unread"
          value={filter.read === undefined ? '' : String(filter.read)}
          options={READ_CHOICES}
          onChange={(value) => choose({ read: value === '' ? undefined : value === 'true' })}
          w="auto"
        />
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markingAll}
          onClick={() => list.send({ type: 'notifications.readAll' })}
          className={css({ ml: 'auto' })}
        >
          {markingAll ? 'Marking...' : 'Mark all as read'}
        </Button>
      </div>
      {loading ? (
        <p role="status">Loading...</p>
      ) : notifications.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Description>
            {filtered
              ? 'No notifications match these filters.'
              : 'No notifications yet. Alerts about your monitors will appear here.'}
          </EmptyState.Description>
        </EmptyState.Root>
      ) : (
        <ul className={css({ display: 'grid', divideY: '1px', divideColor: 'gray.200' })}>
          {notifications.map((n) => (
            <li key={n.notification_id}>
              <NotificationItem
                notification={n}
                onOpen={() => list.send({ type: 'notification.open', notification: n })}
              />
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Pages" className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
        {filter.page > 1 && <Link to={`/notifications${searchOf({ ...filter, page: filter.page - 1 })}`}>Newer</Link>}
        <span className={css({ color: 'muted', fontSize: 'sm' })}>
          Page {filter.page} of {pages} · {total} in all
        </span>
        {filter.page < pages && (
          <Link to={`/notifications${searchOf({ ...filter, page: filter.page + 1 })}`}>Older</Link>
        )}
      </nav>
    </PageCard>
  )
}
