import type * as v from 'valibot'
import {
  AwsAccount,
  AwsAmplifyPage,
  AwsBillingPage,
  AwsEc2Page,
  AwsLightsailPage,
  AwsRdsPage,
  AwsServicesPage,
  OneAwsSetup,
} from '@vigil/domain/aws-account'
import { call } from './api.ts'
import { cloudAccountApi } from './cloud-api.ts'

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

const accounts = cloudAccountApi('aws', AwsAccount)

export const awsApi = {
  ...accounts,

  /** The policy to attach, the external id a role must require, the regions to choose from. */
  setup: () => call(OneAwsSetup, 'aws/setup').then((d) => d.setup),

  page: <P extends AwsPageId>(id: string, page: P): Promise<AwsPageData<P>> =>
    accounts.page(AWS_PAGE_SCHEMAS[page], id, page) as Promise<AwsPageData<P>>,
}
export type AwsApi = typeof awsApi
