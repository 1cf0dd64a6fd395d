import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import type { ExpiringMonitor } from '../../adapters/overview.actors.ts'
import { EXPIRING_SOON_DAYS } from '@vigil/domain/expiring-soon'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { expiryOf } from '@vigil/domain/monitor-types'
import * as Card from '../components/card.tsx'
import * as EmptyState from '../components/empty-state.tsx'
import { ExpiryText } from './monitors/ExpiryText.tsx'

const SHOWN = 10
const link = css({ fontWeight: 'semibold', color: 'primary', textDecoration: 'underline' })

/** The dashboard's certificates and domains that expire within 30 days, soonest first, each linking to its page. */
export function ExpiringSoon({
  expiring,
  watched,
  now,
}: {
  expiring: readonly ExpiringMonitor[]
  watched: number
  now: number
}) {
  return (
    <Card.Root as="section" aria-labelledby="expiring-soon" gap="3">
      <Card.Title id="expiring-soon" fontSize="md">
        Expiring soon{expiring.length > 0 ? ` (${expiring.length})` : ''}
      </Card.Title>
      {watched === 0 ? (
        <EmptyState.Root>
          <EmptyState.Description fontSize="sm">
            Add an{' '}
            <Link to={MONITOR_PAGES.ssl.list} className={link}>
              SSL monitor
            </Link>{' '}
            or a{' '}
            <Link to={MONITOR_PAGES.domain.list} className={link}>
              domain monitor
            </Link>{' '}
            to hear before a certificate or a domain expires.
          </EmptyState.Description>
        </EmptyState.Root>
      ) : expiring.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Description>
            No certificate or domain expires in the next {EXPIRING_SOON_DAYS} days.
          </EmptyState.Description>
        </EmptyState.Root>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}>
          {expiring.slice(0, SHOWN).map((m) => (
            <li
              key={m.id}
              className={css({
                borderLeftWidth: '3px',
                borderColor: 'amber.500',
                pl: '3',
                display: 'grid',
                gap: '0.5',
              })}
            >
              <Link to={MONITOR_PAGES[m.type].detail(m.id)} className={link}>
                {m.name}
              </Link>
              <span className={css({ fontSize: 'xs', color: 'muted' })}>{expiryOf(m.type)?.label}</span>
              <span className={css({ fontSize: 'sm' })}>
                <ExpiryText expiresAt={m.expires_at} warnDays={m.warn_days ?? []} now={now} layout="inline" />
              </span>
            </li>
          ))}
        </ul>
      )}
      {expiring.length > SHOWN && (
        <p className={css({ color: 'muted', fontSize: 'sm' })}>and {expiring.length - SHOWN} more</p>
      )}
    </Card.Root>
  )
}
