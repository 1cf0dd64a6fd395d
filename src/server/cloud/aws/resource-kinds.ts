import type { AwsArea } from '@vigil/domain/aws'

/**
 * The resource kind each area's resources are stored as; status and CPU parts add to the instances of `ec2`. Apart
 * from the sync, so that the API reads it without loading the SDK.
 */
export const AWS_RESOURCE_KINDS = {
  ec2: 'ec2_instance',
  rds: 'rds_instance',
  amplify: 'amplify_app',
  lightsail: 'lightsail_instance',
  health: 'health',
} as const satisfies Partial<Record<AwsArea, string>>
