import { Hono } from 'hono'
import type { OneAwsSetup } from '@vigil/domain/aws-account'
import { awsAccountsService } from '../services/aws-accounts.service.ts'
import { withAccountPages, withAccountRoutes } from './cloud-account.routes.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'

// AWS Monitoring (a Pro feature: every route answers 403 on a plan without it): connected accounts and the pages of
// what their syncs read. `{id}` is Vigil's id of the connected account (the spec's iamUserId).

export const awsRoutes = (deps: Deps) => {
  const aws = awsAccountsService(deps)
  const routes = new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/setup', async (c) =>
      c.json({ data: { setup: await aws.setup(c.get('session').userId) } satisfies OneAwsSetup }),
    )
  withAccountRoutes(routes, aws, 'AWS account')
  return withAccountPages(routes, {
    'billing-summary': aws.billing,
    ec2: aws.ec2,
    rds: aws.rds,
    amplify: aws.amplify,
    lightsail: aws.lightsail,
    services: aws.services,
  })
}
