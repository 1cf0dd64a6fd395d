import type { Integration } from '@vigil/domain/integration.schema'
import { useSelector } from '../../app/actor-hooks.ts'
import { Hash, Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { button } from '../../../../styled-system/recipes/button'
import type { Effects } from '../../../adapters/flows.actors.ts'
import { integrationsLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi, SLACK_INSTALL_PATH } from '../../../adapters/integrations-api.ts'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { CardList, ListLoad, StackedPage, useEditing, useListFlow } from '../PageParts.tsx'
import { IntegrationCard } from './IntegrationCard.tsx'
import { LazyDeliveries, LazyIntegrationForm } from './LazyDialogs.tsx'
import { SignInNeeded } from './SignInNeeded.tsx'

/** /integrations: the user's alert channels (inside the layout, without the session check). */
export function IntegrationsPage() {
  return (
    <FeatureGate feature="Integrations">
      <Integrations />
    </FeatureGate>
  )
}

const makeLogic = (fx: Effects) => integrationsLogic(integrationsApi, fx)

function Integrations() {
  const { page, error, ready, failed, confirming, removing, removal } = useListFlow(makeLogic)
  const list = useSelector(page, (s) => s.context.list)
  const busy = useSelector(page, (s) => s.context.busy)
  const tests = useSelector(page, (s) => s.context.tests)
  const signedOut = useSelector(page, (s) => s.matches('signedOut'))
  const { editing, open, close, saved } = useEditing<Integration>((integration) =>
    page.send({ type: 'integration.saved', integration }),
  )
  const [deliveriesOf, setDeliveriesOf] = useState<Integration | null>(null)
  const closeDeliveries = useCallback(() => setDeliveriesOf(null), [])
  const refresh = () => page.send({ type: 'integrations.refresh' })
  const add = () => open(null)
  const integrations = list?.integrations ?? []

  return (
    <StackedPage
      id="integrations-title"
      title="Integrations"
      description="Where your monitors’ alerts go, besides the bell."
      actions={
        ready && (
          <>
            {list?.slack_install_available && (
              // A plain link: the server sends the browser on to Slack and Slack back to /slack-connected.
              <a href={SLACK_INSTALL_PATH} className={button({ variant: 'outline' })}>
                <Hash aria-hidden="true" /> Add to Slack
              </a>
            )}
            {integrations.length > 0 && (
              <Button onClick={add}>
                <Plus aria-hidden="true" /> Add integration
              </Button>
            )}
          </>
        )
      }
    >
      {signedOut && <SignInNeeded />}

      <ListLoad ready={ready} failed={failed} error={error} loaded={list !== null || signedOut} onRetry={refresh} />

      {ready && (
        <CardList
          items={integrations}
          empty={
            <EmptyState.Root variant="card">
              <EmptyState.Title>No integrations yet</EmptyState.Title>
              <EmptyState.Description>
                Integrations send your monitors’ alerts where your team works: when a monitor goes down, comes back up,
                stays down, or a certificate or domain is about to expire. Add Slack, email, a webhook, Microsoft Teams,
                Discord or Telegram.
              </EmptyState.Description>
              <EmptyState.Description>
                Every monitor alerts all your channels, unless you choose some on the monitor. Until you add one, alerts
                reach only the bell.
              </EmptyState.Description>
              <EmptyState.Actions>
                <Button onClick={add}>
                  <Plus aria-hidden="true" /> Add your first integration
                </Button>
              </EmptyState.Actions>
            </EmptyState.Root>
          }
        >
          {(integration) => (
            <IntegrationCard
              key={integration.id}
              integration={integration}
              busy={busy[integration.id]}
              test={tests[integration.id] ?? null}
              onToggle={(enabled) => page.send({ type: 'integration.toggle', integration, enabled })}
              onTest={() => page.send({ type: 'integration.test', integration })}
              onDeliveries={() => setDeliveriesOf(integration)}
              onEdit={() => open(integration)}
              onRemove={() => page.send({ type: 'integration.delete', integration })}
            />
          )}
        </CardList>
      )}

      {editing && <LazyIntegrationForm integration={editing.item} onSaved={saved} onClose={close} />}
      {deliveriesOf && <LazyDeliveries integration={deliveriesOf} onClose={closeDeliveries} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        deleted={removal && { kind: 'alert channel', name: removal.name, verb: 'Remove' }}
        onConfirm={() => page.send({ type: 'integration.confirm' })}
        onCancel={() => page.send({ type: 'integration.cancel' })}
      />
    </StackedPage>
  )
}
