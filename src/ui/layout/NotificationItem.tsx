import { css } from '../../../styled-system/css'
import { formatDateTime, localizeUtcTimes } from '@vigil/domain/date-format'
import type { Notification } from '@vigil/domain/notification'
import { Chip } from '../components/badge.tsx'
import { NotificationTypeIcon } from '../components/icons.tsx'

/**
 * One notification as a button: type icon, title, 'New' while unread, description and time. Compact in the
 * bell's panel (time under the text), wide on the notifications page (time at the end). Every time it shows, its own
 * and those the server wrote into the description in UTC, reads in the viewer's zone in the one format.
 */
export function NotificationItem({
  notification: n,
  compact = false,
  onOpen,
}: {
  notification: Notification
  compact?: boolean
  onOpen: () => void
}) {
  const time = (
    <time
      dateTime={n.created_at}
      className={css({ fontSize: compact ? 'xs' : 'sm', color: 'muted', whiteSpace: 'nowrap' })}
    >
      {formatDateTime(n.created_at)}
    </time>
  )
  return (
    <button
      type="button"
      data-testid={compact ? 'bell-notification' : undefined}
      onClick={onOpen}
      className={css({
        display: 'grid',
        // Icon and text; on the page the time ends the line, or goes under the text on a phone.
        gridTemplateColumns: compact
          ? 'auto minmax(0, 1fr)'
          : { base: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        columnGap: '3',
        rowGap: '1',
        w: 'full',
        textAlign: 'left',
        py: compact ? '2' : '3',
        px: '2',
        rounded: compact ? 'md' : undefined,
        _hover: { bg: compact ? 'gray.100' : 'gray.50' },
        _focusVisible: { outline: '2px solid', outlineColor: 'primary' },
      })}
    >
      <NotificationTypeIcon type={n.notification_type} className={css({ mt: '1', flexShrink: 0 })} />
      <span
        className={css({
          display: 'grid',
          gap: '0.5',
          minW: '0',
          overflowWrap: 'break-word',
          fontSize: compact ? 'sm' : undefined,
        })}
      >
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          <strong>{n.notification_title}</strong>
          {!n.is_opened && <Chip>New</Chip>}
        </span>
        <span className={css({ color: 'gray.700' })}>{localizeUtcTimes(n.notification_description)}</span>
        {compact && time}
      </span>
      {!compact && <span className={css({ gridColumn: { base: '2', sm: 'auto' } })}>{time}</span>}
    </button>
  )
}
