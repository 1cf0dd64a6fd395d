import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { azureApi } from '../../../adapters/azure-api.ts'
import type { AzureAccount } from '@vigil/domain/azure-account'
import type { CloudPart } from '@vigil/domain/cloud-account'
import { CloudAccountPage, type CloudPagesOf, type MonitorThis } from '../cloud/CloudAccountPage.tsx'
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
  monitorType: 'azure',
  grant: (role) => (
    <>
      Give the app the <code>{role}</code> role on the subscription (Access control (IAM) › Add role assignment).
    </>
  ),
}

const accountIdOf = (params: Record<string, string | undefined>) =>
  params.azure_account_id ?? params.azureAccountId ?? ''

/** A page of the account: what it reads from the route's parameters, and its body. */
const accountPage =
  <T extends { account: AzureAccount; parts: CloudPart[] }>(
    page: string,
    read: (accountId: string, params: Record<string, string | undefined>) => Promise<T>,
    title: (params: Record<string, string | undefined>) => string,
    Body: (props: { data: T; monitor: MonitorThis }) => ReactNode,
  ) =>
  () => {
    const params = useParams()
    const id = accountIdOf(params)
    return (
      <CloudAccountPage
        of={AZURE_ACCOUNT_PAGES}
        accountId={id}
        page={`${page}/${params.service_name ?? ''}`}
        title={title(params)}
        read={() => read(id, params)}
      >
        {(data, monitor) => <Body data={data} monitor={monitor} />}
      </CloudAccountPage>
    )
  }

export const AZURE_PAGE_COMPONENTS = {
  services: accountPage('services', azureApi.services, () => 'Services', AzureServicesBody),
  service: accountPage(
    'service',
    (id, params) => azureApi.service(id, params.service_name ?? ''),
    (params) => params.service_name ?? '',
    AzureServiceBody,
  ),
  billing_summary: accountPage('billing_summary', azureApi.billing, () => 'Billing summary', AzureBillingBody),
  subscription_details: accountPage(
    'subscription_details',
    azureApi.subscriptions,
    () => 'Subscription details',
    AzureSubscriptionsBody,
  ),
}
