import { Hono } from 'hono'
import { IncidentsQuery } from '../../domain/monitor-queries.schema.ts'
import { notFound } from '../errors.ts'
import { toIncident } from '../services/monitor-stats.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

export const incidentRoutes = (deps: Deps) =>
  new Hono<AppEnv>().use(requireSession(deps)).get('/', validate('query', IncidentsQuery), async (c) => {
    const userId = c.get('session').userId
    const { page, limit, monitor_id, open } = c.req.valid('query')
    // Another user's monitor is answered as if it did not exist, not with an empty list.
    if (monitor_id !== undefined && !(await deps.repos.monitors.findOwned(userId, monitor_id)))
      throw notFound('Monitor')
    const { rows, total } = await deps.repos.incidents.page(userId, { monitorId: monitor_id, open }, page, limit)
    return c.json({
      data: {
        incidents: rows.map(toIncident),
        pagination: { total, page, limit, total_pages: Math.ceil(total / limit) },
      },
    })
  })
