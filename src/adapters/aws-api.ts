import * as v from 'valibot'
import {
  AwsAccount,
  AwsAmplifyPage,
  AwsBillingPage,
  AwsEc2Page,
  AwsLightsailPage,
  AwsRdsPage,
  AwsServicesPage,
  AwsSetup,
} from '../domain/aws-account.ts'
import { call } from './api.ts'

// The AWS Monitoring calls of the API client, apart from api.ts so that their schemas load with the AWS pages.
// Every answer is parsed by a domain schema.

/** The pages of a connected account (spec: services/aws_monitoring/{iamUserId}/...), each with its answer. */
export const AWS_PAGE_SCHEMAS = {
  'billing-summary': AwsBillingPage,
  ec2: AwsEc2Page,
  rds: AwsRdsPage,
  amplify: AwsAmplifyPage,
  lightsail: AwsLightsailPage,
  services: AwsServicesPage,
} as const
export type AwsPageId = keyof typeof AWS_PAGE_SCHEMAS
export type AwsPageData<P extends AwsPageId> = v.InferOutput<(typeof AWS_PAGE_SCHEMAS)[P]>

const One = v.object({ account: AwsAccount })
const Tested = v.object({ ok: v.boolean(), message: v.string(), account: AwsAccount })
export type AwsTestAnswer = v.InferOutput<typeof Tested>

const accountPath = (id: string, rest = '') => `aws/accounts/${encodeURIComponent(id)}${rest}`

export const awsApi = {
  /** The policy to attach, the external id a role must require, the regions to choose from. */
  setup: () => call(v.object({ setup: AwsSetup }), 'aws/setup').then((d) => d.setup),

  accounts: () => call(v.object({ accounts: v.array(AwsAccount) }), 'aws/accounts'),

  /** 400 with AWS's reason when the credentials do not work. */
  connect: (body: Record<string, unknown>) =>
    call(One, 'aws/accounts', { method: 'POST', body }).then((d) => d.account),

  /** Another name or regions, or new credentials (checked with AWS first). */
  update: (id: string, body: Record<string, unknown>) =>
    call(One, accountPath(id), { method: 'PATCH', body }).then((d) => d.account),

  remove: (id: string) =>
    call(v.object({ message: v.string() }), accountPath(id), { method: 'DELETE' }).then((d) => d.message),

  /** Checks the stored credentials with AWS again: whether they still work, and the account as it now is. */
  test: (id: string) => call(Tested, accountPath(id, '/test'), { method: 'POST' }),

  /** Reads the account now (409 while a read runs); answers the account once it is stored. */
  sync: (id: string) => call(One, accountPath(id, '/sync'), { method: 'POST' }).then((d) => d.account),

  page: <P extends AwsPageId>(id: string, page: P): Promise<AwsPageData<P>> =>
    call(AWS_PAGE_SCHEMAS[page], accountPath(id, `/${page}`)) as Promise<AwsPageData<P>>,
}
export type AwsApi = typeof awsApi
