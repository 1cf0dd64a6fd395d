import { Hono } from 'hono'
import * as v from 'valibot'
import type { AzureServicePage } from '@vigil/domain/azure-account'
import { azureAccountsService } from '../services/azure-accounts.service.ts'
import { IdParam, withAccountPages, withAccountRoutes } from './cloud-account.routes.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// Azure Monitoring (a Pro feature: every route answers 403 on a plan without it): connected app registrations and the
// pages of what their syncs read. `{id}` is Vigil's id of the connected account (the spec's azure_account_id).

const ServiceParam = v.object({
  ...IdParam.entries,
  service: v.pipe(v.string(), v.maxLength(200, 'The service name is too long.')),
})

export const azureRoutes = (deps: Deps) => {
  const azure = azureAccountsService(deps)
  const routes = new Hono<AppEnv>().use(requireSession(deps))
  withAccountRoutes(routes, azure, 'Azure account')
  withAccountPages(routes, {
    services: azure.services,
    'billing-summary': azure.billing,
    'subscription-details': azure.subscriptionDetails,
  })
  return routes.get('/accounts/:id/services/:service', validate('param', ServiceParam), async (c) => {
    const { id, service } = c.req.valid('param')
    return c.json({ data: (await azure.service(c.get('session').userId, id, service)) satisfies AzureServicePage })
  })
}
