import { Hono } from 'hono'
import * as v from 'valibot'
import type { Message } from '@vigil/domain/api-message'
import type { OneMonitorStats, ResultPage } from '@vigil/domain/check-result'
import type { CheckedNow, OneMonitor, SavedMonitor } from '@vigil/domain/monitor.schema'
import { MonitorPageQuery } from '@vigil/domain/monitor-list'
import type { BulkOutcome } from '@vigil/domain/monitor-list-view'
import { ResultsQuery, StatsQuery } from '@vigil/domain/monitor-queries.schema'
import { BulkInput, type MonitorTagList, MonitorTagsInput } from '@vigil/domain/tags'
import { toCheckResult } from '../read-model/monitor-view.ts'
import { bulkService } from '../services/monitor-bulk.service.ts'
import { monitorStatsService } from '../services/monitor-stats.service.ts'
import { monitorsService } from '../services/monitors.service.ts'
import { tagsService } from '../services/tags.service.ts'
import { accepts } from './accept-encoding.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { jsonObject, validate } from './validate.ts'

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'The monitor id is too long.')) })

export const monitorRoutes = (deps: Deps) => {
  const monitors = monitorsService(deps)
  const bulk = bulkService(deps)
  const shown = monitorStatsService(deps)
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', MonitorPageQuery), async (c) => {
      // A page is about 245 KB of JSON and 40–45 KB gzipped, from its rows deflated once (read-model/gzip-parts.ts).
      const gzip = accepts(c.req.header('Accept-Encoding'), 'gzip')
      const bytes = await deps.monitorPages.make(userOf(c), c.req.valid('query'), deps.clock.now(), gzip)
      return c.body(bytes, 200, {
        'content-type': 'application/json',
        vary: 'Accept-Encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
    })
    .post('/bulk', validate('json', BulkInput), async (c) =>
      c.json({ data: (await bulk(userOf(c), c.req.valid('json'))) satisfies BulkOutcome }),
    )
    .post('/', async (c) => {
      const { row, warning } = await monitors.create(userOf(c), await jsonObject(c, 'monitor'))
      const monitor = await shown.withFigures(row)
      return c.json({ data: { monitor, ...(warning ? { warning } : {}) } satisfies SavedMonitor }, 201)
    })
    .get('/:id', validate('param', IdParam), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await shown.withFigures(row) } satisfies OneMonitor })
    })
    .patch('/:id', validate('param', IdParam), async (c) => {
      const { row, warning } = await monitors.update(userOf(c), c.req.valid('param').id, await jsonObject(c, 'monitor'))
      const monitor = await shown.withFigures(row)
      return c.json({ data: { monitor, ...(warning ? { warning } : {}) } satisfies SavedMonitor })
    })
    .put('/:id/tags', validate('param', IdParam), validate('json', MonitorTagsInput), async (c) => {
      const tags = await tagsService(deps).setForMonitor(
        userOf(c),
        c.req.valid('param').id,
        c.req.valid('json').tag_ids,
      )
      return c.json({ data: { tags } satisfies MonitorTagList })
    })
    .delete('/:id', validate('param', IdParam), async (c) => {
      await monitors.remove(userOf(c), c.req.valid('param').id)
      return c.json({ data: { message: 'Monitor deleted.' } satisfies Message })
    })
    .post('/:id/pause', noFormBody, validate('param', IdParam), async (c) => {
      const row = await monitors.pause(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await shown.withFigures(row) } satisfies OneMonitor })
    })
    .post('/:id/resume', noFormBody, validate('param', IdParam), async (c) => {
      const row = await monitors.resume(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await shown.withFigures(row) } satisfies OneMonitor })
    })
    .post('/:id/check', noFormBody, validate('param', IdParam), async (c) => {
      const { result, monitor } = await monitors.checkNow(userOf(c), c.req.valid('param').id)
      return c.json({
        data: {
          result: toCheckResult(result),
          monitor: await shown.withFigures(monitor),
        } satisfies CheckedNow,
      })
    })
    .get('/:id/results', validate('param', IdParam), validate('query', ResultsQuery), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      return c.json({ data: (await shown.results(row, c.req.valid('query'))) satisfies ResultPage })
    })
    .get('/:id/stats', validate('param', IdParam), validate('query', StatsQuery), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      const stats = await shown.stats(row, c.req.valid('query').window)
      return c.json({ data: { stats } satisfies OneMonitorStats })
    })
}
