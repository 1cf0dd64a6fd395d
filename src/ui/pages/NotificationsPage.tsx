import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../styled-system/css'
import { api } from '../../adapters/api.ts'
import { notificationsLogic } from '../../adapters/flows.actors.ts'
import { useEffects } from '../app/effects.ts'
import * as EmptyState from '../components/empty-state.tsx'
import { NotificationItem } from '../layout/NotificationItem.tsx'
import { PageCard } from './FeaturePage.tsx'

const PAGE_SIZE = 20

/** The full list of notifications, newest first, page by page (?page=N). */
export function NotificationsPage() {
  const [params] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  return <NotificationList key={page} page={page} />
}

function NotificationList({ page }: { page: number }) {
  const fx = useEffects()
  const logic = useMemo(() => notificationsLogic(api, fx, { page, limit: PAGE_SIZE }), [fx, page])
  const list = useActorRef(logic)
  const notifications = useSelector(list, (s) => s.context.notifications)
  const total = useSelector(list, (s) => s.context.total)
  const loading = useSelector(list, (s) => s.matches('loading'))
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  return (
    <PageCard id="notifications-title" title="Notifications">
      {loading ? (
        <p role="status">Loading...</p>
      ) : notifications.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Description>
            No notifications yet. Alerts about your monitors will appear here.
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
        {page > 1 && <Link to={`/notifications?page=${page - 1}`}>Newer</Link>}
        <span className={css({ color: 'muted', fontSize: 'sm' })}>
          Page {page} of {pages} · {total} in all
        </span>
        {page < pages && <Link to={`/notifications?page=${page + 1}`}>Older</Link>}
      </nav>
    </PageCard>
  )
}
