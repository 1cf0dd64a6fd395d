import { fieldErrors } from '@vigil/domain/form-validation'
import { type MonitorInput, type MonitorType, monitorPatchSchema, validateMonitor } from '@vigil/domain/monitor.schema'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { cloudAccountOf, connectHosts } from '@vigil/domain/monitor-target'
import { intervalLimitMessage, monitorLimitMessage } from '@vigil/domain/plan-limits'
import { hiddenHeaderMessage, maskedHeaderName, unmaskHeaders } from '@vigil/domain/secret-values'
import * as v from 'valibot'
import { repos as reposOf } from '../db/repos/index.ts'
import { configOf, freshState, newMonitorRecord, pausedState, toMonitorInput } from '../db/repos/monitor-record.ts'
import type { MonitorChange, MonitorRecord } from '../db/repos/monitors.repo.ts'
import { Failure, notFound } from '../errors.ts'
import { monitorEvent, monitorsEvent } from '../live/events-of.ts'
import { targetsRefusal } from '../net/target-screen.ts'
import { caUseProblem } from '../net/tls-trust.ts'
import { checkCloudTarget } from './cloud-monitor-targets.ts'
import type { Deps } from './deps.ts'
import { assertFeature } from './subscriptions.service.ts'

const invalid = (issues: v.BaseIssue<unknown>[]) => {
  const errors = fieldErrors(issues)
  return new Failure('invalid', Object.values(errors)[0] ?? 'Invalid monitor.', errors)
}

/** A monitor as saved, with a warning when what it watches could not be checked (a cloud account not read yet). */
export interface SavedMonitor {
  row: MonitorRecord
  warning: string | null
}

/** A pasted CA that Node cannot read is refused at its field (the domain has checked its form). */
const assertCaReadable = (input: MonitorInput) => {
  const trust = 'tls_trust' in input ? input.tls_trust : null
  const problem = trust?.mode === 'ca' ? caUseProblem(trust.ca_pem) : null
  if (problem) throw new Failure('invalid', problem, { 'tls_trust.ca_pem': problem })
}

