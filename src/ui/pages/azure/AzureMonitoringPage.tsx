import { azureAccountsLogic } from '../../../adapters/app-account-flows.actors.ts'
import { azureApi } from '../../../adapters/azure-api.ts'
import type { Effects } from '../../../adapters/flows.actors.ts'
import type { AzureAccount } from '@vigil/domain/azure-account'
import { CostThisMonth } from '../cloud/CloudAccountCard.tsx'
import { CloudAccountsPage } from '../cloud/CloudAccountsPage.tsx'
import { lazyPart } from '../lazy-part.tsx'
import { plural } from '../monitors/format.ts'
import { azurePageLinks } from './azure-pages.ts'

// The connect and edit dialog loads when first opened, keeping it out of the page's first load.
const LazyAzureAccountForm = lazyPart(() =>
  import('./AzureAccountFormDialog.tsx').then((m) => m.AzureAccountFormDialog),
)

const makeLogic = (fx: Effects) => azureAccountsLogic(azureApi, fx)

const azureCard = (account: AzureAccount) => ({
  identity: `Tenant ${account.tenant_id} · app ${account.client_id} · ${plural(
    account.subscriptions.length,
    'subscription',
    'subscriptions',
  )}`,
  facts: (
    <>
      <CostThisMonth cost={account.cost_this_month} />
      <span>
        {plural(account.resources.total, 'resource', 'resources')} · {account.resources.unavailable} unavailable ·{' '}
        {account.resources.degraded} degraded
      </span>
    </>
  ),
  links: azurePageLinks(account.id),
})

/** /services/azure_monitoring: the connected Azure accounts, each with its resources' availability and its cost. */
export function AzureMonitoringPage() {
  return (
    <CloudAccountsPage
      provider="azure"
      logic={makeLogic}
      description="Your Azure subscriptions at a glance: which resources are available, what they cost, how the subscriptions are set up. Vigil only reads, as an app registration with the Reader role."
      connectLabel="Connect Azure account"
      empty={{
        title: 'No Azure accounts yet',
        description:
          'Connect an app registration with the Reader role on your subscriptions (and Cost Management Reader for billing). Vigil then reads their resources with Resource Health every few minutes and their costs every few hours.',
      }}
      removeDescription="Vigil stops reading the subscriptions, forgets the app's secret and what it read, and removes the monitors that watch them. Nothing changes in Azure."
      card={azureCard}
      Form={LazyAzureAccountForm}
      monitors="azure"
    />
  )
}
