// The IAM permissions Vigil needs: every action the server calls, and nothing that writes. The UI shows the
// policy for copying; the server names these same actions when AWS refuses one.

export const AWS_ACTIONS = {
  getCallerIdentity: 'sts:GetCallerIdentity',
  describeRegions: 'ec2:DescribeRegions',
  describeInstances: 'ec2:DescribeInstances',
  describeInstanceStatus: 'ec2:DescribeInstanceStatus',
  getMetricData: 'cloudwatch:GetMetricData',
  describeDbInstances: 'rds:DescribeDBInstances',
  listApps: 'amplify:ListApps',
  listBranches: 'amplify:ListBranches',
  listJobs: 'amplify:ListJobs',
  getInstances: 'lightsail:GetInstances',
  getCostAndUsage: 'ce:GetCostAndUsage',
  getCostForecast: 'ce:GetCostForecast',
  describeEvents: 'health:DescribeEvents',
} as const

export type AwsAction = (typeof AWS_ACTIONS)[keyof typeof AWS_ACTIONS]

/** sts:AssumeRole is called with the server's own credentials, so it belongs to the trust policy, not here. */
export const AWS_ASSUME_ROLE_ACTION = 'sts:AssumeRole'

export const AWS_READ_ONLY_POLICY = {
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'VigilReadOnly',
      Effect: 'Allow',
      Action: Object.values(AWS_ACTIONS),
      Resource: '*',
    },
  ],
} as const

/** The policy as the user pastes it into the IAM console. */
export const AWS_READ_ONLY_POLICY_JSON = JSON.stringify(AWS_READ_ONLY_POLICY, null, 2)

/**
 * The trust policy of a role Vigil assumes: Vigil's AWS account may assume it, only with the external ID (so no
 * other Vigil customer can point Vigil at this role).
 */
export const awsRoleTrustPolicy = (vigilAccountId: string, externalId: string) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Principal: { AWS: `arn:aws:iam::${vigilAccountId}:root` },
      Action: AWS_ASSUME_ROLE_ACTION,
      Condition: { StringEquals: { 'sts:ExternalId': externalId } },
    },
  ],
})
