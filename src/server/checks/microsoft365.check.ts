import type { CheckOutcome } from '@vigil/domain/check-result'
import {
  isOperational,
  M365_RESOURCE_KINDS,
  type M365Issue,
  type M365ServiceHealth,
  serviceStatusWords,
} from '@vigil/domain/m365'
import type { M365MonitorFacts } from '@vigil/domain/monitor-types/microsoft365'
import { cloudGate, cloudFail as fail, cloudPass as pass } from './cloud-gate.ts'
import type { CheckContext } from './context.ts'

// Microsoft 365 monitors: a service of a tenant, down while it is not operational because of an incident. An open
// advisory is not an outage: the check passes and names it, and `observed` lists the open advisories, so a new one
// is a notification of its own (domain/observation.ts).

type M365Target = { type: 'microsoft365'; account_id: string; service_id: string }

const grant = (permission: string) =>
  `Grant the app the Graph application permission ${permission}, with admin consent.`

/** An issue in one line: EX226792: Users may be unable to send email. */
const issueLine = (issue: M365Issue) => `${issue.id}: ${issue.title.replace(/\.+$/, '')}`

export const checkMicrosoft365 = async (monitor: M365Target, ctx: CheckContext): Promise<CheckOutcome> => {
  const { account_id: accountId, service_id: serviceId } = monitor
  const gate = await cloudGate(
    ctx.cloud,
    'm365',
    accountId,
    [
      { area: 'health', scope: '' },
      { area: 'issues', scope: '' },
    ],
    grant,
  )
  if (!gate.ok) return gate.outcome
  const found = await gate.cloud.resource<M365ServiceHealth>(accountId, M365_RESOURCE_KINDS.service, '', serviceId)
  if (!found) return fail(`Microsoft 365 reports no service ${serviceId} for this tenant.`)
  const service = found.data
  const open = (
    await gate.cloud.resourcesIn<M365Issue>(accountId, M365_RESOURCE_KINDS.issue, ['incident', 'advisory'])
  ).filter((i) => i.service === service.name)
  const incidents = open.filter((i) => i.classification === 'incident')
  const advisories = open.filter((i) => i.classification === 'advisory')
  const facts: M365MonitorFacts = { service, issues: open }
  const observed = advisories.map(issueLine).sort()
  const status = serviceStatusWords(service.status)
  const withObserved = (outcome: CheckOutcome): CheckOutcome => ({ ...outcome, observed })

  if (isOperational(service.status)) {
    const note = advisories.length > 0 ? `; advisory ${advisories.map(issueLine).join('; ')}` : ''
    return withObserved(pass(`${service.name} is operational${note}.`, facts))
  }
  // Not operational only because of advisories: Microsoft says it works, with a caveat.
  if (incidents.length === 0 && advisories.length > 0)
    return withObserved(
      pass(`${service.name}: ${status}, an advisory, not an outage: ${advisories.map(issueLine).join('; ')}.`, facts),
    )
  const cause = incidents.length > 0 ? `: ${incidents.map(issueLine).join('; ')}` : ''
  return withObserved(fail(`${service.name} is not operational (${status})${cause}.`, facts))
}
