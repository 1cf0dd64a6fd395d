import { useActorRef, useSelector } from '@xstate/react'
import { Hash, Plus } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { integrationsLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi, SLACK_INSTALL_PATH } from '../../../adapters/integrations-api.ts'
import type { Integration } from '../../../domain/integration.schema.ts'
import { useEffects } from '../../app/effects.ts'
import { Button } from '../../components/button.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { alertBox } from '../monitors/table-styles.ts'
import { card, pageTitle } from '../page-styles.ts'
import { IntegrationCard } from './IntegrationCard.tsx'
import { LazyDeliveries, LazyIntegrationForm } from './LazyDialogs.tsx'
import { SignInNeeded } from './SignInNeeded.tsx'

type FormState = { integration: Integration | null } | null

/** /integrations: the user's alert channels (spec section 2: inside the layout, without the session check). */
export function IntegrationsPage() {
  return (
    <FeatureGate feature="Integrations">
      <Integrations />
    </FeatureGate>
  )
}

function Integrations() {
  const fx = useEffects()
  const logic = useMemo(() => integrationsLogic(integrationsApi, fx), [fx])
  const page = useActorRef(logic)
  const list = useSelector(page, (s) => s.context.list)
  const error = useSelector(page, (s) => s.context.error)
  const busy = useSelector(page, (s) => s.context.busy)
  const tests = useSelector(page, (s) => s.context.tests)
  const failed = useSelector(page, (s) => s.matches('failed'))
  const signedOut = useSelector(page, (s) => s.matches('signedOut'))
  const ready = useSelector(page, (s) => s.matches('ready'))
  const confirming = useSelector(page, (s) => s.matches({ ready: { removal: 'confirming' } }))
  const removing = useSelector(page, (s) => s.matches({ ready: { removal: 'removing' } }))
  const [form, setForm] = useState<FormState>(null)
  const [deliveriesOf, setDeliveriesOf] = useState<Integration | null>(null)
  const closeForm = useCallback(() => setForm(null), [])
  const closeDeliveries = useCallback(() => setDeliveriesOf(null), [])
  const saved = useCallback(
    (integration: Integration | null) => {
      if (integration) page.send({ type: 'integration.saved', integration })
    },
    [page],
  )
  const refresh = () => page.send({ type: 'integrations.refresh' })
  const add = () => setForm({ integration: null })
  const integrations = list?.integrations ?? []

  return (
    <section
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="integrations-title"
    >
      <header className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1 1 20rem', minW: '0' })}>
          <h1 id="integrations-title" className={pageTitle}>
            Integrations
          </h1>
          <p className={css({ color: 'muted' })}>Where your monitors’ alerts go, besides the bell.</p>
        </div>
        {ready && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
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
          </div>
        )}
      </header>

      {signedOut && <SignInNeeded />}

      {(failed || (ready && error)) && (
        <div role="alert" className={alertBox}>
          <span>{ready ? `Could not refresh the list: ${error}` : error}</span>
          <Button size="sm" variant="outline" onClick={refresh}>
            Try again
          </Button>
        </div>
      )}

      {!list && !failed && !signedOut && (
        <p role="status" className={card}>
          Loading...
        </p>
      )}

      {ready &&
        (integrations.length === 0 ? (
          <div className={card}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' })}>No integrations yet</h2>
            <p className={css({ color: 'muted', mb: '2' })}>
              Integrations send your monitors’ alerts where your team works: when a monitor goes down, comes back up,
              stays down, or a certificate or domain is about to expire. Add Slack, email, a webhook, Microsoft Teams,
              Discord or Telegram.
            </p>
            <p className={css({ color: 'muted', mb: '4' })}>
              Every monitor alerts all your channels, unless you choose some on the monitor. Until you add one, alerts
              reach only the bell.
            </p>
            <Button onClick={add}>
              <Plus aria-hidden="true" /> Add your first integration
            </Button>
          </div>
        ) : (
          <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
            {integrations.map((integration) => (
              <IntegrationCard
                key={integration.id}
                integration={integration}
                busy={busy[integration.id]}
                test={tests[integration.id] ?? null}
                onToggle={(enabled) => page.send({ type: 'integration.toggle', integration, enabled })}
                onTest={() => page.send({ type: 'integration.test', integration })}
                onDeliveries={() => setDeliveriesOf(integration)}
                onEdit={() => setForm({ integration })}
                onRemove={() => page.send({ type: 'integration.delete', integration })}
              />
            ))}
          </ul>
        ))}

      {form && <LazyIntegrationForm integration={form.integration} onSaved={saved} onClose={closeForm} />}
      {deliveriesOf && <LazyDeliveries integration={deliveriesOf} onClose={closeDeliveries} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        onConfirm={() => page.send({ type: 'integration.confirm' })}
        onCancel={() => page.send({ type: 'integration.cancel' })}
      />
    </section>
  )
}
