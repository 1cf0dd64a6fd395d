import { css } from '../../../../styled-system/css'
import { formatDateTime } from '@vigil/domain/date-format'
import type { TestOutcome as Outcome } from '../../../machines/integrations.machine.ts'
import { DeliveryStatus } from './DeliveryStatus.tsx'

/**
 * What the last "Send test message" did, where it was asked for: sending, delivered, refused by the channel
 * (with its error), or not sent at all. A status region, so it is read out when it changes.
 */
export function TestOutcome({ sending, outcome }: { sending: boolean; outcome: Outcome | null }) {
  return (
    <div
      role="status"
      data-testid="test-outcome"
      // Empty, it takes back the gap its card leaves before it; it stays in the page so that it is read out.
      className={css({ fontSize: 'sm', _empty: { mt: '-3' } })}
    >
      {sending ? (
        <p className={css({ color: 'muted' })}>Sending a test message...</p>
      ) : outcome?.delivery ? (
        <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <span>Test message:</span>
          <DeliveryStatus status={outcome.delivery.status} />
          <time dateTime={outcome.delivery.created_at} className={css({ color: 'muted' })}>
            {formatDateTime(outcome.delivery.delivered_at ?? outcome.delivery.created_at)}
          </time>
          {outcome.delivery.last_error && (
            <span className={css({ color: 'red.800', overflowWrap: 'anywhere' })}>{outcome.delivery.last_error}</span>
          )}
        </p>
      ) : outcome?.error ? (
        <p className={css({ color: 'red.800' })}>{outcome.error}</p>
      ) : null}
    </div>
  )
}
