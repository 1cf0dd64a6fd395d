import { Hono } from 'hono'
import { m365TenantsService } from '../services/m365-tenants.service.ts'
import { withAccountPages, withAccountRoutes } from './cloud-account.routes.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'

// Microsoft 365 (a Pro feature: every route answers 403 on a plan without it): connected tenants and their service
// health. `{id}` is Vigil's id of the connected tenant.

export const m365Routes = (deps: Deps) => {
  const m365 = m365TenantsService(deps)
  const routes = new Hono<AppEnv>().use(requireSession(deps))
  withAccountRoutes(routes, m365, 'Microsoft 365 tenant')
  return withAccountPages(routes, { health: m365.health })
}
