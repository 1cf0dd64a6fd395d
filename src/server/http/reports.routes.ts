import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { ReportBody, ReportQuery, resolveReportQuery } from '@vigil/domain/report-query'
import { ReportScheduleInput, ReportSchedulePatch } from '@vigil/domain/report-schedule'
import type {
  OneReportSchedule,
  ReportScheduleList,
  ReportSendList,
  ReportSentNow,
} from '@vigil/domain/report-view.schema'
import { type Report, reportCsv, reportFileName } from '@vigil/domain/report-view'
import { invalid } from '../errors.ts'
import { renderReportPdf } from '../reports/report-pdf.ts'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import { reportSchedulesService } from '../services/report-schedules.service.ts'
import { reportsService } from '../services/reports.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireFeature } from './plan-access.middleware.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/reports (Reporting, a Pro feature: 403 on a plan without it): a report of the user's monitors over a period as
// JSON, CSV or PDF (asked by GET, or by POST with the query as a JSON body), and the schedules that mail it weekly or monthly.

const ScheduleIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(64, 'Scheduled report not found.')),
})

export const reportRoutes = (deps: Deps) => {
  const schedules = reportSchedulesService(deps)
  const reports = reportsService(deps)
  /** A report as JSON, or as a CSV or PDF attachment. */
  const answerReport = async (c: Context<AppEnv>, asked: ReportQuery) => {
    const now = deps.clock.now()
    const query = resolveReportQuery(asked, now)
    if (!query.ok) throw invalid(query.message)
    const report = await reports.build(c.get('session').userId, query, now)
    if (query.format === 'json') return c.json({ data: report satisfies Report })
    const name = reportFileName(report, query.format)
    c.header('Content-Disposition', `attachment; filename="${name}"`)
    c.header('Cache-Control', 'no-store')
    if (query.format === 'csv') return c.body(reportCsv(report), 200, { 'Content-Type': 'text/csv; charset=utf-8' })
    const pdf = await renderReportPdf(report)
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf' })
  }
  const { reportSend } = deps.config.rateLimits
  return (
    new Hono<AppEnv>()
      .use(requireSession(deps), requireFeature(deps, 'Reporting'))
      .get('/', validate('query', ReportQuery), (c) => answerReport(c, c.req.valid('query')))
      // The same query as a JSON body: a long selection (up to 1,000 ids) does not fit in an address.
      .post('/', validate('json', ReportBody), (c) => answerReport(c, c.req.valid('json')))
      .get('/schedules', async (c) =>
        c.json({ data: (await schedules.list(c.get('session').userId)) satisfies ReportScheduleList }),
      )
      .post('/schedules', validate('json', ReportScheduleInput), async (c) =>
        c.json(
          {
            data: {
              schedule: await schedules.create(c.get('session').userId, c.req.valid('json')),
            } satisfies OneReportSchedule,
          },
          201,
        ),
      )
      .patch('/schedules/:id', validate('param', ScheduleIdParam), validate('json', ReportSchedulePatch), async (c) => {
        const schedule = await schedules.update(c.get('session').userId, c.req.valid('param').id, c.req.valid('json'))
        return c.json({ data: { schedule } satisfies OneReportSchedule })
      })
      .delete('/schedules/:id', validate('param', ScheduleIdParam), async (c) => {
        await schedules.remove(c.get('session').userId, c.req.valid('param').id)
        return c.body(null, 204)
      })
      .post('/schedules/:id/send', noFormBody, validate('param', ScheduleIdParam), async (c) => {
        const userId = c.get('session').userId
        await enforceRateLimits(deps, 'report send', [{ key: `account:${userId}`, rule: reportSend.perAccount }])
        const send = await schedules.sendNow(userId, c.req.valid('param').id)
        return c.json({ data: { send } satisfies ReportSentNow }, 202)
      })
      .get('/schedules/:id/sends', validate('param', ScheduleIdParam), async (c) =>
        c.json({
          data: (await schedules.sends(c.get('session').userId, c.req.valid('param').id)) satisfies ReportSendList,
        }),
      )
  )
}
