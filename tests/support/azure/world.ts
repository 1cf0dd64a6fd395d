// What the loopback Azure knows: tenants, app registrations, subscriptions with their resources, health and costs,
// and Microsoft 365 service health. Tests change it between syncs; the servers read it on every request.

export interface LoopbackTenant {
  id: string
  /** Verified domains: the tenant can be named by any of them. */
  domains: string[]
  m365: { health: GraphHealth[]; issues: GraphIssue[] }
}

export interface LoopbackApp {
  clientId: string
  tenantId: string
  secrets: string[]
  expiredSecrets: string[]
  /** Public certificates (PEM) uploaded to the app. */
  certificates: string[]
  /** Graph application permissions, admin-consented: they go into the token's roles. */
  graphRoles: string[]
  /** Resource Manager actions refused to it, such as Microsoft.CostManagement/query/read. */
  deniedActions: string[]
}

export type HealthState = 'Available' | 'Degraded' | 'Unavailable' | 'Unknown'

export interface LoopbackResource {
  name: string
  /** Such as Microsoft.Web/sites. */
  type: string
  kind?: string
  resourceGroup: string
  location: string
  sku?: { name: string; tier?: string; capacity?: number }
  tags?: Record<string, string>
  /** Resource Health's status; none for types it does not cover. */
  health?: { state: HealthState; summary: string; since: string }
}

export interface CostRow {
  date: string
  service: string
  resourceGroup: string
  cost: number
}

export interface LoopbackSubscription {
  subscriptionId: string
  tenantId: string
  displayName: string
  state: 'Enabled' | 'Warned' | 'PastDue' | 'Disabled' | 'Deleted'
  quotaId: string
  spendingLimit: 'On' | 'Off' | 'CurrentPeriodOff'
  tags: Record<string, string>
  resourceGroups: { name: string; location: string }[]
  resources: LoopbackResource[]
  currency: string
  costs: CostRow[]
  /** Forecast days after today; null when Cost Management has no forecast. */
  forecast: { date: string; cost: number }[] | null
}

export interface GraphHealth {
  id: string
  service: string
  status: string
}

/** A serviceHealthIssue as Graph answers it. */
export interface GraphIssue {
  id: string
  title: string
  service: string
  feature: string
  featureGroup: string
  classification: string
  origin: string
  status: string
  impactDescription: string
  isResolved: boolean
  startDateTime: string
  endDateTime: string | null
  lastModifiedDateTime: string
  details: { name: string; value: string }[]
  posts: { createdDateTime: string; postType: string; description: { contentType: string; content: string } }[]
}

export interface LoopbackWorld {
  tenants: LoopbackTenant[]
  apps: LoopbackApp[]
  subscriptions: LoopbackSubscription[]
  /** The day Cost Management counts from (month to date, last month). */
  today: string
  /** The next `arm` Resource Manager (or `graph` Graph) requests answer 429 with Retry-After. */
  throttle: { arm: number; graph: number; retryAfterSeconds: number }
  /**
   * The identity platform closes the connection of the next `hangUps` token requests without an answer, as a proxy or
   * a broken network does after the tenant's configuration was read.
   */
  hangUps: number
  pageSize: { resources: number; health: number; costRows: number; graph: number }
  /** Requests seen, oldest first. */
  requests: { server: 'identity' | 'arm' | 'graph'; method: string; path: string; query: string }[]
}

export const TENANT_ID = '6f1c2b9e-3a4d-4c8e-9f21-0a7b5c3d2e10'
export const TENANT_DOMAIN = 'contoso.onmicrosoft.com'
export const CLIENT_ID = '0c4f7e8a-1b2d-4e6f-8a9b-5c3d2e1f0a7b'
export const CLIENT_SECRET = 'Q8x~loopback.Secret_value-1234567890abcdef'
export const SUBSCRIPTION_ID = '2b7e4c1d-9f3a-4e8b-a6d5-1c0f9e8d7b6a'
export const OTHER_SUBSCRIPTION_ID = '8e1d3c5b-7a9f-4b2e-9c6d-4f3a2b1e0d9c'

const daysOf = (today: string) => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const iso = (date: Date) => date.toISOString().slice(0, 10)
  const lastMonth = Array.from({ length: new Date(Date.UTC(y, m - 1, 0)).getUTCDate() }, (_, i) =>
    iso(new Date(Date.UTC(y, m - 2, i + 1))),
  )
  const thisMonth = Array.from({ length: d }, (_, i) => iso(new Date(Date.UTC(y, m - 1, i + 1))))
  const rest = Array.from({ length: new Date(Date.UTC(y, m, 0)).getUTCDate() - d }, (_, i) =>
    iso(new Date(Date.UTC(y, m - 1, d + i + 1))),
  )
  return { lastMonth, thisMonth, rest }
}

