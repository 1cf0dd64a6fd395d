import { defineMonitorTypeUi, watched } from './define.ts'

// Microsoft 365: a service of a tenant, down while an incident keeps it from being operational; advisories are
// notifications. Its page is the tenants' page with `?id=` (the spec has no detail route for these monitors).
export const microsoft365 = defineMonitorTypeUi('microsoft365', {
  noun: 'Microsoft 365 monitor',
  example: 'Exchange Online',
  hear: 'as soon as an incident takes the service down, and when Microsoft posts an advisory',
  target: watched,
  columns: [],
  header: null,
  form: () => import('./microsoft365.form.tsx'),
  facts: { title: 'What Microsoft reported', load: () => import('./microsoft365.facts.tsx') },
})
