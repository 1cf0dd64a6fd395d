import { M365Tenant, M365TenantPage } from '@vigil/domain/m365-account'
import { cloudAccountApi } from './cloud-api.ts'

// The Microsoft 365 calls of the API client, apart from api.ts so that their schemas load with the tenant pages.

const accounts = cloudAccountApi('microsoft365', M365Tenant)

export const m365Api = {
  ...accounts,
  /** Every service's health and the issues Microsoft posts, as last read. */
  health: (id: string) => accounts.page(M365TenantPage, id, 'health'),
}
export type M365Api = typeof m365Api
