import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { formatDateTime } from '../../domain/date-format.ts'
import { BELL_VISIBLE_ITEMS } from '../../domain/notification.ts'
import { Badge, Chip } from '../components/badge.tsx'
import { BellIcon, NotificationTypeIcon } from '../components/icons.tsx'
import * as Popover from '../components/popover.tsx'
import { useShell } from './shell-context.tsx'

const iconButton = css({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  rounded: 'full',
  color: 'white',
  _hover: { bg: 'navy.700' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
})

/** The bell of spec section 2: unread badge; the first 3 of the newest 50; 'Show all notifications'. */
export function NotificationBell() {
  const { notifications } = useShell()
  const [open, setOpen] = useState(false)
  const list = useSelector(notifications, (s) => s.context.notifications)
  const unread = useSelector(notifications, (s) => s.context.unread)
  const loading = useSelector(notifications, (s) => s.matches('loading'))
  const visible = list.slice(0, BELL_VISIBLE_ITEMS)

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger className={iconButton} aria-label={`Notifications, ${unread} unread`}>
        <BellIcon size={20} aria-hidden="true" />
        {unread > 0 && <Badge count={unread} className={css({ position: 'absolute', top: '0.5', right: '0.5' })} />}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="360px" maxH="800px">
          <Popover.Title>Notifications</Popover.Title>
          {loading ? (
            <p className={css({ color: 'muted', py: '4' })}>Loading...</p>
          ) : visible.length === 0 ? (
            <p className={css({ color: 'muted', py: '4' })}>No new notifications</p>
          ) : (
            <ul className={css({ display: 'grid', gap: '1', my: '2' })}>
              {visible.map((n) => (
                <li key={n.notification_id}>
                  <button
                    type="button"
                    data-testid="bell-notification"
                    onClick={() => {
                      setOpen(false)
                      notifications.send({ type: 'notification.open', notification: n })
                    }}
                    className={css({
                      display: 'flex',
                      gap: '3',
                      w: 'full',
                      textAlign: 'left',
                      p: '2',
                      rounded: 'md',
                      _hover: { bg: 'gray.100' },
                      _focusVisible: { outline: '2px solid', outlineColor: 'primary' },
                    })}
                  >
                    <NotificationTypeIcon type={n.notification_type} className={css({ mt: '1', flexShrink: 0 })} />
                    <span className={css({ display: 'grid', gap: '0.5', flex: '1' })}>
                      <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                        <strong className={css({ fontSize: 'sm' })}>{n.notification_title}</strong>
                        {!n.is_opened && <Chip>New</Chip>}
                      </span>
                      <span className={css({ fontSize: 'sm', color: 'gray.700' })}>{n.notification_description}</span>
                      <time dateTime={n.created_at} className={css({ fontSize: 'xs', color: 'muted' })}>
                        {formatDateTime(n.created_at)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Link
            to="/notifications"
            onClick={() => setOpen(false)}
            className={css({ display: 'block', textAlign: 'center', color: 'primary', fontWeight: 'medium', py: '2' })}
          >
            Show all notifications
          </Link>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}
