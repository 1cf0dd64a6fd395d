import type { Selectable } from 'kysely'
import * as v from 'valibot'
import {
  type MonitorInput,
  type MonitorSettings,
  type MonitorStatus,
  type MonitorType,
  SETTINGS_SCHEMAS,
} from '@vigil/domain/monitor.schema'
import { monitorTarget } from '@vigil/domain/monitor-target'
import { newId } from '../../ids.ts'
import type { MonitorsTable } from '../schema.ts'

// A monitor as the repository hands it out: its type, status and settings in the domain's types, the JSON
// columns parsed, and the settings checked by their type's schema once, here. Nothing outside src/server/db reads
// a raw row.

type Columns = Selectable<MonitorsTable>
type Parsed = 'type' | 'status' | 'settings' | 'integration_ids' | 'last_observed'
/** Columns a record leaves out: the list's row version is the list's own (monitorListRepo). */
type Left = 'list_version'

/** The fields every monitor record has, whatever its type. */
export type MonitorRecordBase = Omit<Columns, Parsed | Left> & {
  status: MonitorStatus
  /** The alert channels chosen; null: all of the user's. */
  integration_ids: string[] | null
  /** What the last check saw, when a change of it is news (a DNS answer, the listing zones). */
  last_observed: string[] | null
}

export type MonitorRecordOf<K extends MonitorType> = MonitorRecordBase & { type: K; settings: MonitorSettings[K] }
export type MonitorRecord = { [K in MonitorType]: MonitorRecordOf<K> }[MonitorType]

/** A change to a monitor: any of its fields but its identity and type. */
export type MonitorChange = Partial<Omit<MonitorRecordBase, 'monitor_id' | 'user_id'>> & {
  settings?: MonitorSettings[MonitorType]
}

const list = (json: string | null): string[] | null => (json === null ? null : (JSON.parse(json) as string[]))

/** A value and everything in it made read-only: parsed settings are shared by every record read with them. */
const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * Settings checked by their type's schema, kept by their type and text: a monitor's settings rarely change, and are
 * read with every page of the list and every claim of the check engine, where checking them anew cost a page of 50
 * rows a millisecond. The oldest go first past SETTINGS_KEPT (about half a kilobyte each).
 */
const checkedSettings = new Map<string, MonitorSettings[MonitorType]>()
const SETTINGS_KEPT = 20_000

const settingsOf = (monitorId: string, type: MonitorType, text: string): MonitorSettings[MonitorType] => {
  const key = `${type}\n${text}`
  const kept = checkedSettings.get(key)
  if (kept !== undefined) return kept
  const schema = SETTINGS_SCHEMAS[type] as v.GenericSchema<unknown, MonitorSettings[MonitorType]> | undefined
  if (!schema) throw new Error(`monitor ${monitorId} has an unknown type: ${type}`)
  const settings = deepFreeze(v.parse(schema, JSON.parse(text)))
  if (checkedSettings.size >= SETTINGS_KEPT) checkedSettings.delete(checkedSettings.keys().next().value as string)
  checkedSettings.set(key, settings)
  return settings
}

/** The record of a row; settings are checked by their type's schema (its defaults fill fields added since). */
export const fromRow = ({ list_version: _version, ...row }: Columns): MonitorRecord => {
  const type = row.type as MonitorType
  return {
    ...row,
    type,
    status: row.status as MonitorStatus,
    settings: settingsOf(row.monitor_id, type, row.settings),
    integration_ids: list(row.integration_ids),
    last_observed: list(row.last_observed),
  } as MonitorRecord
}

/** The columns of a change. */
export const toColumns = (change: MonitorChange): Partial<Columns> => {
  const { settings, integration_ids, last_observed, ...rest } = change
  return {
    ...rest,
    ...(settings === undefined ? {} : { settings: JSON.stringify(settings) }),
    ...(integration_ids === undefined
      ? {}
      : { integration_ids: integration_ids === null ? null : JSON.stringify(integration_ids) }),
    ...(last_observed === undefined
      ? {}
      : { last_observed: last_observed === null ? null : JSON.stringify(last_observed) }),
  }
}

/** The row of a whole record. */
export const toRow = (record: MonitorRecord): Columns => ({ ...(toColumns(record) as Columns), type: record.type })

/** The monitor's configuration, as the check runners and the forms take it. */
export const toMonitorInput = (record: MonitorRecord): MonitorInput =>
  ({
    type: record.type,
    name: record.name,
    interval_seconds: record.interval_seconds,
    timeout_seconds: record.timeout_seconds,
    retries: record.retries,
    retry_interval_seconds: record.retry_interval_seconds,
    recovery_checks: record.recovery_checks,
    degraded_threshold_ms: record.degraded_threshold_ms,
    integration_ids: record.integration_ids,
    reminder_minutes: record.reminder_minutes,
    sla_target: record.sla_target,
    ...record.settings,
  }) as MonitorInput

/** The configuration part of a record: the common fields and the type's settings. */
export const configOf = (input: MonitorInput) => {
  const { type, name, interval_seconds, timeout_seconds, retries, retry_interval_seconds, recovery_checks } = input
  const settingKeys = Object.keys(SETTINGS_SCHEMAS[type].entries)
  const all = input as unknown as Record<string, unknown>
  return {
    name,
    interval_seconds,
    timeout_seconds,
    retries,
    retry_interval_seconds,
    recovery_checks,
    degraded_threshold_ms: input.degraded_threshold_ms,
    settings: Object.fromEntries(settingKeys.map((k) => [k, all[k]])) as MonitorSettings[MonitorType],
    integration_ids: input.integration_ids,
    reminder_minutes: input.reminder_minutes,
    sla_target: input.sla_target,
    target: monitorTarget(input),
  }
}

/** A new monitor's record: pending, first checked at once (so it shows its state within seconds) unless told. */
export const newMonitorRecord = (
  userId: string,
  input: MonitorInput,
  now: number,
  opts: { monitorId?: string; nextCheckAt?: number } = {},
): MonitorRecord =>
  ({
    monitor_id: opts.monitorId ?? newId(),
    user_id: userId,
    type: input.type,
    ...configOf(input),
    paused: 0,
    paused_by_plan: 0,
    status: 'pending',
    failures: 0,
    failing_since: null,
    successes: 0,
    recovering_since: null,
    open_incident_id: null,
    last_checked_at: null,
    last_response_ms: null,
    last_error: null,
    status_changed_at: now,
    accounted_at: null,
    last_observed: null,
    expires_at: null,
    warned_for: null,
    last_reminded_at: null,
    next_check_at: opts.nextCheckAt ?? now,
    grid_at: null,
    lease_owner: null,
    lease_until: null,
    created_at: now,
    updated_at: now,
  }) as MonitorRecord

/** A fresh start for the state rules: after a resume or a change of what is checked. */
export const freshState = (now: number): MonitorChange => ({
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
  // Checked at once, on a grid of its own from then.
  grid_at: null,
  lease_owner: null,
  lease_until: null,
})

/** A monitor stopped: no state, no incident (closed by the caller), not due, no lease. */
export const pausedState = (now: number): MonitorChange => ({
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
  grid_at: null,
  lease_owner: null,
  lease_until: null,
})
