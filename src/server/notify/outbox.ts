import type { AccountMail } from '@vigil/domain/account-mail'
import type { AlertEvent, RaisedAlert } from '@vigil/domain/alert'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { monitorTarget } from '@vigil/domain/monitor-target'
import type { DeliveryRecord } from '../db/repos/deliveries.repo.ts'
import type { IntegrationRecord } from '../db/repos/integrations.repo.ts'
import { toMonitorInput } from '../db/repos/monitor-record.ts'
import type { MonitorRecord } from '../db/repos/monitors.repo.ts'
import { newId } from '../ids.ts'

// The outbox: an alert becomes one delivery row per channel, written in the same transaction as the event
// that raised it. A worker sends them later (delivery-worker.ts), so nothing is lost when a channel or the
// server is down, and a restart does not raise the same alert again.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The alert as channels receive it, with a link to the monitor's page. */
export const alertEvent = (row: MonitorRecord, alert: RaisedAlert, at: number, appUrl: string): AlertEvent => ({
  kind: alert.kind,
  title: alert.title,
  description: alert.description,
  at: new Date(at).toISOString(),
  monitor: {
    id: row.monitor_id,
    name: row.name,
    type: row.type,
    target: monitorTarget(toMonitorInput(row)),
    url: `${appUrl}${MONITOR_PAGES[row.type].detail(row.monitor_id)}`,
  },
  since: alert.kind === 'down' || alert.kind === 'reminder' ? iso(alert.since) : null,
  last_error: row.last_error,
})

/** The channels a monitor alerts: those it chose, or all of its user's enabled ones. */
export const channelsOf = (row: MonitorRecord, enabled: readonly IntegrationRecord[]) => {
  const mine = enabled.filter((i) => i.user_id === row.user_id)
  if (row.integration_ids === null) return mine
  const chosen = new Set(row.integration_ids)
  return mine.filter((i) => chosen.has(i.integration_id))
}

const pending = (now: number) => ({
  delivery_id: newId(),
  status: 'pending' as const,
  attempts: 0,
  next_attempt_at: now,
  last_error: null,
  lease_owner: null,
  lease_until: null,
  created_at: now,
  delivered_at: null,
})

/** An alert on its way to one of the user's channels. */
export const newDelivery = (integration: IntegrationRecord, event: AlertEvent, now: number): DeliveryRecord => ({
  ...pending(now),
  user_id: integration.user_id,
  integration_id: integration.integration_id,
  recipient: null,
  kind: event.kind,
  title: event.title,
  message: event,
})

/** Account mail on its way to an address (the account's, or the operator's), sent by the same worker. */
export const newMailDelivery = (userId: string, to: string, mail: AccountMail, now: number): DeliveryRecord => ({
  ...pending(now),
  user_id: userId,
  integration_id: null,
  recipient: to,
  kind: 'mail',
  title: mail.subject,
  message: mail,
})
