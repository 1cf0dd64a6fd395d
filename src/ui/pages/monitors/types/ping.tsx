import { defineMonitorTypeUi, watched } from './define.ts'

// Ping Monitoring: round-trip time and packet loss of a host.
export const ping = defineMonitorTypeUi('ping', {
  noun: 'ping monitor',
  example: 'Gateway',
  hear: 'as soon as it goes down',
  target: watched,
  columns: [],
  header: null,
  form: () => import('./ping.form.tsx'),
  facts: null,
})
