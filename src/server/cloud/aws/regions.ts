import { DescribeRegionsCommand, EC2Client } from '@aws-sdk/client-ec2'
import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSessionOptions, openAwsSession } from './session.ts'

const ENABLED = new Set(['opt-in-not-required', 'opted-in'])

/** The regions enabled for the account (opt-in regions only once opted in), sorted; throws an AwsCallError. */
export const listEnabledRegions = async (
  creds: AwsCredentialsInput,
  options: AwsSessionOptions = {},
): Promise<string[]> => {
  const session = openAwsSession(creds, options)
  try {
    await session.identity()
    const out = await session.call(AWS_ACTIONS.describeRegions, () =>
      session.client(EC2Client, 'us-east-1').send(new DescribeRegionsCommand({ AllRegions: true })),
    )
    return (out.Regions ?? [])
      .filter((r) => r.RegionName && ENABLED.has(r.OptInStatus ?? ''))
      .map((r) => r.RegionName as string)
      .sort()
  } finally {
    session.close()
  }
}
