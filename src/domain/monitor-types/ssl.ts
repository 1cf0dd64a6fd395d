import * as v from 'valibot'
import { SslDetail } from '../check-details.ts'
import { DEFAULTS, defaultWarnDays, Host, int, WarnDays } from '../monitor-fields.ts'
import { TlsTrust } from '../tls-trust.ts'
import { defineMonitorType, hostPort } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'

// SSL Monitoring: a TLS connection with SNI; the certificate's validity, chain and names; warnings before expiry.
// The chain is judged against the public roots, a pinned certificate or the user's CA (tls-trust.ts).

export const ssl = defineMonitorType({
  type: 'ssl',
  ...MONITOR_TYPE_PAGES.ssl,
  settings: {
    host: Host,
    port: v.optional(int('Port', 1, 65_535), DEFAULTS.tls_port),
    warn_days: v.optional(WarnDays, defaultWarnDays),
    tls_trust: TlsTrust,
  },
  shown: { host: v.string(), port: v.number(), warn_days: v.array(v.number()), tls_trust: TlsTrust },
  interval: { default: 3600, min: 1 },
  target: (s) => (s.port === DEFAULTS.tls_port ? s.host : hostPort(s.host, s.port)),
  connectHosts: (s) => [{ field: 'host', host: s.host }],
  facts: SslDetail,
  expiry: { what: 'certificate', label: 'SSL certificate', warnDays: (s) => s.warn_days },
  // A certificate is not down: it has a problem, or is valid again.
  incidentWords: {
    down: (name) => `${name}: certificate problem`,
    up: (name) => `${name}: certificate valid again`,
    failing: 'failing',
    fine: 'fine',
    outage: '',
  },
  observes: null,
})
