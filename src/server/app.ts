import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { ApiHealth } from '@vigil/domain/api-contract'
import { authRoutes } from './http/auth.routes.ts'
import { awsRoutes } from './http/aws.routes.ts'
import { azureRoutes } from './http/azure.routes.ts'
import { billingRoutes } from './http/billing.routes.ts'
import { blacklistRoutes } from './http/blacklist.routes.ts'
import { limitBody } from './http/body-limit.ts'
import type { AppEnv, Deps } from './http/env.ts'
import { errorBody, toErrorResponse } from './http/errors.ts'
import { eventRoutes } from './http/events.routes.ts'
import { incidentRoutes } from './http/incidents.routes.ts'
import { integrationRoutes } from './http/integrations.routes.ts'
import { m365Routes } from './http/m365.routes.ts'
import { monitorRoutes } from './http/monitors.routes.ts'
import { notificationRoutes } from './http/notifications.routes.ts'
import { PICTURE_PATH, profileRoutes } from './http/profile.routes.ts'
import { publicStatusApi, publicStatusRoutes } from './http/public-status.routes.ts'
import { reportRoutes } from './http/reports.routes.ts'
import { hstsOverHttps, noStore, sameOriginChanges } from './http/request-guards.ts'
import { securityRoutes } from './http/security.routes.ts'
import { sessionRoutes } from './http/sessions.routes.ts'
import { statusPageRoutes } from './http/status-pages.routes.ts'
import { planRoutes, subscriptionRoutes } from './http/subscriptions.routes.ts'
import { supportRoutes } from './http/support.routes.ts'
import { tagRoutes } from './http/tags.routes.ts'
import { userRoutes } from './http/users.routes.ts'

/** The API under /api, one sub-app per resource. Static files and the SPA are mounted by main.ts. */
export const createApi = (deps: Deps) => {
  const kb = Math.round(deps.config.bodyLimitBytes / 1024)
  const limit = limitBody(deps.config.bodyLimitBytes, `The request body is too large: the limit is ${kb} KB.`)
  return (
    new Hono<AppEnv>()
      // A profile picture has a limit of its own, set on its route.
      .use((c, next) => (c.req.path === PICTURE_PATH && c.req.method === 'PUT' ? next() : limit(c, next)))
      .use(noStore)
      .use(sameOriginChanges(deps.config))
      .get('/health', (c) => c.json({ status: 'ok' } satisfies ApiHealth))
      .route('/auth', authRoutes(deps))
      .route('/user', userRoutes(deps))
      .route('/profile', profileRoutes(deps))
      .route('/sessions', sessionRoutes(deps))
      .route('/security', securityRoutes(deps))
      .route('/support', supportRoutes(deps))
      .route('/reports', reportRoutes(deps))
      .route('/events', eventRoutes(deps))
      .route('/user_notification', notificationRoutes(deps))
      .route('/user_subscription', subscriptionRoutes(deps))
      .route('/plans', planRoutes(deps))
      .route('/billing', billingRoutes(deps))
      .route('/monitors', monitorRoutes(deps))
      .route('/tags', tagRoutes(deps))
      .route('/incidents', incidentRoutes(deps))
      .route('/blacklist', blacklistRoutes(deps))
      .route('/integrations', integrationRoutes(deps))
      .route('/status_pages', statusPageRoutes(deps))
      .route('/aws', awsRoutes(deps))
      .route('/azure', azureRoutes(deps))
      .route('/microsoft365', m365Routes(deps))
      .route('/public', publicStatusApi(deps))
      .all('*', (c) => c.json(errorBody(`No API route for ${c.req.method} ${c.req.path}.`), 404))
  )
}

export const createApp = (deps: Deps) => {
  const app = new Hono<AppEnv>()
  // Routes that set their own policy (the public status pages, their embeddable badges) keep it. HSTS is sent
  // only over HTTPS.
  app.use(secureHeaders({ overwrite: false, strictTransportSecurity: false }))
  app.use(hstsOverHttps(deps.config))
  app.onError((err, c) =>
    toErrorResponse(err, c, (e) =>
      deps.logger.error('unhandled error', { path: c.req.path, error: e.stack ?? e.message }),
    ),
  )
  app.route('/api', createApi(deps))
  app.route('/status', publicStatusRoutes(deps))
  return app
}
