import type { AvailabilityState } from '@vigil/domain/azure'
import type { Worded } from '../cloud/cloud-pages.ts'

// The pages of Azure Monitoring (spec: services/azure_monitoring and an account's pages under it).

export const AZURE_LIST_PATH = '/services/azure_monitoring'

const accountPath = (accountId: string) => `${AZURE_LIST_PATH}/${encodeURIComponent(accountId)}`

export const azureServicePath = (accountId: string, service: string) =>
  `${accountPath(accountId)}/services/${encodeURIComponent(service)}`

/** The links to an account's pages, in the order they are offered. */
export const azurePageLinks = (accountId: string) => [
  { label: 'Services', to: `${accountPath(accountId)}/services` },
  { label: 'Billing', to: `${accountPath(accountId)}/billing_summary` },
  { label: 'Subscriptions', to: `${accountPath(accountId)}/subscription_details` },
]

/** Resource Health's availability in words. */
export const AVAILABILITY: Record<AvailabilityState, Worded> = {
  Available: { label: 'Available', tone: 'success' },
  Degraded: { label: 'Degraded', tone: 'warning' },
  Unavailable: { label: 'Unavailable', tone: 'danger' },
  Unknown: { label: 'Unknown', tone: 'neutral' },
}