/** Fields that change who is told, how it is called and what reports hold it to, not what is checked. */
const ALERTING_ONLY = new Set(['name', 'integration_ids', 'reminder_minutes', 'sla_target'])

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
      throw new Failure('forbidden', message, { interval_seconds: message })
    }
  }

  /** Each chosen channel must be one of the user's: another user's id reads as unknown. */
  const assertOwnIntegrations = async (userId: string, ids: readonly string[] | null) => {
    if (ids === null || ids.length === 0) return
    const mine = new Set((await repos.integrations.listOwned(userId)).map((i) => i.integration_id))
    const unknown = ids.find((id) => !mine.has(id))
    if (unknown !== undefined) {
      const message = `Unknown integration: ${unknown}. Choose among your integrations.`
      throw new Failure('invalid', message, { integration_ids: message })
    }
  }

  /** A cloud monitor reads one of its owner's connected accounts of its provider: another user's id reads as unknown. */
  const assertOwnAccount = async (userId: string, input: MonitorInput) => {
    const wanted = cloudAccountOf(input)
    if (!wanted) return
    const account = await repos.cloudAccounts.findOwned(userId, wanted.id)
    if (!account || account.provider !== wanted.provider) {
      const message = 'Unknown account: choose one of your connected accounts.'
      throw new Failure('invalid', message, { account_id: message })
    }
  }

  /** A target the policy always refuses is refused when saved, with the reason at its field. */
  const assertTargets = async (input: MonitorInput) => {
    const refusal = await targetsRefusal(
      connectHosts(input),
      { allowPrivate: deps.config.allowPrivateTargets },
      deps.resolveHost,
    )
    if (refusal) throw new Failure('invalid', Object.values(refusal)[0] as string, refusal)
  }

  const owned = async (userId: string, monitorId: string) => {
    const row = await repos.monitors.findOwned(userId, monitorId)
    if (!row) throw notFound('Monitor')
    return row
  }

  /** Tells the owner's open pages (live events) of the monitor's new state. */
  const told = (before: MonitorRecord['status']) => (row: MonitorRecord) => {
    deps.live.publishAll([monitorEvent(row, before)])
    return row
  }

  /** Closes the open incident of a monitor that stops being watched: nobody knows its state any more. */
  const closeOpenIncident = async (r: ReturnType<typeof reposOf>, row: MonitorRecord, now: number) => {
    if (row.open_incident_id) await r.incidents.resolve(row.open_incident_id, now)
  }

  return {
    owned,

    create: async (userId: string, body: unknown): Promise<SavedMonitor> => {
      const parsed = validateMonitor(body)
      if (!parsed.success) throw invalid(parsed.issues)
      const input = parsed.output
      // A masked credential (copied from another monitor's answer) stands for a secret this monitor does not have.
      const hidden = input.type === 'api' ? maskedHeaderName(input.headers) : null
      if (hidden) throw new Failure('invalid', hiddenHeaderMessage(hidden), { headers: hiddenHeaderMessage(hidden) })
      assertCaReadable(input)
      const plan = await planFor(userId, input.type)
      await assertTargets(input)
      await assertOwnAccount(userId, input)
      const warning = await checkCloudTarget(repos, input)
      await assertOwnIntegrations(userId, input.integration_ids)
      const count = await repos.monitors.countOwned(userId)
      if (count >= plan.max_monitors) throw new Failure('forbidden', monitorLimitMessage(plan.title, plan.max_monitors))
      assertInterval(plan, input.interval_seconds)
      const now = clock.now()
      const row = newMonitorRecord(userId, input, now)
      await repos.monitors.insert(row)
      deps.live.publishAll([monitorsEvent(userId, [row.monitor_id])])
      return { row, warning }
    },

    update: async (userId: string, monitorId: string, body: unknown): Promise<SavedMonitor> => {
      const row = await owned(userId, monitorId)
      const type = row.type
      const patch = v.safeParse(monitorPatchSchema(type), body)
      if (!patch.success) throw invalid(patch.issues)
      const stored = toMonitorInput(row)
      const changes: Record<string, unknown> = { ...patch.output }
      // Credential headers are answered masked; one sent back as it was shown keeps its stored value.
      if (stored.type === 'api' && changes.headers !== undefined) {
        const unmasked = unmaskHeaders(changes.headers as Record<string, string>, stored.headers)
        if ('unknown' in unmasked) {
          const message = `Type the value of the ${unmasked.unknown} header again: it is not one this monitor has.`
          throw new Failure('invalid', message, { headers: message })
        }
        changes.headers = unmasked.headers
      }
      const merged = validateMonitor({ ...stored, ...changes, type })
      if (!merged.success) throw invalid(merged.issues)
      if ('tls_trust' in changes) assertCaReadable(merged.output)
      const plan = await planFor(userId, type)
      if (connectHosts(merged.output).some(({ field }) => field in changes)) await assertTargets(merged.output)
      if ('account_id' in changes) await assertOwnAccount(userId, merged.output)
      const warning = await checkCloudTarget(repos, merged.output, changes)
      if (patch.output.interval_seconds !== undefined) assertInterval(plan, merged.output.interval_seconds)
      if (patch.output.integration_ids !== undefined) await assertOwnIntegrations(userId, merged.output.integration_ids)
      const now = clock.now()
      const columns = configOf(merged.output)
      const before = configOf(stored)
      const checkChanged = (Object.keys(columns) as (keyof typeof columns)[]).some(
        (k) => !ALERTING_ONLY.has(k) && JSON.stringify(columns[k]) !== JSON.stringify(before[k]),
      )
      // A change to what is checked starts the state afresh and checks at once; a new name or other alert
      // channels change nothing else.
      const change: MonitorChange = {
        ...columns,
        updated_at: now,
        ...(checkChanged && row.paused === 0 ? freshState(now) : {}),
      }
      const saved = await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        if (checkChanged && row.paused === 0) await closeOpenIncident(r, row, now)
        if (checkChanged && row.paused === 0) change.open_incident_id = null
        const updated = await r.monitors.updateOwned(userId, monitorId, change)
        if (!updated) throw notFound('Monitor')
        return updated
      })
      return { row: told(row.status)(saved), warning }
    },

    pause: async (userId: string, monitorId: string): Promise<MonitorRecord> => {
      const row = await owned(userId, monitorId)
      if (row.paused === 1) return row
      const now = clock.now()
      const saved = await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        await closeOpenIncident(r, row, now)
        const updated = await r.monitors.updateOwned(userId, monitorId, { ...pausedState(now), paused_by_plan: 0 })
        if (!updated) throw notFound('Monitor')
        return updated
      })
      return told(row.status)(saved)
    },

    resume: async (userId: string, monitorId: string): Promise<MonitorRecord> => {
      const row = await owned(userId, monitorId)
      if (row.paused === 0) return row
      const plan = await planFor(userId, row.type)
      // A plan pauses what is over its limit: resuming one needs room among the monitors that run.
      const running = await repos.monitors.countOwned(userId, { running: true })
      if (running >= plan.max_monitors)
        throw new Failure('forbidden', monitorLimitMessage(plan.title, plan.max_monitors))
      assertInterval(plan, row.interval_seconds)
      const updated = await repos.monitors.updateOwned(userId, monitorId, {
        paused: 0,
        paused_by_plan: 0,
        ...freshState(clock.now()),
      })
      if (!updated) throw notFound('Monitor')
      return told(row.status)(updated)
    },

    remove: async (userId: string, monitorId: string) => {
      if (!(await repos.monitors.deleteOwned(userId, monitorId))) throw notFound('Monitor')
      deps.live.publishAll([monitorsEvent(userId, [monitorId])])
    },

    /** Runs a check now, outside the schedule; its result counts like any other. */
    checkNow: async (userId: string, monitorId: string) => {
      const row = await owned(userId, monitorId)
      await planFor(userId, row.type)
      if (row.paused === 1) throw new Failure('conflict', 'This monitor is paused. Resume it to check it.')
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
