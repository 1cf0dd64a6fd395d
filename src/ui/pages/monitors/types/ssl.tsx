import { defineMonitorTypeUi, watched } from './define.ts'
import { expiresColumn, expiryHeader } from './expiry.tsx'
import { withTlsTrust } from './tls-trust-line.tsx'

// SSL Monitoring: a certificate's validity, chain and names, and warnings before it expires.
export const ssl = defineMonitorTypeUi('ssl', {
  noun: 'SSL monitor',
  example: 'Shop certificate',
  hear: 'before the certificate expires, and as soon as it is not valid',
  target: watched,
  columns: [expiresColumn],
  header: withTlsTrust(expiryHeader('Certificate expires')),
  form: () => import('./ssl.form.tsx'),
  facts: { title: 'Certificate', load: () => import('./ssl.facts.tsx') },
})
