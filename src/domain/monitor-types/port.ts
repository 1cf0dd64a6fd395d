import * as v from 'valibot'
import { Host, int } from '../monitor-fields.ts'
import { defineMonitorType, hostPort } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY } from './words.ts'

// Port Monitoring: a TCP connection is opened and closed again.

export const port = defineMonitorType({
  type: 'port',
  ...MONITOR_TYPE_PAGES.port,
  settings: { host: Host, port: int('Port', 1, 65_535) },
  shown: { port: v.number(), host: v.string() },
  interval: { default: 300, min: 1 },
  target: (s) => hostPort(s.host, s.port),
  connectHosts: (s) => [{ field: 'host', host: s.host }],
  facts: null,
  incidentWords: AVAILABILITY,
  observes: null,
})
