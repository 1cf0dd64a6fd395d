import type { AzureSubscriptionsPage } from '@vigil/domain/azure-account'
import { css } from '../../../../styled-system/css'
import { Chip } from '../../components/badge.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import type { MonitorThis } from '../cloud/CloudAccountPage.tsx'
import { AzureTags } from './AzureTags.tsx'

// The subscription details of an Azure account: each subscription's name, id, state, tenant, offer, spending limit,
// the locations its resources use, its resource groups and its tags.

const facts = css({
  display: 'grid',
  gap: '3',
  columnGap: '6',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  mt: '3',
})
const term = css({ fontSize: 'sm', color: 'muted' })
const value = css({ overflowWrap: 'anywhere' })

const STATE_TONES: Record<string, 'success' | 'warning' | 'danger' | 'neutral'> = {
  Enabled: 'success',
  Warned: 'warning',
  PastDue: 'danger',
  Disabled: 'danger',
  Deleted: 'neutral',
}

const SPENDING_LIMITS: Record<string, string> = {
  On: 'On',
  Off: 'Off',
  CurrentPeriodOff: 'Off for the current period',
}

export function AzureSubscriptionsBody({ data }: { data: AzureSubscriptionsPage; monitor: MonitorThis }) {
  if (data.subscriptions.length === 0)
    return (
      <EmptyState.Root variant="card">
        <EmptyState.Title as="h2">No subscription details yet</EmptyState.Title>
        <EmptyState.Description>
          They appear once the account has been read; the app needs the Reader role on each subscription.
        </EmptyState.Description>
      </EmptyState.Root>
    )
  return (
    <>
      {data.subscriptions.map((s) => {
        const titleId = `subscription-${s.subscriptionId}`
        return (
          <Card.Root key={s.subscriptionId} p={{ base: '3', md: '4' }} as="section" aria-labelledby={titleId}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <h2 id={titleId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                {s.name}
              </h2>
              <Chip tone={STATE_TONES[s.state] ?? 'neutral'}>{s.state}</Chip>
            </div>
            <dl className={facts}>
              <div>
                <dt className={term}>Subscription ID</dt>
                <dd className={value}>{s.subscriptionId}</dd>
              </div>
              <div>
                <dt className={term}>Directory (tenant) ID</dt>
                <dd className={value}>{s.tenantId}</dd>
              </div>
              <div>
                <dt className={term}>Offer</dt>
                <dd className={value}>{s.offer ?? s.quotaId ?? 'not given by Azure'}</dd>
              </div>
              <div>
                <dt className={term}>Spending limit</dt>
                <dd>{s.spendingLimit ? SPENDING_LIMITS[s.spendingLimit] : 'none'}</dd>
              </div>
              <div>
                <dt className={term}>Resource groups</dt>
                <dd>{s.resourceGroupCount}</dd>
              </div>
              <div>
                <dt className={term}>Locations used</dt>
                <dd className={value}>{s.locations.length > 0 ? s.locations.join(', ') : 'none'}</dd>
              </div>
              <div className={css({ gridColumn: '1 / -1' })}>
                <dt className={term}>Tags</dt>
                <dd>
                  <AzureTags tags={s.tags} none="none" />
                </dd>
              </div>
            </dl>
          </Card.Root>
        )
      })}
    </>
  )
}
