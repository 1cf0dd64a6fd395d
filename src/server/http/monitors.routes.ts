import { Hono } from 'hono'
import * as v from 'valibot'
import type { CheckResult } from '../../domain/check-result.ts'
import { MonitorPageQuery } from '../../domain/monitor-list.ts'
import { ResultsQuery, StatsQuery } from '../../domain/monitor-queries.schema.ts'
import { confirmingOf, storedVerdict } from '../../domain/result-verdict.ts'
import { BulkInput, MonitorTagsInput } from '../../domain/tags.ts'
import type { CheckResultRecord } from '../db/repos/check-results.repo.ts'
import { bulkService } from '../services/monitor-bulk.service.ts'
import { monitorStats, monitorWithFigures } from '../services/monitor-stats.service.ts'
import { monitorsService } from '../services/monitors.service.ts'
import { tagsService } from '../services/tags.service.ts'
import { accepts } from './accept-encoding.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { jsonObject, validate } from './validate.ts'

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'The monitor id is too long.')) })

export const toCheckResult = (row: CheckResultRecord): CheckResult => {
  const verdict = storedVerdict(row.verdict, row.ok === 1, row.status)
  const maintenance = row.in_maintenance === null ? null : row.in_maintenance === 1
  const run = { verdict, status: row.status, streak: row.streak, needed: row.streak_needed, maintenance }
  return {
    checked_at: new Date(row.checked_at).toISOString(),
    status: row.status,
    ok: row.ok === 1,
    response_ms: row.response_ms,
    message: row.message,
    detail: row.detail,
    verdict,
    confirming: confirmingOf(run),
    maintenance,
  }
}

export const monitorRoutes = (deps: Deps) => {
  const monitors = monitorsService(deps)
  const bulk = bulkService(deps)
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', MonitorPageQuery), async (c) => {
      // A page is about 245 KB of JSON and 40–45 KB gzipped, from its rows deflated once (services/gzip-parts.ts).
      const gzip = accepts(c.req.header('Accept-Encoding'), 'gzip')
      const bytes = await deps.monitorPages.make(userOf(c), c.req.valid('query'), deps.clock.now(), gzip)
      return c.body(bytes, 200, {
        'content-type': 'application/json',
        vary: 'Accept-Encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
    })
    .post('/bulk', validate('json', BulkInput), async (c) =>
      c.json({ data: await bulk(userOf(c), c.req.valid('json')) }),
    )
    .post('/', async (c) => {
      const { row, warning } = await monitors.create(userOf(c), await jsonObject(c, 'monitor'))
      const monitor = await monitorWithFigures(deps.repos, row, deps.clock.now())
      return c.json({ data: { monitor, ...(warning ? { warning } : {}) } }, 201)
    })
    .get('/:id', validate('param', IdParam), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await monitorWithFigures(deps.repos, row, deps.clock.now()) } })
    })
    .patch('/:id', validate('param', IdParam), async (c) => {
      const { row, warning } = await monitors.update(userOf(c), c.req.valid('param').id, await jsonObject(c, 'monitor'))
      const monitor = await monitorWithFigures(deps.repos, row, deps.clock.now())
      return c.json({ data: { monitor, ...(warning ? { warning } : {}) } })
    })
    .put('/:id/tags', validate('param', IdParam), validate('json', MonitorTagsInput), async (c) => {
      const tags = await tagsService(deps).setForMonitor(
        userOf(c),
        c.req.valid('param').id,
        c.req.valid('json').tag_ids,
      )
      return c.json({ data: { tags } })
    })
    .delete('/:id', validate('param', IdParam), async (c) => {
      await monitors.remove(userOf(c), c.req.valid('param').id)
      return c.json({ data: { message: 'Monitor deleted.' } })
    })
    .post('/:id/pause', noFormBody, validate('param', IdParam), async (c) => {
      const row = await monitors.pause(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await monitorWithFigures(deps.repos, row, deps.clock.now()) } })
    })
    .post('/:id/resume', noFormBody, validate('param', IdParam), async (c) => {
      const row = await monitors.resume(userOf(c), c.req.valid('param').id)
      return c.json({ data: { monitor: await monitorWithFigures(deps.repos, row, deps.clock.now()) } })
    })
    .post('/:id/check', noFormBody, validate('param', IdParam), async (c) => {
      const { result, monitor } = await monitors.checkNow(userOf(c), c.req.valid('param').id)
      return c.json({
        data: {
          result: toCheckResult(result),
          monitor: await monitorWithFigures(deps.repos, monitor, deps.clock.now()),
        },
      })
    })
    .get('/:id/results', validate('param', IdParam), validate('query', ResultsQuery), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      const { page, limit, from, to } = c.req.valid('query')
      const range = { from: from ?? 0, to: to ?? Number.MAX_SAFE_INTEGER }
      const { rows, total } = await deps.repos.checkResults.page(row.monitor_id, range, page, limit)
      return c.json({
        data: {
          results: rows.map(toCheckResult),
          pagination: { total, page, limit, total_pages: Math.ceil(total / limit) },
        },
      })
    })
    .get('/:id/stats', validate('param', IdParam), validate('query', StatsQuery), async (c) => {
      const row = await monitors.owned(userOf(c), c.req.valid('param').id)
      const stats = await monitorStats(deps.repos, row, c.req.valid('query').window, deps.clock.now())
      return c.json({ data: { stats } })
    })
}
