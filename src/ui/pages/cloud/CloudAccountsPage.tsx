import { CLOUD_PROVIDER_WORDS, type CloudProvider } from '@vigil/domain/cloud-account'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { useSelector } from '../../app/actor-hooks.ts'
import { Plus } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { Effects } from '../../../adapters/flows.actors.ts'
import type { cloudAccountsMachine } from '../../../machines/cloud-accounts.machine.ts'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { typeIcon } from '../../components/icons.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { LazyMonitorDetailPage } from '../monitors/LazyMonitorDetailPage.tsx'
import { MonitorList } from '../monitors/MonitorListPage.tsx'
import { CardList, ListLoad, pageLayout, StackedPage, useEditing, useListFlow } from '../PageParts.tsx'
import { CloudAccountCard } from './CloudAccountCard.tsx'
import type { AccountPageLink, CloudAccountView } from './cloud-pages.ts'

/** The connect and edit dialog of a provider's account. */
export type AccountForm<A> = ComponentType<{
  account: A | null
  onSaved: (account: A | null) => void
  onClose: () => void
}>

export interface CloudAccountsSectionProps<A extends CloudAccountView> {
  provider: CloudProvider
  /** The list's flow, made from the page's effects (a function of the module, not of the render). */
  logic: (fx: Effects) => ReturnType<typeof cloudAccountsMachine<A>>
  /** What the provider's page does for the user, under its title. */
  description: ReactNode
  /** The connect button's words: "Connect AWS account". */
  connectLabel: string
  /** What the page says while nothing is connected. */
  empty: { title: string; description: ReactNode }
  /** What removing an account does, in the confirmation dialog. */
  removeDescription: string
  /** An account's card: who it is, what its last read found, its pages. */
  card: (account: A) => { identity: ReactNode; facts: ReactNode; links: AccountPageLink[] }
  Form: AccountForm<A>
  /** The type of the monitors that watch the accounts, listed under them; its icon is the page's. */
  monitors: MonitorType
}

/**
 * A provider's page (AWS Monitoring, Azure Monitoring, Microsoft 365), behind its plan gate: the connected accounts,
 * each with its status, what it found and its pages; read now, re-test, edit and remove (after the spec's
 * confirmation dialog); connect another. Then the monitors that watch them; with ?id=, one monitor's page.
 */
export function CloudAccountsPage<A extends CloudAccountView>(props: CloudAccountsSectionProps<A>) {
  const [search] = useSearchParams()
  // A monitor without a route of its own (Azure, Microsoft 365) has this page with ?id= as its page.
  if (search.get('id')) return <LazyMonitorDetailPage type={props.monitors} />
  return (
    <FeatureGate feature={CLOUD_PROVIDER_WORDS[props.provider].feature}>
      <div className={pageLayout}>
        <CloudAccountsSection {...props} />
        <MonitorList type={props.monitors} embedded />
      </div>
    </FeatureGate>
  )
}

function CloudAccountsSection<A extends CloudAccountView>({
  provider,
  logic,
  monitors,
  description,
  connectLabel,
  empty,
  removeDescription,
  card,
  Form,
}: CloudAccountsSectionProps<A>) {
  const Icon = typeIcon(monitors)
  const { page: accounts, error, ready, failed, confirming, removing } = useListFlow(logic)
  const list = useSelector(accounts, (s) => s.context.list)
  const busy = useSelector(accounts, (s) => s.context.busy)
  const gone = useSelector(accounts, (s) => s.context.removing)
  const { editing, open, close, saved } = useEditing<A>((account) => accounts.send({ type: 'account.saved', account }))
  const refresh = () => accounts.send({ type: 'accounts.refresh' })
  const connectButton = (
    <Button onClick={() => open(null)}>
      <Plus aria-hidden="true" /> {connectLabel}
    </Button>
  )
  const all = list?.accounts ?? []
  const now = Date.now()
  const titleId = `${provider}-title`

  return (
    <StackedPage
      id={titleId}
      title={CLOUD_PROVIDER_WORDS[provider].feature}
      icon={Icon}
      description={description}
      actions={ready && all.length > 0 && connectButton}
    >
      <ListLoad ready={ready} failed={failed} error={error} loaded={list !== null} onRetry={refresh} />

      {ready && (
        <CardList
          items={all}
          empty={
            <EmptyState.Root variant="card">
              <EmptyState.Indicator>
                <Icon aria-hidden="true" />
              </EmptyState.Indicator>
              <EmptyState.Title>{empty.title}</EmptyState.Title>
              <EmptyState.Description>{empty.description}</EmptyState.Description>
              <EmptyState.Actions>{connectButton}</EmptyState.Actions>
            </EmptyState.Root>
          }
        >
          {(account) => (
            <CloudAccountCard
              key={account.id}
              account={account}
              {...card(account)}
              busy={busy[account.id]}
              now={now}
              onRun={(action) => accounts.send({ type: 'account.run', account, action })}
              onEdit={() => open(account)}
              onRemove={() => accounts.send({ type: 'account.remove', account })}
            />
          )}
        </CardList>
      )}

      {editing && <Form account={editing.item} onSaved={saved} onClose={close} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        title={gone ? `Remove ${gone.name}?` : undefined}
        deleted={gone && { kind: CLOUD_PROVIDER_WORDS[provider].account, name: gone.name, verb: 'Remove' }}
        description={removeDescription}
        confirmText="Remove"
        onConfirm={() => accounts.send({ type: 'account.confirm' })}
        onCancel={() => accounts.send({ type: 'account.cancel' })}
      />
    </StackedPage>
  )
}
