import { BELL_VISIBLE_ITEMS } from '@vigil/domain/notification'
import { useState } from 'react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { useSelector } from '../app/actor-hooks.ts'
import { Badge } from '../components/badge.tsx'
import { BellIcon } from '../components/icons.tsx'
import * as Popover from '../components/popover.tsx'
import { NotificationItem } from './NotificationItem.tsx'
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

const markAll = css({
  fontSize: 'sm',
  color: 'primary',
  fontWeight: 'medium',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  // Its hover ground reaches past the words, which stay in line with the list's right edge.
  px: '2',
  py: '1',
  mr: '-2',
  rounded: 'md',
  _hover: { bg: 'navy.50' },
  _disabled: { color: 'muted', cursor: 'default', bg: 'transparent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
})

// The panel's three parts, inset from its edges: the header (title and 'Mark all as read') and the footer link are
// ruled off lightly from the list, whose items carry their own inset and hover.
const header = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '4',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'gray.100',
})
const note = css({ color: 'muted', px: '4', py: '6', textAlign: 'center', fontSize: 'sm' })
const footer = css({
  display: 'block',
  textAlign: 'center',
  color: 'primary',
  fontWeight: 'medium',
  fontSize: 'sm',
  px: '4',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'gray.100',
  _hover: { bg: 'gray.50', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '-2px' },
})

/** The bell: unread badge; the first 3 of the newest 50; 'Show all notifications'; and 'Mark all as read'. */
export function NotificationBell() {
  const { notifications } = useShell()
  const [open, setOpen] = useState(false)
  const list = useSelector(notifications, (s) => s.context.notifications)
  const unread = useSelector(notifications, (s) => s.context.unread)
  // The list is asked for again every 30 s: a refresh keeps the list on screen instead of 'Loading...'.
  const loading = useSelector(notifications, (s) => s.matches('loading') && s.context.notifications.length === 0)
  const visible = list.slice(0, BELL_VISIBLE_ITEMS)
  const markingAll = useSelector(notifications, (s) => s.matches('readingAll'))

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger className={iconButton} aria-label={`Notifications, ${unread} unread`}>
        <BellIcon size={20} aria-hidden="true" />
        {unread > 0 && <Badge count={unread} className={css({ position: 'absolute', top: '0.5', right: '0.5' })} />}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="360px" maxH="800px">
          <div className={header}>
            <Popover.Title>Notifications</Popover.Title>
            {unread > 0 && (
              <button
                type="button"
                className={markAll}
                disabled={markingAll}
                onClick={() => notifications.send({ type: 'notifications.readAll' })}
              >
                {markingAll ? 'Marking...' : 'Mark all as read'}
              </button>
            )}
          </div>
          {loading ? (
            <p className={note}>Loading...</p>
          ) : visible.length === 0 ? (
            <p className={note}>No new notifications</p>
          ) : (
            <ul className={css({ display: 'grid', gap: '1', p: '2' })}>
              {visible.map((n) => (
                <li key={n.notification_id}>
                  <NotificationItem
                    compact
                    notification={n}
                    onOpen={() => {
                      setOpen(false)
                      notifications.send({ type: 'notification.open', notification: n })
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" onClick={() => setOpen(false)} className={footer}>
            Show all notifications
          </Link>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}
