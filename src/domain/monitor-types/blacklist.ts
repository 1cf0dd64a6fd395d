import * as v from 'valibot'
import { BlacklistDetail } from '../check-details.ts'
import { BlacklistTarget } from '../monitor-fields.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { listOf } from './words.ts'

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
  incidentWords: {
    down: (name) => `${name} is listed on a blacklist`,
    up: (name) => `${name} is no longer listed`,
    failing: 'listed',
    fine: 'clean',
    outage: '',
  },
  // The zones that list its addresses. Being listed or delisted is an incident of its own (opened and closed with its
  // notifications); a change between two listings (another zone lists it, or one drops it while others still do) is
  // news.
  observes: {
    newsworthy: (before, after) => before.length > 0 && after.length > 0,
    change: ({ name, before, after, at }) => ({
      title: `${name}: blacklist listing changed`,
      description: `At ${at} the listing of ${name} changed from ${listOf(before)} to ${listOf(after)}.`,
    }),
  },
})
