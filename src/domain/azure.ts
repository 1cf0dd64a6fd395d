import * as v from 'valibot'
import { patchSchema } from './patch-schema.ts'

// Azure subscriptions as Vigil reads them: how an app registration signs in, and what Resource Manager, Resource
// Health and Cost Management tell about each subscription. Times are epoch milliseconds, days 'YYYY-MM-DD'.

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A verified domain of the directory, such as contoso.onmicrosoft.com or contoso.com. */
const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/
const PEM_PRIVATE_KEY = /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+?-----END (RSA )?PRIVATE KEY-----/

export const TenantId = v.pipe(
  v.string('Directory (tenant) ID is required.'),
  v.trim(),
  v.nonEmpty('Directory (tenant) ID is required.'),
  v.check(
    (value) => GUID.test(value) || DOMAIN.test(value),
    'The directory (tenant) ID is a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47, or a domain of the ' +
      'directory such as contoso.onmicrosoft.com: see Microsoft Entra ID > Overview.',
  ),
)

export const ClientId = v.pipe(
  v.string('Application (client) ID is required.'),
  v.trim(),
  v.nonEmpty('Application (client) ID is required.'),
  v.regex(
    GUID,
    'The application (client) ID is a GUID such as 00001111-aaaa-2222-bbbb-3333cccc4444: see the app ' +
      "registration's Overview page.",
  ),
)

/** A subscription's id, in lower case. */
export const SubscriptionId = v.pipe(
  v.string('Subscription is required.'),
  v.trim(),
  v.regex(GUID, 'A subscription id is a GUID such as 7a1c3e5b-0d2f-4a6b-8c9d-0e1f2a3b4c5d.'),
  v.toLowerCase(),
)

export const ClientSecret = v.pipe(
  v.string('Client secret is required.'),
  v.trim(),
  v.nonEmpty('Client secret is required.'),
  v.check(
    (value) => !GUID.test(value),
    "This looks like the secret's ID: copy the secret's Value, which Azure shows only once after it is created.",
  ),
  v.maxLength(1024, 'A client secret is at most 1024 characters.'),
)

export const CertificatePem = v.pipe(
  v.string('Certificate is required.'),
  v.trim(),
  v.nonEmpty('Certificate is required.'),
  v.regex(PEM_CERTIFICATE, 'Paste the certificate as PEM text, from -----BEGIN CERTIFICATE----- on.'),
  v.regex(
    PEM_PRIVATE_KEY,
    'The PEM text must hold the private key too (-----BEGIN PRIVATE KEY-----), unencrypted: Vigil signs in with it.',
  ),
  v.maxLength(20_000, 'The PEM text is at most 20,000 characters.'),
)

export const AzureSecretInput = v.object({
  auth: v.literal('secret'),
  tenant_id: TenantId,
  client_id: ClientId,
  client_secret: ClientSecret,
})

export const AzureCertificateInput = v.object({
  auth: v.literal('certificate'),
  tenant_id: TenantId,
  client_id: ClientId,
  certificate: CertificatePem,
})

/** An app registration's sign-in: its client secret, or a certificate uploaded to it (PEM with the private key). */
export const AzureCredentialsInput = v.variant(
  'auth',
  [AzureSecretInput, AzureCertificateInput],
  'Auth must be secret or certificate.',
)
export type AzureCredentialsInput = v.InferOutput<typeof AzureCredentialsInput>

/**
 * Connecting an account that signs in as an app registration (an Azure account, a Microsoft 365 tenant): its name
 * (`name`, the account name schema), what else it takes (`more`), and the sign-in, told apart by `auth`.
 */
export const appAccountInput = <E extends v.ObjectEntries>(more: E) =>
  v.variant(
    'auth',
    [v.object({ ...more, ...AzureSecretInput.entries }), v.object({ ...more, ...AzureCertificateInput.entries })],
    'Choose how Vigil signs in: a client secret (secret) or a certificate (certificate).',
  )

