import * as v from 'valibot'
import { accountMail } from '@vigil/domain/account-mail'
import { formatReportNumbers, reportPeriod } from '@vigil/domain/report-format'
import { reportSearch } from '@vigil/domain/report-query'
import {
  lastPeriod,
  MAX_REPORT_SCHEDULES,
  nextSendAt,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type ReportFrequency,
  type ReportSchedule,
  type ReportScheduleInput,
  ReportSelectionSchema,
  type ReportSend,
} from '@vigil/domain/report-schedule'
import { type Report, type ReportSelection, reportFileName } from '@vigil/domain/report-view'
import { takeWriteLock } from '../db/database.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { ReportScheduleRow, ReportSendRow } from '../db/repos/reports.repo.ts'
import { conflict, Failure, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { newMailDelivery } from '../notify/outbox.ts'
import { renderReportPdf } from '../reports/report-pdf.ts'
import type { Deps } from './deps.ts'
import { buildReport } from './reports.service.ts'
import { assertFeature } from './subscriptions.service.ts'

// Reports mailed on a schedule: the last week or month, in the schedule's zone, to its recipients, with the PDF. Each
// send is recorded with the outbox deliveries of its mails (one per recipient), whose outcome is the send's. A
// scheduled send is written with its mails in one transaction, unique per period, so a period goes out once however
// many workers look and however often.

const iso = (ms: number) => new Date(ms).toISOString()
const frequencyOf = (value: string): ReportFrequency =>
  (REPORT_FREQUENCIES as readonly string[]).includes(value) ? (value as ReportFrequency) : 'weekly'
const selectionOf = (json: string): ReportSelection => v.parse(ReportSelectionSchema, JSON.parse(json))

type SendDeps = Pick<Deps, 'database' | 'repos' | 'clock' | 'deliveries' | 'logger'> & { config: { appUrl: string } }

/** A send's outcome from its mails: sending while any waits, failed when any failed for good, else sent. */
const toSend = (row: ReportSendRow, states: Map<string, { status: string; last_error: string | null }>): ReportSend => {
  const mails = (JSON.parse(row.delivery_ids) as string[]).map((id) => states.get(id))
  const failed = mails.find((m) => m?.status === 'failed')
  const status =
    row.error !== null || failed ? 'failed' : mails.some((m) => m?.status === 'pending') ? 'sending' : 'sent'
  return {
    id: row.send_id,
    schedule_id: row.schedule_id,
    from: iso(row.period_from),
    to: iso(row.period_to),
    trigger: row.scheduled_for === null ? 'manual' : 'scheduled',
    status,
    error: row.error ?? failed?.last_error ?? null,
    created_at: iso(row.created_at),
  }
}

const sendsWithStates = async (repos: Deps['repos'], rows: ReportSendRow[]) => {
  const ids = rows.flatMap((r) => JSON.parse(r.delivery_ids) as string[])
  const states = new Map((await repos.reports.deliveryStates(ids)).map((d) => [d.delivery_id, d]))
  return rows.map((r) => toSend(r, states))
}

const toSchedule = (row: ReportScheduleRow, last: ReportSend | null): ReportSchedule => ({
  id: row.schedule_id,
  name: row.name,
  frequency: frequencyOf(row.frequency),
  recipients: JSON.parse(row.recipients) as string[],
  selection: selectionOf(row.selection),
  time_zone: row.time_zone,
  next_send_at: iso(row.next_send_at),
  created_at: iso(row.created_at),
  last_send: last,
})

/** The mail of a report: its totals in words, a link to it in the app, and the PDF. */
const reportMail = (report: Report, name: string, frequency: ReportFrequency, appUrl: string, pdf: Buffer) => {
  const period = reportPeriod(report.covered_from, report.covered_to, report.time_zone)
  const link = `${appUrl}/reporting?${reportSearch(report.selection, Date.parse(report.covered_from), Date.parse(report.covered_to), report.time_zone)}`
  const n = report.totals ? formatReportNumbers(report.totals) : null
  const lines = [
    `${name}: ${report.title}`,
    period,
    '',
    ...(n
      ? [
          `Uptime: ${n.uptime} (SLA target ${n.sla_target}: ${n.sla_met.toLowerCase()}, error budget left ${n.error_budget_left_ms})`,
          `Downtime: ${n.downtime_ms}`,
          `Incidents: ${n.incidents} (longest ${n.longest_incident_ms}, MTTR ${n.mttr_ms})`,
          `Response time: average ${n.response_avg_ms}, p95 ${n.response_p95_ms}`,
          `Checks: ${n.checks}, failures: ${n.failures}`,
          `Monitors: ${report.monitors.length}`,
        ]
      : ['This set has no monitors.']),
    '',
    'The attached PDF has the numbers of each monitor.',
    `Open the report: ${link}`,
    `Change or stop this report: ${appUrl}/reporting`,
  ]
  return {
    subject: `${REPORT_FREQUENCY_LABELS[frequency]} report: ${name} (${period})`,
    text: lines.join('\n'),
    attachments: [
      {
        filename: reportFileName(report, 'pdf'),
        content_type: 'application/pdf',
        content_base64: pdf.toString('base64'),
      },
    ],
  }
}

/**
 * Makes and sends the report of a schedule over a period. A scheduled send (scheduledFor set) is skipped when its
 * period has one. A report that cannot be made (its status page deleted since) is recorded as failed with why.
 * Resolves with the send, or null when another took the period.
 */
export const sendScheduledReport = async (
  deps: SendDeps,
  schedule: ReportScheduleRow,
  period: { from: number; to: number },
  scheduledFor: number | null,
): Promise<ReportSendRow | null> => {
  const { database, clock } = deps
  if (scheduledFor !== null && (await deps.repos.reports.sendOf(schedule.schedule_id, scheduledFor))) return null
  const now = clock.now()
  const send: ReportSendRow = {
    send_id: newId(),
    schedule_id: schedule.schedule_id,
    period_from: period.from,
    period_to: period.to,
    scheduled_for: scheduledFor,
    delivery_ids: '[]',
    error: null,
    created_at: now,
  }
  let mails: ReturnType<typeof newMailDelivery>[] = []
  try {
    // A plan without Reporting (a trial that ended) keeps its schedules but sends nothing; the send says why.
    await assertFeature(deps.repos, schedule.user_id, 'Reporting', now)
    const report = await buildReport(
      { repos: deps.repos, now },
      schedule.user_id,
      { selection: selectionOf(schedule.selection), from: period.from, to: period.to, tz: schedule.time_zone },
      { missing: 'skip' },
    )
    const pdf = await renderReportPdf(report)
    const mail = reportMail(report, schedule.name, frequencyOf(schedule.frequency), deps.config.appUrl, pdf)
    mails = (JSON.parse(schedule.recipients) as string[]).map((to) =>
      newMailDelivery(schedule.user_id, to, accountMail(mail.subject, mail.text, [], mail.attachments), now),
    )
    send.delivery_ids = JSON.stringify(mails.map((m) => m.delivery_id))
  } catch (err) {
    send.error =
      err instanceof Failure ? `The report could not be made: ${err.message}` : 'The report could not be made.'
    if (!(err instanceof Failure)) deps.logger.error('a report could not be made', { error: String(err) })
  }
  const taken = await database.db.transaction().execute(async (trx) => {
    await takeWriteLock(trx, database.dialect)
    const r = reposOf(trx)
    if (!(await r.reports.insertSend(send))) return false
    await r.deliveries.insert(mails)
    return true
  })
  if (!taken) return null
  // Sent now without waiting; the outbox's worker retries what fails and sends it if this process stops first.
  for (const m of mails)
    void deps.deliveries
      .sendNow(m.delivery_id)
      .catch((err) => deps.logger.error('a report mail could not be sent', { error: String(err) }))
  return send
}

export const reportSchedulesService = (deps: Deps) => {
  const { repos, clock } = deps

  const owned = async (userId: string, id: string) => {
    const row = await repos.reports.findSchedule(userId, id)
    if (!row) throw notFound('Scheduled report')
    return row
  }

  /** The set must be the user's now: their monitors, their status page. */
  const assertSelection = async (userId: string, selection: ReportSelection) => {
    if (selection.kind === 'status_page') {
      if (!(await repos.statusPages.findOwned(userId, selection.status_page_id))) throw notFound('Status page')
    }
    if (selection.kind === 'monitors') {
      const mine = await repos.monitors.ownedIds(userId, selection.monitor_ids)
      if (selection.monitor_ids.some((id) => !mine.has(id))) throw notFound('Monitor')
    }
  }

  const withLastSend = async (rows: ReportScheduleRow[]) => {
    const last = await sendsWithStates(repos, await repos.reports.lastSends(rows.map((r) => r.schedule_id)))
    const bySchedule = new Map(last.map((s) => [s.schedule_id, s]))
    return rows.map((r) => toSchedule(r, bySchedule.get(r.schedule_id) ?? null))
  }

  return {
    list: async (userId: string) => ({ schedules: await withLastSend(await repos.reports.schedulesOf(userId)) }),

    create: async (userId: string, input: ReportScheduleInput) => {
      await assertSelection(userId, input.selection)
      if ((await repos.reports.countOf(userId)) >= MAX_REPORT_SCHEDULES)
        throw conflict(`You can have at most ${MAX_REPORT_SCHEDULES} scheduled reports: delete one to add another.`)
      const now = clock.now()
      const row: ReportScheduleRow = {
        schedule_id: newId(),
        user_id: userId,
        name: input.name,
        frequency: input.frequency,
        recipients: JSON.stringify(input.recipients),
        selection: JSON.stringify(input.selection),
        time_zone: input.time_zone,
        next_send_at: nextSendAt(input.frequency, now, input.time_zone),
        created_at: now,
        updated_at: now,
      }
      await repos.reports.insertSchedule(row)
      return toSchedule(row, null)
    },

    update: async (userId: string, id: string, patch: Partial<ReportScheduleInput>) => {
      const row = await owned(userId, id)
      if (patch.selection) await assertSelection(userId, patch.selection)
      const now = clock.now()
      const frequency = patch.frequency ?? frequencyOf(row.frequency)
      const zone = patch.time_zone ?? row.time_zone
      const change = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.recipients === undefined ? {} : { recipients: JSON.stringify(patch.recipients) }),
        ...(patch.selection === undefined ? {} : { selection: JSON.stringify(patch.selection) }),
        frequency,
        time_zone: zone,
        // A new rhythm starts with the period running now; the same one keeps its next send.
        next_send_at:
          frequency === row.frequency && zone === row.time_zone ? row.next_send_at : nextSendAt(frequency, now, zone),
        updated_at: now,
      }
      await repos.reports.updateSchedule(id, change)
      return (await withLastSend([{ ...row, ...change }]))[0] as ReportSchedule
    },

    remove: async (userId: string, id: string) => {
      await owned(userId, id)
      await repos.reports.deleteSchedule(id)
    },

    /** The last full period's report, now, to the schedule's recipients. */
    sendNow: async (userId: string, id: string) => {
      const row = await owned(userId, id)
      const period = lastPeriod(frequencyOf(row.frequency), clock.now(), row.time_zone)
      const send = (await sendScheduledReport(deps, row, period, null)) as ReportSendRow
      return (await sendsWithStates(repos, [send]))[0] as ReportSend
    },

    sends: async (userId: string, id: string) => {
      await owned(userId, id)
      return { sends: await sendsWithStates(repos, await repos.reports.sendsOf([id], 50)) }
    },
  }
}

/** How often due schedules are looked for. */
export const REPORT_SWEEP_MS = 60_000
const BATCH = 100

/**
 * Sends the reports whose period has ended, then moves each schedule to its next period. A schedule whose send is
 * taken by another worker moves on too; a crash before it moves is made good by the next sweep, which finds the
 * period sent and only moves it.
 */
export const sweepReportSchedules = async (deps: SendDeps) => {
  const now = deps.clock.now()
  const due = await deps.repos.reports.due(now, BATCH)
  for (const row of due) {
    const frequency = frequencyOf(row.frequency)
    const period = lastPeriod(frequency, now, row.time_zone)
    try {
      await sendScheduledReport(deps, row, period, period.from)
      await deps.repos.reports.updateSchedule(row.schedule_id, {
        next_send_at: nextSendAt(frequency, now, row.time_zone),
      })
    } catch (err) {
      deps.logger.error('a scheduled report failed', { schedule: row.schedule_id, error: String(err) })
    }
  }
  return due.length
}

/** The sweep as a job of the engine's. */
export const reportSweepJob = (deps: SendDeps) => ({
  name: 'report schedules',
  everyMs: REPORT_SWEEP_MS,
  run: () => sweepReportSchedules(deps).then(() => undefined),
})
