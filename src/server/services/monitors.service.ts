import * as v from 'valibot'
import { fieldErrors } from '../../domain/form-validation.ts'
import { type MonitorType, monitorPatchSchema, validateMonitor } from '../../domain/monitor.schema.ts'
import { MONITOR_PAGES } from '../../domain/monitor-pages.ts'
import { intervalLimitMessage, monitorLimitMessage } from '../../domain/plan-limits.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import { configColumns, newMonitorRow, toMonitorInput } from '../db/repos/monitor-row.ts'
import type { MonitorChange, MonitorRow } from '../db/repos/monitors.repo.ts'
import type { Deps } from '../http/env.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { assertFeature } from './subscriptions.service.ts'

const invalid = (issues: v.BaseIssue<unknown>[]) => {
  const errors = fieldErrors(issues)
  return new ApiError(400, Object.values(errors)[0] ?? 'Invalid monitor.', errors)
}

/** Fields that change who is told and how it is called, not what is checked. */
const ALERTING_ONLY = new Set(['name', 'integration_ids', 'reminder_minutes'])

/** A fresh start for the state rules: after a resume or a change of what is checked. */
const freshState = (now: number): MonitorChange => ({
  status: 'pending',
  last_observed: null,
  warned_for: null,
  failures: 0,
  failing_since: null,
  successes: 0,
  recovering_since: null,
  status_changed_at: now,
  accounted_at: null,
  next_check_at: now,
  lease_owner: null,
  lease_until: null,
})

export const monitorsService = (deps: Deps) => {
  const { repos, clock, database } = deps

  /** The plan's limits for this type: the feature must be unlocked, the interval not below the fastest. */
  const planFor = async (userId: string, type: MonitorType) => {
    const subscription = await assertFeature(repos, userId, MONITOR_PAGES[type].label, clock.now())
    return { title: subscription.title, ...subscription.plan.limits }
  }

  const assertInterval = (plan: { title: string; min_interval_seconds: number }, interval: number) => {
    if (interval < plan.min_interval_seconds) {
      const message = intervalLimitMessage(plan.title, plan.min_interval_seconds)
      throw new ApiError(403, message, { interval_seconds: message })
    }
  }

  /** Each chosen channel must be one of the user's: another user's id reads as unknown. */
  const assertOwnIntegrations = async (userId: string, ids: readonly string[] | null) => {
    if (ids === null || ids.length === 0) return
    const mine = new Set((await repos.integrations.listOwned(userId)).map((i) => i.integration_id))
    const unknown = ids.find((id) => !mine.has(id))
    if (unknown !== undefined) {
      const message = `Unknown integration: ${unknown}. Choose among your integrations.`
      throw new ApiError(400, message, { integration_ids: message })
    }
  }

  const owned = async (userId: string, monitorId: string) => {
    const row = await repos.monitors.findOwned(userId, monitorId)
    if (!row) throw notFound('Monitor')
    return row
  }

  /** Closes the open incident of a monitor that stops being watched: nobody knows its state any more. */
  const closeOpenIncident = async (r: ReturnType<typeof reposOf>, row: MonitorRow, now: number) => {
    if (row.open_incident_id) await r.incidents.resolve(row.open_incident_id, now)
  }

  return {
    owned,

    create: async (userId: string, body: unknown): Promise<MonitorRow> => {
      const parsed = validateMonitor(body)
      if (!parsed.success) throw invalid(parsed.issues)
      const input = parsed.output
      const plan = await planFor(userId, input.type)
      await assertOwnIntegrations(userId, input.integration_ids)
      const count = await repos.monitors.countOwned(userId)
      if (count >= plan.max_monitors) throw new ApiError(403, monitorLimitMessage(plan.title, plan.max_monitors))
      assertInterval(plan, input.interval_seconds)
      const now = clock.now()
      const row = newMonitorRow(userId, input, now)
      await repos.monitors.insert(row)
      return row
    },

    update: async (userId: string, monitorId: string, body: unknown): Promise<MonitorRow> => {
      const row = await owned(userId, monitorId)
      const type = row.type as MonitorType
      const patch = v.safeParse(monitorPatchSchema(type), body)
      if (!patch.success) throw invalid(patch.issues)
      const merged = validateMonitor({ ...toMonitorInput(row), ...patch.output, type })
      if (!merged.success) throw invalid(merged.issues)
      const plan = await planFor(userId, type)
      if (patch.output.interval_seconds !== undefined) assertInterval(plan, merged.output.interval_seconds)
      if (patch.output.integration_ids !== undefined) await assertOwnIntegrations(userId, merged.output.integration_ids)
      const now = clock.now()
      const columns = configColumns(merged.output)
      const checkChanged = (Object.keys(columns) as (keyof typeof columns)[]).some(
        (k) => !ALERTING_ONLY.has(k) && columns[k] !== row[k],
      )
      // A change to what is checked starts the state afresh and checks at once; a new name or other alert
      // channels change nothing else.
      const change: MonitorChange = {
        ...columns,
        updated_at: now,
        ...(checkChanged && row.paused === 0 ? freshState(now) : {}),
      }
      return database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        if (checkChanged && row.paused === 0) await closeOpenIncident(r, row, now)
        if (checkChanged && row.paused === 0) change.open_incident_id = null
        const updated = await r.monitors.updateOwned(userId, monitorId, change)
        if (!updated) throw notFound('Monitor')
        return updated
      })
    },

    pause: async (userId: string, monitorId: string): Promise<MonitorRow> => {
      const row = await owned(userId, monitorId)
      if (row.paused === 1) return row
      const now = clock.now()
      return database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        await closeOpenIncident(r, row, now)
        const updated = await r.monitors.updateOwned(userId, monitorId, {
          paused: 1,
          status: 'paused',
          status_changed_at: now,
          failures: 0,
          failing_since: null,
          successes: 0,
          recovering_since: null,
          open_incident_id: null,
          accounted_at: null,
          next_check_at: null,
          lease_owner: null,
          lease_until: null,
        })
        if (!updated) throw notFound('Monitor')
        return updated
      })
    },

    resume: async (userId: string, monitorId: string): Promise<MonitorRow> => {
      const row = await owned(userId, monitorId)
      if (row.paused === 0) return row
      await planFor(userId, row.type as MonitorType)
      const updated = await repos.monitors.updateOwned(userId, monitorId, { paused: 0, ...freshState(clock.now()) })
      if (!updated) throw notFound('Monitor')
      return updated
    },

    remove: async (userId: string, monitorId: string) => {
      if (!(await repos.monitors.deleteOwned(userId, monitorId))) throw notFound('Monitor')
    },

    /** Runs a check now, outside the schedule; its result counts like any other. */
    checkNow: async (userId: string, monitorId: string) => {
      const row = await owned(userId, monitorId)
      await planFor(userId, row.type as MonitorType)
      if (row.paused === 1) throw new ApiError(409, 'This monitor is paused. Resume it to check it.')
      const startedAt = clock.now()
      const began = performance.now()
      const outcome = await deps.runCheck(toMonitorInput(row), AbortSignal.timeout(row.timeout_seconds * 1000 + 30_000))
      const finishedAt = startedAt + Math.round(performance.now() - began)
      const recorded = await deps.recorder.record(
        { monitorId, lease: null, scheduledAt: startedAt, startedAt, finishedAt, outcome },
        { now: true },
      )
      // Deleted or paused while the check ran.
      if (!recorded) throw notFound('Monitor')
      return recorded
    },
  }
}