/**
 * A change of such an account: another name, what else it takes (`more`), or a new sign-in (checked before it is
 * kept); `fixed` says what to do about a field that cannot change.
 */
export const appAccountPatch = <E extends v.ObjectEntries>(
  name: v.GenericSchema<unknown, string>,
  more: E,
  fixed: string,
) =>
  patchSchema(
    v.strictObject({ name: v.optional(name), ...more, credentials: v.optional(AzureCredentialsInput) }, fixed),
  )

// --- What is read -----------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATES = ['Enabled', 'Warned', 'PastDue', 'Disabled', 'Deleted'] as const
export const SPENDING_LIMITS = ['On', 'Off', 'CurrentPeriodOff'] as const

/** A subscription as the subscriptions list gives it. */
export const AzureSubscriptionSummary = v.object({
  subscriptionId: v.string(),
  name: v.string(),
  state: v.picklist(SUBSCRIPTION_STATES),
  tenantId: v.string(),
  /** The offer's quota id (PayAsYouGo_2014-09-01), and its name when known. */
  quotaId: v.nullable(v.string()),
  offer: v.nullable(v.string()),
  spendingLimit: v.nullable(v.picklist(SPENDING_LIMITS)),
  tags: v.record(v.string(), v.string()),
})
export type AzureSubscriptionSummary = v.InferOutput<typeof AzureSubscriptionSummary>

export const AzureSubscription = v.object({
  ...AzureSubscriptionSummary.entries,
  /** Regions of its resource groups and resources, sorted. */
  locations: v.array(v.string()),
  resourceGroupCount: v.number(),
})
export type AzureSubscription = v.InferOutput<typeof AzureSubscription>

export const AVAILABILITY_STATES = ['Available', 'Degraded', 'Unavailable', 'Unknown'] as const
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number]

export const AzureAvailability = v.object({
  state: v.picklist(AVAILABILITY_STATES),
  summary: v.nullable(v.string()),
  /** When the resource entered this state. */
  since: v.nullable(v.number()),
})
export type AzureAvailability = v.InferOutput<typeof AzureAvailability>

export const AzureSku = v.object({
  name: v.nullable(v.string()),
  tier: v.nullable(v.string()),
  capacity: v.nullable(v.number()),
})

export const AzureResource = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  kind: v.nullable(v.string()),
  service: v.string(),
  resourceGroup: v.string(),
  location: v.string(),
  sku: v.nullable(AzureSku),
  tags: v.record(v.string(), v.string()),
  /** Resource Health's view; null for types it does not report on (or when it could not be read). */
  availability: v.nullable(AzureAvailability),
})
export type AzureResource = v.InferOutput<typeof AzureResource>

const Amount = v.object({ name: v.string(), amount: v.number() })
const DailyAmount = v.object({ date: v.string(), amount: v.number() })

export const AzureCostPeriod = v.object({
  total: v.number(),
  /** Largest first. */
  byService: v.array(Amount),
  byResourceGroup: v.array(Amount),
  /** Oldest first; empty for a period read without days. */
  daily: v.array(DailyAmount),
})
export type AzureCostPeriod = v.InferOutput<typeof AzureCostPeriod>

export const AzureCost = v.object({
  /** The billing currency; null when Azure had no cost row to say it. */
  currency: v.nullable(v.string()),
  monthToDate: AzureCostPeriod,
  lastMonth: AzureCostPeriod,
  /** The month's expected total (actual so far plus forecast) and the forecast days; null when Azure has none. */
  forecast: v.nullable(v.object({ monthTotal: v.number(), daily: v.array(DailyAmount) })),
})
export type AzureCost = v.InferOutput<typeof AzureCost>

/** The kinds its synced resources are stored under (the sync writes them, the monitors read them). */
export const AZURE_RESOURCE_KINDS = { subscription: 'azure_subscription', resource: 'azure_resource' } as const
