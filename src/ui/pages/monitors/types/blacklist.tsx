import { defineMonitorTypeUi, watched } from './define.ts'

// Check Black List: an address, or a domain's addresses, against the DNS blacklists. Its page is the Check Black
// List page with `?id=` (the spec has no detail route for blacklist monitors).
export const blacklist = defineMonitorTypeUi('blacklist', {
  noun: 'blacklist monitor',
  example: 'Mail server',
  hear: 'as soon as a blacklist lists it, and when it is delisted',
  target: watched,
  columns: [],
  header: null,
  form: () => import('./blacklist.form.tsx'),
  facts: { title: 'Blacklists', load: () => import('./blacklist.facts.tsx') },
})
