import type { MonitorType } from './monitor.schema.ts'

// An alert as channels receive it: what happened to which monitor and when, with a link to its page. The
// webhook channel sends it as it is (plus the delivery id), so this shape is part of the public API.

export const ALERT_KINDS = ['down', 'up', 'reminder', 'expiry', 'change', 'test'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export interface AlertEvent {
  kind: AlertKind
  /** The words of the in-app notification. */
  title: string
  description: string
  /** When it happened, ISO 8601. */
  at: string
  /** The monitor it is about; null for a test message. */
  monitor: { id: string; name: string; type: MonitorType; target: string; url: string } | null
  /** Since when the monitor has been failing (down and reminder alerts). */
  since: string | null
  /** The last check's error, when it failed. */
  last_error: string | null
}

/** How an alert reads in each kind's colour, for the channels that show one. */
export const ALERT_TONES: Record<AlertKind, 'bad' | 'good' | 'warning' | 'info'> = {
  down: 'bad',
  reminder: 'bad',
  up: 'good',
  expiry: 'warning',
  change: 'info',
  test: 'info',
}

/** An alert a check raised, before it is addressed to the bell and the channels. */
export interface RaisedAlert {
  kind: AlertKind
  title: string
  description: string
  bell: boolean
  /** Since when the monitor has been failing, for down alerts and reminders. */
  since: number | null
}
