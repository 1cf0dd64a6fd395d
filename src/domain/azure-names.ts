// How Azure's answers read for people: the month Cost Management counts, the regions used, the offer behind a
// quota id, the service a resource type belongs to. Used where the sync turns Azure's answers into ours; apart from
// azure.ts so that the app's monitor pages, which carry azure.ts's schemas, do not carry these tables.

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The first and last day (UTC, as Cost Management counts) of the month `now` is in. */
export const monthOf = (now: number): { from: string; to: string } => {
  const d = new Date(now)
  return {
    from: isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
    to: isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)),
  }
}

/** Resource groups' and resources' regions, deduplicated and sorted. */
export const locationsUsed = (locations: readonly (string | null | undefined)[]): string[] =>
  [...new Set(locations.filter((l): l is string => !!l).map((l) => l.toLowerCase()))].sort()

// --- Names people know ------------------------------------------------------------------------------------------

const OFFERS: Record<string, string> = {
  payasyougo: 'Pay-As-You-Go',
  msdn: 'Visual Studio subscription',
  msdndevtest: 'Pay-As-You-Go Dev/Test',
  freetrial: 'Free Trial',
  azureforstudents: 'Azure for Students',
  azurepass: 'Azure Pass',
  sponsored: 'Azure Sponsorship',
  enterpriseagreement: 'Enterprise Agreement',
  csp: 'Cloud Solution Provider',
  internal: 'Microsoft internal',
}

/** The offer behind a subscription's quota id (PayAsYouGo_2014-09-01 → Pay-As-You-Go), or null. */
export const offerName = (quotaId: string | null | undefined): string | null =>
  (quotaId && OFFERS[quotaId.split('_')[0]?.toLowerCase() ?? '']) || null

/** Resource Manager types (lower case: Azure answers them in either case) and the names the portal gives them. */
const SERVICES: Record<string, string> = {
  'microsoft.web/sites': 'App Service',
  'microsoft.web/serverfarms': 'App Service plan',
  'microsoft.web/staticsites': 'Static Web Apps',
  'microsoft.compute/virtualmachines': 'Virtual Machines',
  'microsoft.compute/virtualmachinescalesets': 'Virtual Machine Scale Sets',
  'microsoft.compute/disks': 'Managed Disks',
  'microsoft.compute/snapshots': 'Disk snapshots',
  'microsoft.sql/servers': 'SQL server',
  'microsoft.sql/servers/databases': 'SQL Database',
  'microsoft.sql/managedinstances': 'SQL Managed Instance',
  'microsoft.storage/storageaccounts': 'Storage',
  'microsoft.documentdb/databaseaccounts': 'Cosmos DB',
  'microsoft.dbforpostgresql/flexibleservers': 'Database for PostgreSQL',
  'microsoft.dbformysql/flexibleservers': 'Database for MySQL',
  'microsoft.cache/redis': 'Cache for Redis',
  'microsoft.keyvault/vaults': 'Key Vault',
  'microsoft.containerservice/managedclusters': 'Kubernetes Service',
  'microsoft.containerregistry/registries': 'Container Registry',
  'microsoft.containerinstance/containergroups': 'Container Instances',
  'microsoft.app/containerapps': 'Container Apps',
  'microsoft.app/managedenvironments': 'Container Apps environment',
  'microsoft.network/virtualnetworks': 'Virtual Network',
  'microsoft.network/networkinterfaces': 'Network interface',
  'microsoft.network/publicipaddresses': 'Public IP address',
  'microsoft.network/networksecuritygroups': 'Network security group',
  'microsoft.network/loadbalancers': 'Load Balancer',
  'microsoft.network/applicationgateways': 'Application Gateway',
  'microsoft.network/azurefirewalls': 'Azure Firewall',
  'microsoft.network/dnszones': 'DNS zone',
  'microsoft.network/frontdoors': 'Front Door',
  'microsoft.cdn/profiles': 'Front Door and CDN',
  'microsoft.servicebus/namespaces': 'Service Bus',
  'microsoft.eventhub/namespaces': 'Event Hubs',
  'microsoft.eventgrid/topics': 'Event Grid',
  'microsoft.logic/workflows': 'Logic Apps',
  'microsoft.apimanagement/service': 'API Management',
  'microsoft.insights/components': 'Application Insights',
  'microsoft.operationalinsights/workspaces': 'Log Analytics workspace',
  'microsoft.cognitiveservices/accounts': 'Azure AI services',
  'microsoft.search/searchservices': 'AI Search',
  'microsoft.signalrservice/signalr': 'SignalR Service',
  'microsoft.automation/automationaccounts': 'Automation',
  'microsoft.recoveryservices/vaults': 'Recovery Services vault',
  'microsoft.managedidentity/userassignedidentities': 'Managed Identity',
  'microsoft.datafactory/factories': 'Data Factory',
  'microsoft.databricks/workspaces': 'Azure Databricks',
}

/** The last segment of a type in words: Microsoft.Network/privateEndpoints → Private Endpoints. */
const typeInWords = (type: string): string => {
  const last = type.split('/').pop() || type
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || type
}

/**
 * The service a resource belongs to, as people call it: Microsoft.Web/sites → App Service (Function App or Logic
 * App when its kind says so); an unknown type is named from its last segment.
 */
export const azureServiceName = (type: string, kind?: string | null): string => {
  const key = type.toLowerCase()
  if (key === 'microsoft.web/sites' && kind) {
    if (/workflowapp/i.test(kind)) return 'Logic Apps (Standard)'
    if (/functionapp/i.test(kind)) return 'Function App'
  }
  return SERVICES[key] ?? typeInWords(type)
}

/** The resource group named in a resource id (/subscriptions/…/resourceGroups/{name}/…), or ''. */
export const resourceGroupOf = (resourceId: string): string => /\/resourcegroups\/([^/]+)/i.exec(resourceId)?.[1] ?? ''
