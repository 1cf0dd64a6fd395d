import { useParams } from 'react-router'
import { azureApi } from '../../../adapters/azure-api.ts'
import type { AzureAccount } from '../../../domain/azure-account.ts'
import type { CloudPart } from '../../../domain/cloud-account.ts'
import { CloudAccountPage, type CloudPagesOf } from '../cloud/CloudAccountPage.tsx'
import { AzureBillingBody } from './AzureBillingBody.tsx'
import { AzureServiceBody, AzureServicesBody } from './AzureServiceBodies.tsx'
import { AzureSubscriptionsBody } from './AzureSubscriptionsBody.tsx'
import { AZURE_LIST_PATH, azurePageLinks } from './azure-pages.ts'

// The four pages of a connected Azure account (spec: services/azure_monitoring/{azure_account_id}/...), one route
// each. The spec names the account's id azureAccountId on the service page and azure_account_id on the others.

const AZURE_ACCOUNT_PAGES: CloudPagesOf<{ account: AzureAccount; parts: CloudPart[] }> = {
  provider: 'azure',
  api: azureApi,
  listPath: AZURE_LIST_PATH,
  links: azurePageLinks,
  identity: (account) =>
    `Tenant ${account.tenant_id} · ${
      account.subscriptions.length === 1 ? '1 subscription' : `${account.subscriptions.length} subscriptions`
    }`,
  areas: {
    details: 'Subscription details',
    resources: 'Resources',
    availability: 'Availability from Resource Health',
    costs: 'Costs from Cost Management',
  },
  grant: (role) => (
    <>
      Give the app the <code>{role}</code> role on the subscription (Access control (IAM) › Add role assignment).
    </>
  ),
}

const accountIdOf = (params: Record<string, string | undefined>) =>
  params.azure_account_id ?? params.azureAccountId ?? ''

function ServicesPage() {
  const id = accountIdOf(useParams())
  return (
    <CloudAccountPage
      of={AZURE_ACCOUNT_PAGES}
      accountId={id}
      page="services"
      title="Services"
      read={() => azureApi.services(id)}
    >
      {(data) => <AzureServicesBody data={data} />}
    </CloudAccountPage>
  )
}

function ServicePage() {
  const params = useParams()
  const id = accountIdOf(params)
  const service = params.service_name ?? ''
  return (
    <CloudAccountPage
      of={AZURE_ACCOUNT_PAGES}
      accountId={id}
      page={`services/${service}`}
      title={service}
      read={() => azureApi.service(id, service)}
    >
      {(data) => <AzureServiceBody data={data} />}
    </CloudAccountPage>
  )
}

function BillingPage() {
  const id = accountIdOf(useParams())
  return (
    <CloudAccountPage
      of={AZURE_ACCOUNT_PAGES}
      accountId={id}
      page="billing_summary"
      title="Billing summary"
      read={() => azureApi.billing(id)}
    >
      {(data) => <AzureBillingBody data={data} />}
    </CloudAccountPage>
  )
}

function SubscriptionsPage() {
  const id = accountIdOf(useParams())
  return (
    <CloudAccountPage
      of={AZURE_ACCOUNT_PAGES}
      accountId={id}
      page="subscription_details"
      title="Subscription details"
      read={() => azureApi.subscriptions(id)}
    >
      {(data) => <AzureSubscriptionsBody data={data} />}
    </CloudAccountPage>
  )
}

export const AZURE_PAGE_COMPONENTS = {
  services: ServicesPage,
  service: ServicePage,
  billing_summary: BillingPage,
  subscription_details: SubscriptionsPage,
}
