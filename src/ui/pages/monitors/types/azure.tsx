import type { AzureRule } from '@vigil/domain/monitor-types/azure'
import { defineMonitorTypeUi, watched } from './define.ts'

// Azure Monitoring: a resource held to Resource Health's availability, or a subscription's cost to a budget. Its
// page is Azure Monitoring with `?id=` (the spec has no detail route for Azure monitors).

/** What the monitor holds its resource to, in words. */
export const azureRuleText = (rule: AzureRule): string =>
  rule.kind === 'cost'
    ? `Within budget (${rule.basis === 'forecast' ? 'forecast' : 'month to date'})`
    : rule.degraded_is_down
      ? 'Available (degraded counts as down)'
      : 'Not unavailable'

export const azure = defineMonitorTypeUi('azure', {
  noun: 'Azure monitor',
  example: 'Shop web app',
  hear: 'as soon as Resource Health calls the resource unavailable, or the bill passes its budget',
  target: watched,
  columns: [{ title: 'Rule', cell: (m) => azureRuleText(m.rule) }],
  header: { note: (m) => azureRuleText(m.rule) },
  form: () => import('./azure.form.tsx'),
  facts: { title: 'What Azure reported', load: () => import('./azure.facts.tsx') },
})
