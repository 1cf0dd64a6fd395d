import type { AwsPageId } from '../../../adapters/aws-api.ts'
import type { CloudAccountStatus } from '../../../domain/cloud-account.ts'

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

/** An account's status in words, with its tone (colour is never the only sign). */
export const ACCOUNT_STATUS: Record<
  CloudAccountStatus,
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }
> = {
  pending: { label: 'Reading…', tone: 'neutral' },
  ok: { label: 'Read', tone: 'success' },
  partial: { label: 'Partly read', tone: 'warning' },
  error: { label: 'Cannot read', tone: 'danger' },
}
