import { serviceStatusWords } from '@vigil/domain/m365'
import type { MonitorOf } from '@vigil/domain/monitor.schema'
import type { M365MonitorFacts } from '@vigil/domain/monitor-types/microsoft365'
import { Fact } from '../Fact.tsx'
import { factList, valueList } from '../facts-styles.ts'
import { formatDateTime } from '../format.ts'
import type { FactsProps } from './define.ts'

// What the tenant's last read said of the monitored service: its status and its open issues.

export function Facts({ detail }: FactsProps<MonitorOf<'microsoft365'>, M365MonitorFacts>) {
  const { service, issues } = detail
  return (
    <dl className={factList}>
      <Fact label="Service">{service.name}</Fact>
      <Fact label="Status">{serviceStatusWords(service.status)}</Fact>
      <Fact label="Open issues" wide>
        {issues.length === 0 ? (
          'none'
        ) : (
          <ul className={valueList}>
            {issues.map((i) => (
              <li key={i.id}>
                {i.classification === 'incident' ? 'Incident' : 'Advisory'} {i.id}: {i.title} (since{' '}
                <time dateTime={new Date(i.start).toISOString()}>{formatDateTime(i.start)}</time>)
              </li>
            ))}
          </ul>
        )}
      </Fact>
    </dl>
  )
}
