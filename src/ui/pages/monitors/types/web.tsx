import { defineMonitorTypeUi, watched } from './define.ts'
import { withTlsTrust } from './tls-trust-line.tsx'

// Website Monitoring: a page's status, and a keyword on it.
export const web = defineMonitorTypeUi('web', {
  noun: 'website monitor',
  example: 'Marketing site',
  hear: 'as soon as it goes down',
  target: watched,
  columns: [],
  header: withTlsTrust(null),
  form: () => import('./web.form.tsx'),
  facts: null,
})
