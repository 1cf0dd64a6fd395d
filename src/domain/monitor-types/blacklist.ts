import * as v from 'valibot'
import { BlacklistDetail } from '../check-details.ts'
import { BlacklistTarget } from '../monitor-fields.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'

// Check Black List: an address, or a domain's addresses, against each DNSBL zone. Zones ban those who ask too
// often: at most every 5 minutes.

export const blacklist = defineMonitorType({
  type: 'blacklist',
  ...MONITOR_TYPE_PAGES.blacklist,
  settings: { target: BlacklistTarget },
  shown: { target: v.string() },
  interval: { default: 3600, min: 300, why: 'Blacklists are asked at most every 5 minutes' },
  target: (s) => s.target,
  // Only looked up, never connected to.
  connectHosts: () => [],
  facts: BlacklistDetail,
  // Being listed or delisted is an incident of its own (opened and closed with its notifications); a change between
  // two listings (another zone lists it, or one drops it while others still do) is news.
  newsworthy: (before, after) => before.length > 0 && after.length > 0,
})
