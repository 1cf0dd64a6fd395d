import type { AlertEvent } from '../../domain/alert.ts'
import type { MonitorType } from '../../domain/monitor.schema.ts'
import { MONITOR_PAGES } from '../../domain/monitor-pages.ts'
import { monitorTarget } from '../../domain/monitor-target.ts'
import type { DeliveryRow } from '../db/repos/deliveries.repo.ts'
import type { IntegrationRow } from '../db/repos/integrations.repo.ts'
import { toMonitorInput } from '../db/repos/monitor-row.ts'
import type { MonitorRow } from '../db/repos/monitors.repo.ts'
import type { RaisedAlert } from '../engine/check-effects.ts'
import { newId } from '../ids.ts'

// The outbox: an alert becomes one delivery row per channel, written in the same transaction as the event
// that raised it. A worker sends them later (delivery-worker.ts), so nothing is lost when a channel or the
// server is down, and a restart does not raise the same alert again.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The alert as channels receive it, with a link to the monitor's page. */
export const alertEvent = (row: MonitorRow, alert: RaisedAlert, at: number, appUrl: string): AlertEvent => ({
  kind: alert.kind,
  title: alert.title,
  description: alert.description,
  at: new Date(at).toISOString(),
  monitor: {
    id: row.monitor_id,
    name: row.name,
    type: row.type as MonitorType,
    target: monitorTarget(toMonitorInput(row)),
    url: `${appUrl}${MONITOR_PAGES[row.type as MonitorType].detail(row.monitor_id)}`,
  },
  since: alert.kind === 'down' || alert.kind === 'reminder' ? iso(alert.since) : null,
  last_error: row.last_error,
})

/** The channels a monitor alerts: those it chose, or all of its user's enabled ones. */
export const channelsOf = (row: MonitorRow, enabled: readonly IntegrationRow[]) => {
  const mine = enabled.filter((i) => i.user_id === row.user_id)
  if (row.integration_ids === null) return mine
  const chosen = new Set(JSON.parse(row.integration_ids) as string[])
  return mine.filter((i) => chosen.has(i.integration_id))
}

export const newDelivery = (integration: IntegrationRow, event: AlertEvent, now: number): DeliveryRow => ({
  delivery_id: newId(),
  user_id: integration.user_id,
  integration_id: integration.integration_id,
  kind: event.kind,
  title: event.title,
  event: JSON.stringify(event),
  status: 'pending',
  attempts: 0,
  next_attempt_at: now,
  last_error: null,
  lease_owner: null,
  lease_until: null,
  created_at: now,
  delivered_at: null,
})
