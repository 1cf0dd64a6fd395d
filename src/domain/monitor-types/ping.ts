import * as v from 'valibot'
import { DEFAULTS, Host, int } from '../monitor-fields.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY } from './words.ts'

// Ping Monitoring: the system's ping, round-trip time and packet loss.

export const ping = defineMonitorType({
  type: 'ping',
  ...MONITOR_TYPE_PAGES.ping,
  settings: { host: Host, count: v.optional(int('Count', 1, 10), DEFAULTS.ping_count) },
  shown: { count: v.number(), host: v.string() },
  interval: { default: 300, min: 1 },
  target: (s) => s.host,
  connectHosts: (s) => [{ field: 'host', host: s.host }],
  facts: null,
  incidentWords: AVAILABILITY,
  observes: null,
})
