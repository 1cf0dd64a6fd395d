import { defineMonitorTypeUi, watched } from './define.ts'

// Port Monitoring: a TCP connection to host:port.
export const port = defineMonitorTypeUi('port', {
  noun: 'port monitor',
  example: 'Database',
  hear: 'as soon as it goes down',
  target: watched,
  columns: [],
  header: null,
  form: () => import('./port.form.tsx'),
  facts: null,
})
