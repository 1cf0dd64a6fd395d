import { Hono } from 'hono'
import {
  IncidentCommentInput,
  IncidentListQuery,
  type IncidentPage,
  type OneIncidentDetail,
  type OneIncidentEvent,
} from '@vigil/domain/incident'
import { incidentsService } from '../services/incidents.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// Incidents across the user's monitors (issue 19): the list with filters, one incident with its timeline and
// evidence, acknowledging and comments. Another user's incident is 404 on every route.
export const incidentRoutes = (deps: Deps) => {
  const incidents = incidentsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', IncidentListQuery), async (c) =>
      c.json({ data: (await incidents.list(c.get('session').userId, c.req.valid('query'))) satisfies IncidentPage }),
    )
    .get('/:id', async (c) =>
      c.json({
        data: {
          incident: await incidents.detail(c.get('session').userId, c.req.param('id')),
        } satisfies OneIncidentDetail,
      }),
    )
    .post('/:id/acknowledge', noFormBody, async (c) =>
      c.json({
        data: {
          incident: await incidents.acknowledge(c.get('session').userId, c.req.param('id')),
        } satisfies OneIncidentDetail,
      }),
    )
    .post('/:id/comments', validate('json', IncidentCommentInput), async (c) =>
      c.json(
        {
          data: {
            event: await incidents.comment(c.get('session').userId, c.req.param('id'), c.req.valid('json')),
          } satisfies OneIncidentEvent,
        },
        201,
      ),
    )
}
