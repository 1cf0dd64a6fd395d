import { defineMonitorTypeUi, watched } from './define.ts'
import { withTlsTrust } from './tls-trust-line.tsx'

// API Monitoring: a request with the user's method, headers and body, and assertions on the answer.
export const api = defineMonitorTypeUi('api', {
  noun: 'API monitor',
  example: 'Orders API',
  hear: 'as soon as it goes down',
  target: watched,
  columns: [],
  header: withTlsTrust(null),
  form: () => import('./api.form.tsx'),
  facts: null,
})
