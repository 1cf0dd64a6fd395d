import * as v from 'valibot'
import { M365Issue, M365ServiceHealth } from '../m365.ts'
import { plainLine } from '../plain-text.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY, listOf } from './words.ts'

// Microsoft 365: a service of a connected tenant (Exchange Online, Microsoft Teams, ...), down while it is not
// operational because of an incident; an advisory on it is a notification, not an outage. Judged on what the
// tenant's sync read, as its page shows it.

/** What the check saw: the service's health and its open issues. */
export const M365MonitorFacts = v.object({ service: M365ServiceHealth, issues: v.array(M365Issue) })
export type M365MonitorFacts = v.InferOutput<typeof M365MonitorFacts>

const settings = {
  /** The connected tenant (our id of it). */
  account_id: v.pipe(v.string('Tenant is required.'), v.trim(), v.nonEmpty('Choose the Microsoft 365 tenant.')),
  /** Graph's id of the service, such as Exchange or microsoftteams. */
  service_id: v.pipe(
    v.string('Service is required.'),
    v.trim(),
    v.nonEmpty('Choose the service to watch.'),
    v.maxLength(200, 'A service id is at most 200 characters.'),
  ),
  /** Its name when it was chosen, for the lists (the check reads the current one). */
  service_name: v.optional(
    v.pipe(
      v.string('Service name must be text.'),
      v.trim(),
      v.maxLength(200, 'A service name is at most 200 characters.'),
      plainLine('Service name'),
    ),
    '',
  ),
}

export const microsoft365 = defineMonitorType({
  type: 'microsoft365',
  ...MONITOR_TYPE_PAGES.microsoft365,
  settings,
  shown: settings,
  // The tenant's sync reads it; more often than a minute would only read the same facts again.
  interval: { default: 300, min: 60, why: 'Microsoft 365 tenants are read at most every minute' },
  target: (s) => s.service_name || s.service_id,
  // Graph is not the user's target: nothing to judge by the target policy.
  connectHosts: () => [],
  facts: M365MonitorFacts,
  cloudAccount: { provider: 'm365', id: (s) => s.account_id },
  incidentWords: AVAILABILITY,
  // The service's open advisories: a new one is news (an advisory is not an outage); one that closes is not.
  observes: {
    newsworthy: (before, after) => after.some((value) => !before.includes(value)),
    change: ({ name, before, after, at }) => {
      const added = after.filter((value) => !before.includes(value))
      return {
        title: `${name}: Microsoft posted ${added.length === 1 ? 'an advisory' : `${added.length} advisories`}`,
        description: `At ${at} Microsoft posted ${listOf(added)}. An advisory is not an outage: the service works, with the limits it describes.`,
      }
    },
  },
})
