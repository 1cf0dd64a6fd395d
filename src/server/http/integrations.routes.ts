import { Hono } from 'hono'
import * as v from 'valibot'
import type { Message } from '@vigil/domain/api-message'
import type {
  CreatedIntegration,
  DeliveryPage,
  IntegrationList,
  OneDelivery,
  OneIntegration,
} from '@vigil/domain/integration.schema'
import { PageQuery } from '@vigil/domain/pagination.schema'
import { integrationsService } from '../services/integrations.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { slackRoutes } from './slack.routes.ts'
import { jsonObject, validate } from './validate.ts'

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'The integration id is too long.')) })

export const integrationRoutes = (deps: Deps) => {
  const integrations = integrationsService(deps)
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId
  return (
    new Hono<AppEnv>()
      // "Add to Slack" is reached by the browser's own navigation: it answers with redirects, not JSON.
      .route('/slack', slackRoutes(deps, integrations))
      .use(requireSession(deps))
      .get('/', async (c) =>
        c.json({
          data: {
            integrations: await integrations.list(userOf(c)),
            slack_install_available: deps.config.alerts.slack !== undefined,
          } satisfies IntegrationList,
        }),
      )
      .post('/', async (c) =>
        c.json(
          {
            data: (await integrations.create(
              userOf(c),
              await jsonObject(c, 'integration'),
            )) satisfies CreatedIntegration,
          },
          201,
        ),
      )
      .patch('/:id', validate('param', IdParam), async (c) =>
        c.json({
          data: {
            integration: await integrations.update(
              userOf(c),
              c.req.valid('param').id,
              await jsonObject(c, 'integration'),
            ),
          } satisfies OneIntegration,
        }),
      )
      .delete('/:id', validate('param', IdParam), async (c) => {
        await integrations.remove(userOf(c), c.req.valid('param').id)
        return c.json({ data: { message: 'Integration removed.' } satisfies Message })
      })
      .post('/:id/test', noFormBody, validate('param', IdParam), async (c) =>
        c.json({
          data: { delivery: await integrations.test(userOf(c), c.req.valid('param').id) } satisfies OneDelivery,
        }),
      )
      .get('/:id/deliveries', validate('param', IdParam), validate('query', PageQuery), async (c) => {
        const { page, limit } = c.req.valid('query')
        const deliveries = await integrations.deliveries(userOf(c), c.req.valid('param').id, page, limit)
        return c.json({ data: deliveries satisfies DeliveryPage })
      })
  )
}
