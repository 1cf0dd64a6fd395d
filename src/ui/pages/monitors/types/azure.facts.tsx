import type { MonitorOf } from '@vigil/domain/monitor.schema'
import type { AzureMonitorFacts } from '@vigil/domain/monitor-types/azure'
import { Fact } from '../Fact.tsx'
import { factList, mono } from '../facts-styles.ts'
import { formatDateTime, formatMoney } from '../format.ts'
import type { FactsProps } from './define.ts'

// What the account's last read said of the monitored resource or subscription, as its pages show it.

export function Facts({ detail }: FactsProps<MonitorOf<'azure'>, AzureMonitorFacts>) {
  if (detail.kind === 'cost') {
    const { costs } = detail
    const money = (amount: number) => (costs.currency ? formatMoney(amount, costs.currency) : amount.toFixed(2))
    return (
      <dl className={factList}>
        <Fact label="Subscription">
          <span className={mono}>{detail.subscription}</span>
        </Fact>
        <Fact label="Month to date">{money(costs.monthToDate.total)}</Fact>
        <Fact label="Forecast for the month">{costs.forecast ? money(costs.forecast.monthTotal) : 'not given'}</Fact>
        <Fact label="Last month">{money(costs.lastMonth.total)}</Fact>
      </dl>
    )
  }
  const r = detail.resource
  const a = r.availability
  return (
    <dl className={factList}>
      <Fact label="Resource">{`${r.name} (${r.service})`}</Fact>
      <Fact label="Availability">{a ? a.state : 'not reported by Resource Health'}</Fact>
      <Fact label="Summary" wide>
        {a?.summary ?? 'none'}
      </Fact>
      <Fact label="Since">
        {a?.since ? <time dateTime={new Date(a.since).toISOString()}>{formatDateTime(a.since)}</time> : 'unknown'}
      </Fact>
      <Fact label="Resource group">{r.resourceGroup}</Fact>
      <Fact label="Location">{r.location}</Fact>
      <Fact label="Type">{r.type}</Fact>
      <Fact label="Resource ID" wide>
        <span className={mono}>{r.id}</span>
      </Fact>
    </dl>
  )
}
