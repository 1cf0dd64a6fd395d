import { Portal } from '@ark-ui/react/portal'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { X } from 'lucide-react'
import { useMemo } from 'react'
import { css } from '../../../../styled-system/css'
import { deliveriesLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi } from '../../../adapters/integrations-api.ts'
import { formatDateTime } from '@vigil/domain/date-format'
import type { Integration } from '@vigil/domain/integration.schema'
import { Button } from '../../components/button.tsx'
import * as Dialog from '../../components/dialog.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as Table from '../../components/table.tsx'
import { NewerOlderPager } from '../NewerOlderPager.tsx'
import { RetryAlert } from '../PageParts.tsx'
import { DeliveryStatus } from './DeliveryStatus.tsx'

const muted = css({ color: 'muted' })

export interface DeliveriesDialogProps {
  integration: Integration
  onClose: () => void
}

/** A channel's last deliveries, newest first, a page at a time (loaded when first opened). */
export function DeliveriesDialog({ integration, onClose }: DeliveriesDialogProps) {
  const logic = useMemo(() => deliveriesLogic(integrationsApi), [])
  const deliveries = useActorRef(logic, { input: { integrationId: integration.id } })
  const data = useSelector(deliveries, (s) => s.context.data)
  const error = useSelector(deliveries, (s) => s.context.error)
  const failed = useSelector(deliveries, (s) => s.matches('failed'))
  const loading = useSelector(deliveries, (s) => s.matches('loading'))
  const pagination = data?.pagination
  const pages = Math.max(1, pagination?.total_pages ?? 1)
  const total = pagination?.total ?? 0

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="4xl" aria-busy={loading}>
            <Dialog.Title>Deliveries to {integration.name}</Dialog.Title>
            <Dialog.Description>
              Every alert and test message sent to this channel, newest first; a failed one is tried again a few times.
            </Dialog.Description>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
            {failed && <RetryAlert onRetry={() => deliveries.send({ type: 'deliveries.retry' })}>{error}</RetryAlert>}
            {!data ? (
              !failed && <p role="status">Loading...</p>
            ) : data.deliveries.length === 0 ? (
              <EmptyState.Root>
                <EmptyState.Description>Nothing sent yet. Send a test message to see one here.</EmptyState.Description>
              </EmptyState.Root>
            ) : (
              <>
                <Table.Simple label="Deliveries table" columns={['Time', 'Alert', 'Status', 'Attempts', 'Error']}>
                  {data.deliveries.map((d) => (
                    <Table.Row key={d.id}>
                      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                        <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>
                      </Table.Cell>
                      <Table.Cell minW="48">{d.title}</Table.Cell>
                      <Table.Cell>
                        <DeliveryStatus status={d.status} />
                      </Table.Cell>
                      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                        {d.attempts}
                      </Table.Cell>
                      <Table.Cell minW="48" overflowWrap="anywhere">
                        {d.last_error ?? <span className={muted}>–</span>}
                        {d.status === 'pending' && d.next_attempt_at && (
                          <span className={css({ display: 'block', color: 'muted', fontSize: 'xs' })}>
                            Next try {formatDateTime(d.next_attempt_at)}
                          </span>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Simple>
                <NewerOlderPager
                  label="Delivery pages"
                  page={pagination?.page ?? 1}
                  pages={pages}
                  count={`${total} ${total === 1 ? 'delivery' : 'deliveries'}`}
                  disabled={loading}
                  onPage={(page) => deliveries.send({ type: 'deliveries.page', page })}
                />
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
