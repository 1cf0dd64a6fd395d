import type { AwsPageId } from '../../../adapters/aws-api.ts'

// The pages of a connected AWS account (spec: services/aws_monitoring/{iamUserId}/...), in the order they are offered.

export const AWS_PAGES: readonly { id: AwsPageId; label: string }[] = [
  { id: 'billing-summary', label: 'Billing' },
  { id: 'ec2', label: 'EC2' },
  { id: 'rds', label: 'RDS' },
  { id: 'amplify', label: 'Amplify' },
  { id: 'lightsail', label: 'Lightsail' },
  { id: 'services', label: 'Services' },
]

export const awsPagePath = (accountId: string, page: AwsPageId) =>
  `/services/aws_monitoring/${encodeURIComponent(accountId)}/${page}`

/** The links to an account's pages. */
export const awsPageLinks = (accountId: string) =>
  AWS_PAGES.map((p) => ({ label: p.label, to: awsPagePath(accountId, p.id) }))
