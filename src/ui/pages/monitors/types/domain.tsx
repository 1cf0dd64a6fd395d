import { defineMonitorTypeUi, watched } from './define.ts'
import { expiresColumn, expiryHeader } from './expiry.tsx'

// Domain Monitoring: a domain's registration (expiry, registrar, name servers), and warnings before it expires.
export const domain = defineMonitorTypeUi('domain', {
  noun: 'domain monitor',
  example: 'Company domain',
  hear: 'before the registration expires',
  target: watched,
  columns: [expiresColumn],
  header: expiryHeader('Registration expires'),
  form: () => import('./domain.form.tsx'),
  facts: { title: 'Registration', load: () => import('./domain.facts.tsx') },
})
