import { History, Pencil, Send } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { formatDateTime } from '@vigil/domain/date-format'
import type { Integration } from '@vigil/domain/integration.schema'
import type { TestOutcome as Outcome } from '../../../machines/integrations.machine.ts'
import * as Card from '../../components/card.tsx'
import { Switch } from '../../components/switch.tsx'
import { CardAction, RemoveButton } from '../PageParts.tsx'
import { DeliveryStatus } from './DeliveryStatus.tsx'
import { INTEGRATION_KINDS, targetOf } from './integration-kinds.ts'
import { TestOutcome } from './TestOutcome.tsx'

export interface IntegrationCardProps {
  integration: Integration
  /** What runs on it now. */
  busy?: 'toggling' | 'testing'
  /** Its last test message, sent from this page. */
  test: Outcome | null
  onToggle: (enabled: boolean) => void
  onTest: () => void
  onDeliveries: () => void
  onEdit: () => void
  onRemove: () => void
}

const srOnly = css({ srOnly: true })
// The channel's type, as a round icon before its name.
const kindIcon = css({
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  flexShrink: '0',
  rounded: 'full',
  bg: 'navy.50',
  color: 'primary',
})

/** One alert channel: where it sends, whether it is on, how its last delivery went, and what can be done. */
export function IntegrationCard({
  integration,
  busy,
  test,
  onToggle,
  onTest,
  onDeliveries,
  onEdit,
  onRemove,
}: IntegrationCardProps) {
  const { icon: Icon, label } = INTEGRATION_KINDS[integration.type]
  const last = integration.last_delivery
  const titleId = `integration-${integration.id}`
  return (
    <Card.Root as="li" size="sm" aria-labelledby={titleId}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
        <span className={kindIcon}>
          <Icon role="img" aria-label={label} size={20} />
        </span>
        <Card.Header flex="1 1 16rem">
          <Card.Title id={titleId}>{integration.name}</Card.Title>
          <Card.Description>
            {label} · {targetOf(integration)}
          </Card.Description>
          <p className={css({ fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <span className={css({ color: 'muted' })}>Last delivery</span>
            {last ? (
              <>
                <DeliveryStatus status={last.status} />
                <time dateTime={last.at}>{formatDateTime(last.at)}</time>
                {last.error && (
                  <span className={css({ color: 'red.800', overflowWrap: 'anywhere' })}>{last.error}</span>
                )}
              </>
            ) : (
              <span>none yet</span>
            )}
          </p>
        </Card.Header>
        <Switch checked={integration.enabled} disabled={busy !== undefined} onCheckedChange={onToggle}>
          Enabled<span className={srOnly}>: {integration.name}</span>
        </Switch>
      </div>
      <Card.Footer>
        {/* Each label starts with the words on the button and names the channel. */}
        <CardAction
          label={`Send test message to ${integration.name}`}
          icon={Send}
          disabled={busy !== undefined}
          onClick={onTest}
        >
          Send test message
        </CardAction>
        <CardAction label={`Deliveries of ${integration.name}`} icon={History} onClick={onDeliveries}>
          Deliveries
        </CardAction>
        <CardAction label={`Edit ${integration.name}`} icon={Pencil} disabled={busy !== undefined} onClick={onEdit}>
          Edit
        </CardAction>
        <RemoveButton label={`Remove ${integration.name}`} disabled={busy !== undefined} onClick={onRemove}>
          Remove
        </RemoveButton>
      </Card.Footer>
      <TestOutcome sending={busy === 'testing'} outcome={test} />
    </Card.Root>
  )
}
