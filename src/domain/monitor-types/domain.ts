import * as v from 'valibot'
import { DomainDetail } from '../check-details.ts'
import { DomainName, defaultWarnDays, WarnDays } from '../monitor-fields.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'

// Domain Monitoring: the registration through RDAP or WHOIS: expiry, registrar, name servers; warnings before
// it expires. Registries limit queries and the data changes slowly: at most every 6 hours.

export const domain = defineMonitorType({
  type: 'domain',
  ...MONITOR_TYPE_PAGES.domain,
  settings: { domain: DomainName, warn_days: v.optional(WarnDays, defaultWarnDays) },
  shown: { domain: v.string(), warn_days: v.array(v.number()) },
  interval: { default: 86_400, min: 21_600, why: 'Domain registration data is checked at most every 6 hours' },
  target: (s) => s.domain,
  // Only looked up, never connected to.
  connectHosts: () => [],
  facts: DomainDetail,
  expiry: { what: 'registration', label: 'Domain registration', warnDays: (s) => s.warn_days },
  incidentWords: {
    down: (name) => `${name}: domain problem`,
    up: (name) => `${name}: domain in order again`,
    failing: 'failing',
    fine: 'fine',
    outage: '',
  },
  observes: null,
})
