import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { AwsCallError } from './errors.ts'
import { stsRegion } from './options.ts'
import { type AwsSessionOptions, openAwsSession } from './session.ts'

// "Connect" checks credentials before they are stored: who they belong to, or why AWS refused them.

export interface AwsAccountIdentity {
  account_id: string
  /** The user or assumed role the credentials act as. */
  arn: string
}

/** STS GetCallerIdentity with the credentials (after AssumeRole for a role); throws an AwsCallError. */
export const verifyAwsAccount = async (
  creds: AwsCredentialsInput,
  options: AwsSessionOptions = {},
): Promise<AwsAccountIdentity> => {
  const session = openAwsSession(creds, options)
  try {
    await session.identity()
    const region = stsRegion(creds.auth === 'role' ? creds.role_arn : undefined)
    const out = await session.call(AWS_ACTIONS.getCallerIdentity, () =>
      session.client(STSClient, region).send(new GetCallerIdentityCommand({})),
    )
    if (!out.Account || !out.Arn)
      throw new AwsCallError(
        'other',
        'AWS answered GetCallerIdentity without an account.',
        AWS_ACTIONS.getCallerIdentity,
      )
    return { account_id: out.Account, arn: out.Arn }
  } finally {
    session.close()
  }
}