/** Costs for each day of last month and this month so far: a web app and its database, and storage. */
const costsFor = (today: string): CostRow[] => {
  const { lastMonth, thisMonth } = daysOf(today)
  return [...lastMonth, ...thisMonth].flatMap((date) => [
    { date, service: 'Azure App Service', resourceGroup: 'web-prod', cost: 2.5 },
    { date, service: 'SQL Database', resourceGroup: 'web-prod', cost: 1.25 },
    { date, service: 'Storage', resourceGroup: 'shared', cost: 0.1 },
  ])
}

const resource = (
  name: string,
  type: string,
  resourceGroup: string,
  health?: LoopbackResource['health'],
): LoopbackResource => ({
  name,
  type,
  resourceGroup,
  location: 'westeurope',
  health: health && { ...health },
  tags: { env: 'prod' },
})

const available = {
  state: 'Available' as const,
  summary: 'There are no known problems.',
  since: '2026-01-05T08:00:00Z',
}

/** A tenant with one app (secret CLIENT_SECRET) that reads two subscriptions, and Microsoft 365 in good health. */
export const createWorld = (today = new Date().toISOString().slice(0, 10)): LoopbackWorld => ({
  tenants: [
    {
      id: TENANT_ID,
      domains: [TENANT_DOMAIN, 'contoso.com'],
      m365: {
        health: [
          { id: 'Exchange', service: 'Exchange Online', status: 'serviceOperational' },
          { id: 'microsoftteams', service: 'Microsoft Teams', status: 'serviceOperational' },
          { id: 'SharePoint', service: 'SharePoint Online', status: 'serviceOperational' },
        ],
        issues: [],
      },
    },
  ],
  apps: [
    {
      clientId: CLIENT_ID,
      tenantId: TENANT_ID,
      secrets: [CLIENT_SECRET],
      expiredSecrets: [],
      certificates: [],
      graphRoles: ['ServiceHealth.Read.All'],
      deniedActions: [],
    },
  ],
  subscriptions: [
    {
      subscriptionId: SUBSCRIPTION_ID,
      tenantId: TENANT_ID,
      displayName: 'Production',
      state: 'Enabled',
      quotaId: 'PayAsYouGo_2014-09-01',
      spendingLimit: 'Off',
      tags: { owner: 'ops' },
      resourceGroups: [
        { name: 'web-prod', location: 'westeurope' },
        { name: 'shared', location: 'northeurope' },
      ],
      resources: [
        { ...resource('shop-web', 'Microsoft.Web/sites', 'web-prod', available), kind: 'app' },
        resource('shop-plan', 'Microsoft.Web/serverFarms', 'web-prod'),
        resource('shop-sql', 'Microsoft.Sql/servers', 'web-prod'),
        {
          ...resource('shop-db', 'Microsoft.Sql/servers/databases', 'web-prod', available),
          name: 'shop-sql/shop-db',
          sku: { name: 'S0', tier: 'Standard', capacity: 10 },
        },
        { ...resource('shopfiles', 'Microsoft.Storage/storageAccounts', 'shared', available), location: 'northeurope' },
      ],
      currency: 'EUR',
      costs: costsFor(today),
      forecast: daysOf(today).rest.map((date) => ({ date, cost: 3.85 })),
    },
    {
      subscriptionId: OTHER_SUBSCRIPTION_ID,
      tenantId: TENANT_ID,
      displayName: 'Development',
      state: 'Enabled',
      quotaId: 'MSDN_2014-09-01',
      spendingLimit: 'On',
      tags: {},
      resourceGroups: [],
      resources: [],
      currency: 'EUR',
      costs: [],
      forecast: null,
    },
  ],
  today,
  throttle: { arm: 0, graph: 0, retryAfterSeconds: 1 },
  hangUps: 0,
  pageSize: { resources: 100, health: 100, costRows: 1000, graph: 100 },
  requests: [],
})

/** The month-to-date, last-month and rest-of-month days of `today`. */
export const monthDays = daysOf

/** A Microsoft 365 incident as Graph gives it, open unless changed. */
export const graphIssue = (id: string, overrides: Partial<GraphIssue> = {}): GraphIssue => ({
  id,
  title: 'Users may be unable to send or receive email',
  service: 'Exchange Online',
  feature: 'E-Mail and calendar access',
  featureGroup: 'E-Mail timely delivery',
  classification: 'incident',
  origin: 'microsoft',
  status: 'serviceDegradation',
  impactDescription: 'Users may be unable to send or receive email through Exchange Online.',
  isResolved: false,
  startDateTime: '2026-03-09T21:00:00Z',
  endDateTime: null,
  lastModifiedDateTime: '2026-03-09T22:10:00Z',
  details: [{ name: 'NotifyInApp', value: 'True' }],
  posts: [
    {
      createdDateTime: '2026-03-09T21:30:00Z',
      postType: 'regular',
      description: {
        contentType: 'html',
        content: 'Title: Mail delays<br>User Impact: Users may be unable to send mail.',
      },
    },
  ],
  ...overrides,
})
