// The pages of Microsoft 365 (spec: the '{token}' entry, served as services/microsoft365/accounts, and a tenant's
// page, the spec's {token}{tenantId}, served as services/microsoft365/accounts/{tenantId}).

export const M365_LIST_PATH = '/services/microsoft365/accounts'

export const m365TenantPath = (tenantId: string) => `${M365_LIST_PATH}/${encodeURIComponent(tenantId)}`

/** A tenant has one page: its service health. */
export const m365TenantLinks = (tenantId: string) => [{ label: 'Service health', to: m365TenantPath(tenantId) }]
