import {
  AzureAccount,
  AzureBillingPage,
  AzureServicePage,
  AzureServicesPage,
  AzureSubscriptionsPage,
} from '@vigil/domain/azure-account'
import { cloudAccountApi } from './cloud-api.ts'

// The Azure Monitoring calls of the API client, apart from api.ts so that their schemas load with the Azure pages.

const accounts = cloudAccountApi('azure', AzureAccount)

export const azureApi = {
  ...accounts,
  /** The account's resources grouped by service, with counts by availability. */
  services: (id: string) => accounts.page(AzureServicesPage, id, 'services'),
  /** One service's resources (its name as the services page gives it). */
  service: (id: string, service: string) =>
    accounts.page(AzureServicePage, id, `services/${encodeURIComponent(service)}`),
  billing: (id: string) => accounts.page(AzureBillingPage, id, 'billing-summary'),
  subscriptions: (id: string) => accounts.page(AzureSubscriptionsPage, id, 'subscription-details'),
}
export type AzureApi = typeof azureApi
