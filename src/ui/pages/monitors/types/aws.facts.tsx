import type { MonitorOf } from '@vigil/domain/monitor.schema'
import type { AwsMonitorFacts } from '@vigil/domain/monitor-types/aws'
import { Fact } from '../Fact.tsx'
import { factList, mono } from '../facts-styles.ts'
import { formatDateTime, formatMoney as money } from '../format.ts'
import type { FactsProps } from './define.ts'

// What the account's last read said of the monitored resource, as its resource page shows it.

const orNone = (value: string | null | undefined) => value ?? 'none'
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : 'never')

export function Facts({ detail }: FactsProps<MonitorOf<'aws'>, AwsMonitorFacts>) {
  switch (detail.resource) {
    case 'ec2': {
      const i = detail.instance
      return (
        <dl className={factList}>
          <Fact label="Instance">{i.name ? `${i.name} (${i.id})` : i.id}</Fact>
          <Fact label="State">{i.state}</Fact>
          <Fact label="Instance status check">{orNone(i.instance_status)}</Fact>
          <Fact label="System status check">{orNone(i.system_status)}</Fact>
          <Fact label="Average CPU, last hour">
            {i.cpu_average === null ? 'no data' : `${i.cpu_average.toFixed(1)} %`}
          </Fact>
          <Fact label="Type">{i.type}</Fact>
          <Fact label="Availability zone">{orNone(i.availability_zone)}</Fact>
          <Fact label="Addresses">
            <span className={mono}>{[i.public_ip, i.private_ip].filter(Boolean).join(', ') || 'none'}</span>
          </Fact>
          <Fact label="Launched">{when(i.launched_at)}</Fact>
        </dl>
      )
    }
    case 'rds': {
      const db = detail.instance
      return (
        <dl className={factList}>
          <Fact label="DB instance">{db.id}</Fact>
          <Fact label="Status">{db.status}</Fact>
          <Fact label="Engine">{`${db.engine} ${db.engine_version}`}</Fact>
          <Fact label="Class">{db.class}</Fact>
          <Fact label="Storage">{`${db.allocated_storage_gb} GB`}</Fact>
          <Fact label="Multi-AZ">{db.multi_az ? 'Yes' : 'No'}</Fact>
          <Fact label="Endpoint" wide>
            <span className={mono}>{orNone(db.endpoint)}</span>
          </Fact>
        </dl>
      )
    }
    case 'amplify': {
      const branch = detail.app.branches.find((b) => b.name === detail.branch)
      const job = branch?.last_job ?? null
      return (
        <dl className={factList}>
          <Fact label="App">{`${detail.app.name} (${detail.app.id})`}</Fact>
          <Fact label="Branch">{detail.branch}</Fact>
          <Fact label="Last job">{job ? `${job.status} (job ${job.id})` : 'never ran'}</Fact>
          <Fact label="Started">{when(job?.started_at ?? null)}</Fact>
          <Fact label="Ended">{when(job?.ended_at ?? null)}</Fact>
          <Fact label="Domain">{orNone(detail.app.default_domain)}</Fact>
        </dl>
      )
    }
    case 'lightsail': {
      const i = detail.instance
      return (
        <dl className={factList}>
          <Fact label="Instance">{i.name}</Fact>
          <Fact label="State">{i.state}</Fact>
          <Fact label="Bundle">{i.bundle_id}</Fact>
          <Fact label="Region">{i.region}</Fact>
          <Fact label="Addresses">
            <span className={mono}>{[i.public_ip, i.private_ip].filter(Boolean).join(', ') || 'none'}</span>
          </Fact>
        </dl>
      )
    }
    case 'cost': {
      const c = detail.costs
      return (
        <dl className={factList}>
          <Fact label="Month to date">{money(c.month_to_date, c.currency)}</Fact>
          <Fact label="Forecast for the month">
            {c.forecast === null ? 'not given' : money(c.forecast, c.currency)}
          </Fact>
          <Fact label="Last month">{money(c.last_month, c.currency)}</Fact>
          <Fact label="Month">{c.month}</Fact>
        </dl>
      )
    }
  }
}
