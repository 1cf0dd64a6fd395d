import * as v from 'valibot'
import { AmplifyApp, AwsHealth, AwsServiceUse, Ec2Instance, LightsailInstance, RdsInstance } from './aws.ts'
import { CostSummary } from './aws-costs.ts'
import { AwsKeysInput, AwsRoleInput } from './aws-credentials.ts'
import { AwsRegions } from './aws-regions.ts'
import { AccountName, CloudAccountCommon, CloudPart } from './cloud-account.ts'
import { patchSchema } from './patch-schema.ts'

// A connected AWS account as the API takes and answers it, and the answers of its pages.

const regions = { regions: v.optional(AwsRegions) }

/** Connect an account: its name, the regions to read (default: the account's enabled ones) and its credentials. */
export const AwsAccountInput = v.variant(
  'auth',
  [
    v.object({ name: AccountName, ...regions, ...AwsKeysInput.entries }),
    v.object({ name: AccountName, ...regions, ...AwsRoleInput.entries }),
  ],
  'Choose how Vigil signs in: access keys of an IAM user (keys) or a role it assumes (role).',
)
export type AwsAccountInput = v.InferOutput<typeof AwsAccountInput>

/** A change: another name or regions, or new credentials (checked with AWS before they are kept). */
export const AwsAccountPatch = patchSchema(
  v.strictObject(
    {
      name: v.optional(AccountName),
      regions: v.optional(AwsRegions),
      credentials: v.optional(v.variant('auth', [AwsKeysInput, AwsRoleInput], 'Credentials must be keys or a role.')),
    },
    'This field cannot be changed: remove the account and connect it again.',
  ),
)
export type AwsAccountPatch = v.InferOutput<typeof AwsAccountPatch>

export const AwsResourceCounts = v.object({
  ec2: v.number(),
  rds: v.number(),
  amplify: v.number(),
  lightsail: v.number(),
})

export const AwsAccount = v.object({
  ...CloudAccountCommon,
  provider: v.literal('aws'),
  auth: v.picklist(['keys', 'role']),
  /** The access key id masked (AKIA…WXYZ), for keys; the secret is never answered. */
  access_key_id: v.nullable(v.string()),
  role_arn: v.nullable(v.string()),
  external_id: v.nullable(v.string()),
  regions: v.array(v.string()),
  /** Who the credentials are, as STS GetCallerIdentity said. */
  aws_account_id: v.string(),
  arn: v.string(),
  costs_read_at: v.nullable(v.string()),
  cost_this_month: v.nullable(v.object({ amount: v.number(), currency: v.string() })),
  counts: AwsResourceCounts,
  /** How many parts of the last sync failed (their data is stale). */
  failed_parts: v.number(),
})
export type AwsAccount = v.InferOutput<typeof AwsAccount>

/** What to show while connecting: the read-only policy to attach, and the external id a role must require. */
export const AwsSetup = v.object({
  policy: v.string(),
  external_id: v.string(),
  /** The account Vigil runs in (VIGIL_AWS_ACCOUNT_ID), for the role's trust policy; null when not configured. */
  vigil_account_id: v.nullable(v.string()),
  trust_policy: v.string(),
  regions: v.array(v.object({ code: v.string(), name: v.string() })),
})
export type AwsSetup = v.InferOutput<typeof AwsSetup>

/** `GET /api/aws/setup`. */
export const OneAwsSetup = v.object({ setup: AwsSetup })
export type OneAwsSetup = v.InferOutput<typeof OneAwsSetup>

const page = <E extends v.ObjectEntries>(entries: E) =>
  v.object({ account: AwsAccount, parts: v.array(CloudPart), ...entries })

export const AwsBillingPage = page({
  costs: v.nullable(CostSummary),
  /** When the costs were read, and when they will be read again at the earliest. */
  read_at: v.nullable(v.string()),
  next_read_at: v.nullable(v.string()),
  read_every_hours: v.number(),
})
export type AwsBillingPage = v.InferOutput<typeof AwsBillingPage>

export const AwsEc2Page = page({ instances: v.array(Ec2Instance) })
export type AwsEc2Page = v.InferOutput<typeof AwsEc2Page>
export const AwsRdsPage = page({ instances: v.array(RdsInstance) })
export type AwsRdsPage = v.InferOutput<typeof AwsRdsPage>
export const AwsAmplifyPage = page({ apps: v.array(AmplifyApp) })
export type AwsAmplifyPage = v.InferOutput<typeof AwsAmplifyPage>
export const AwsLightsailPage = page({ instances: v.array(LightsailInstance) })
export type AwsLightsailPage = v.InferOutput<typeof AwsLightsailPage>
export const AwsServicesPage = page({
  services: v.array(AwsServiceUse),
  currency: v.nullable(v.string()),
  health: v.nullable(AwsHealth),
})
export type AwsServicesPage = v.InferOutput<typeof AwsServicesPage>

/** The access key id as the API shows it: enough to recognise, not to use. */
export const maskAccessKeyId = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`
