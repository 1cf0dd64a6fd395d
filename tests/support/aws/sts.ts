import type { Context } from './context.ts'
import { type Answer, AwsFault, faults, queryAnswer } from './protocols.ts'

const XMLNS = 'https://sts.amazonaws.com/doc/2011-06-15/'

export const sts: Record<string, (ctx: Context) => Answer> = {
  GetCallerIdentity: (ctx) =>
    queryAnswer('GetCallerIdentity', XMLNS, {
      Arn: ctx.key.arn,
      UserId: ctx.key.roleArn
        ? `AROA${ctx.key.accessKeyId.slice(4)}:${ctx.key.arn.split('/').at(-1)}`
        : `AIDA${ctx.key.accessKeyId.slice(4)}`,
      Account: ctx.key.account,
    }),

  AssumeRole: (ctx) => {
    const roleArn = ctx.params.get('RoleArn') ?? ''
    const sessionName = ctx.params.get('RoleSessionName')
    if (!sessionName || !/^[\w+=,.@-]{2,64}$/.test(sessionName))
      throw new AwsFault(
        400,
        'ValidationError',
        "1 validation error detected: Value at 'roleSessionName' failed to satisfy constraint",
      )
    const account = ctx.world.accounts.get(roleArn.split(':')[4] ?? '')
    const role = account?.roles[roleArn]
    // AWS says the same whether the role is missing, does not trust the caller, or wants another external id.
    if (!role?.trusts.includes(ctx.key.account) || ctx.params.get('ExternalId') !== role.externalId)
      throw faults.denied('query', ctx.key.arn, 'sts:AssumeRole')
    const issued = ctx.world.issueSession(roleArn, sessionName, ctx.now)
    return queryAnswer('AssumeRole', XMLNS, {
      Credentials: {
        AccessKeyId: issued.accessKeyId,
        SecretAccessKey: issued.secretAccessKey,
        SessionToken: issued.sessionToken,
        Expiration: new Date(issued.expiresAt ?? ctx.now).toISOString(),
      },
      AssumedRoleUser: { AssumedRoleId: `AROA${issued.accessKeyId.slice(4)}:${sessionName}`, Arn: issued.arn },
      PackedPolicySize: 6,
    })
  },
}
