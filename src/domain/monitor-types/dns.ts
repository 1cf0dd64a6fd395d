import * as v from 'valibot'
import { DnsDetail } from '../check-details.ts'
import { parseResolver } from '../dns-records.ts'
import { isIPv4, isIPv6 } from '../host.ts'
import { DnsName, ExpectedMatch, ExpectedValues, RecordType, Resolver } from '../monitor-fields.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY, listOf } from './words.ts'

// DNS Monitoring: a query through the resolver chosen (or the server's), the answer against what is expected;
// a change of the answer is told.

const ipVersion = (s: string): 4 | 6 | 0 => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0)

export const dns = defineMonitorType({
  type: 'dns',
  ...MONITOR_TYPE_PAGES.dns,
  settings: {
    hostname: DnsName,
    record_type: RecordType,
    /** Values the answer must hold (`contains`) or be (`exact`); none: any answer, but a change is told. */
    expected: v.optional(ExpectedValues, []),
    expected_match: v.optional(ExpectedMatch, 'contains'),
    /** `ip[:port]` of the resolver to ask; empty: the server's (DNS_SERVERS, else the system's). */
    resolver: v.optional(Resolver, ''),
  },
  shown: {
    hostname: v.string(),
    record_type: RecordType,
    expected: v.array(v.string()),
    expected_match: ExpectedMatch,
    resolver: v.string(),
  },
  interval: { default: 300, min: 1 },
  target: (s) => `${s.hostname} ${s.record_type}`,
  // The hostname is only looked up; the resolver is connected to.
  connectHosts: (s) => {
    const resolver = s.resolver === '' ? null : parseResolver(s.resolver, ipVersion)
    return resolver && typeof resolver !== 'string' ? [{ field: 'resolver', host: resolver.host }] : []
  },
  facts: DnsDetail,
  incidentWords: AVAILABILITY,
  // The answer: any change of it is news.
  observes: {
    change: ({ name, before, after, at }) => ({
      title: `${name}: DNS answer changed`,
      description: `At ${at} the answer changed from ${listOf(before)} to ${listOf(after)}.`,
    }),
  },
})
