import type { AmplifyApp, AmplifyBranch, AwsServiceUse } from '@vigil/domain/aws'
import { AWS_HEALTH_UNAVAILABLE } from '@vigil/domain/aws'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import type { AwsPageData, AwsPageId } from '../../../adapters/aws-api.ts'
import * as Card from '../../components/card.tsx'
import * as Table from '../../components/table.tsx'
import { MonitorThisButton } from '../cloud/MonitorThisButton.tsx'
import { type Column, type Filter, ResourceTable, ServicesTable } from '../cloud/ResourceTable.tsx'
import { formatDateTime, formatMoney } from '../monitors/format.ts'
import type { AwsPageBodyProps } from './AwsAccountPage.tsx'

// The bodies of the resource pages of an AWS account: what each kind of resource shows, how it filters, and the
// monitor its "Monitor this" adds.

const mono = css({ fontFamily: 'mono', fontSize: 'xs' })
const none = <span className={css({ color: 'muted' })}>none</span>
const orNone = (value: string | null) => (value ? value : none)
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : none)
const byTime = (iso: string | null) => (iso ? Date.parse(iso) : null)

const regionFilter = <R extends { region: string }>(): Filter<R> => ({
  key: 'region',
  label: 'Region',
  all: 'All regions',
  read: (r) => r.region,
})
const stateFilter = <R,>(stateOf: (r: R) => string | null, label = 'State'): Filter<R> => ({
  key: 'state',
  label,
  all: `All ${label === 'State' ? 'states' : 'statuses'}`,
  read: stateOf,
})

/** What a resource page lists and how: its rows from the page's answer, and what "Monitor this" adds for a row. */
interface ResourceSpec<P extends AwsPageId, R> {
  label: string
  rows: (data: AwsPageData<P>) => readonly R[]
  rowKey: (row: R) => string
  columns: readonly Column<R>[]
  filters: readonly Filter<R>[]
  /** The monitor a row's "Monitor this" opens the form with: what it is called, and the rule's fields. */
  watch: (row: R) => { name: string; fields: Record<string, string> }
  empty: (data: AwsPageData<P>) => { title: string; description: ReactNode }
  /** Said under the table. */
  note?: (data: AwsPageData<P>) => ReactNode
}

/** The body of a resource page: its table, each row with "Monitor this" (named after what it watches). */
const resourceBody =
  <P extends AwsPageId, R>(spec: ResourceSpec<P, R>) =>
  ({ data, monitor }: AwsPageBodyProps<P>) => (
    <>
      <ResourceTable
        label={spec.label}
        rows={spec.rows(data)}
        rowKey={spec.rowKey}
        columns={spec.columns}
        filters={spec.filters}
        action={(row) => {
          const { name, fields } = spec.watch(row)
          return <MonitorThisButton name={name} onClick={() => monitor({ name, ...fields })} />
        }}
        empty={spec.empty(data)}
      />
      {spec.note?.(data)}
    </>
  )

const inWatchedRegions = (what: string) => (data: { account: { regions: string[] } }) => ({
  title: `No ${what}`,
  description: `None in the ${data.account.regions.length === 1 ? 'region' : `${data.account.regions.length} regions`} this account watches. Edit the account on AWS Monitoring to watch others.`,
})

type Ec2Row = AwsPageBodyProps<'ec2'>['data']['instances'][number]

const EC2_COLUMNS: Column<Ec2Row>[] = [
  { key: 'name', title: 'Name', cell: (i) => orNone(i.name), sort: (i) => i.name },
  { key: 'id', title: 'Instance ID', cell: (i) => <span className={mono}>{i.id}</span>, sort: (i) => i.id },
  { key: 'type', title: 'Type', cell: (i) => i.type, sort: (i) => i.type },
  { key: 'state', title: 'State', cell: (i) => i.state, sort: (i) => i.state },
  { key: 'zone', title: 'Zone', cell: (i) => orNone(i.availability_zone), sort: (i) => i.availability_zone },
  { key: 'public', title: 'Public IP', cell: (i) => orNone(i.public_ip), sort: (i) => i.public_ip },
  { key: 'private', title: 'Private IP', cell: (i) => orNone(i.private_ip), sort: (i) => i.private_ip },
  { key: 'launched', title: 'Launched', cell: (i) => when(i.launched_at), sort: (i) => byTime(i.launched_at) },
  {
    key: 'checks',
    title: 'Status checks',
    cell: (i) => `instance ${i.instance_status ?? 'none'}, system ${i.system_status ?? 'none'}`,
    sort: (i) => `${i.instance_status ?? ''} ${i.system_status ?? ''}`,
  },
  {
    key: 'cpu',
    title: 'CPU, last hour',
    numeric: true,
    cell: (i) => (i.cpu_average === null ? none : `${i.cpu_average.toFixed(1)} %`),
    sort: (i) => i.cpu_average,
  },
]

export const Ec2Body = resourceBody<'ec2', Ec2Row>({
  label: 'EC2 instances',
  rows: (data) => data.instances,
  rowKey: (i) => `${i.region}/${i.id}`,
  columns: EC2_COLUMNS,
  filters: [regionFilter(), stateFilter((i) => i.state)],
  watch: (i) => ({ name: i.name ?? i.id, fields: { resource: 'ec2', region: i.region, instance_id: i.id } }),
  empty: inWatchedRegions('EC2 instances'),
})

type RdsRow = AwsPageBodyProps<'rds'>['data']['instances'][number]

const RDS_COLUMNS: Column<RdsRow>[] = [
  { key: 'id', title: 'DB instance', cell: (d) => d.id, sort: (d) => d.id },
  { key: 'engine', title: 'Engine', cell: (d) => `${d.engine} ${d.engine_version}`, sort: (d) => d.engine },
  { key: 'class', title: 'Class', cell: (d) => d.class, sort: (d) => d.class },
  { key: 'state', title: 'Status', cell: (d) => d.status, sort: (d) => d.status },
  {
    key: 'storage',
    title: 'Storage',
    numeric: true,
    cell: (d) => `${d.allocated_storage_gb} GB`,
    sort: (d) => d.allocated_storage_gb,
  },
  { key: 'multi_az', title: 'Multi-AZ', cell: (d) => (d.multi_az ? 'Yes' : 'No'), sort: (d) => (d.multi_az ? 1 : 0) },
  { key: 'endpoint', title: 'Endpoint', cell: (d) => (d.endpoint ? <span className={mono}>{d.endpoint}</span> : none) },
  { key: 'region', title: 'Region', cell: (d) => d.region, sort: (d) => d.region },
]

export const RdsBody = resourceBody<'rds', RdsRow>({
  label: 'RDS DB instances',
  rows: (data) => data.instances,
  rowKey: (d) => `${d.region}/${d.id}`,
  columns: RDS_COLUMNS,
  filters: [regionFilter(), stateFilter((d) => d.status, 'Status')],
  watch: (d) => ({ name: d.id, fields: { resource: 'rds', region: d.region, db_instance_id: d.id } }),
  empty: inWatchedRegions('RDS DB instances'),
})

/** An Amplify app's branch, one row each: what a build's outcome belongs to. */
interface BranchRow {
  app: AmplifyApp
  branch: AmplifyBranch
  region: string
}

const jobStatus = (b: AmplifyBranch) => b.last_job?.status ?? 'NOT_BUILT'

const AMPLIFY_COLUMNS: Column<BranchRow>[] = [
  { key: 'app', title: 'App', cell: (r) => `${r.app.name} (${r.app.id})`, sort: (r) => r.app.name },
  { key: 'branch', title: 'Branch', cell: (r) => r.branch.name, sort: (r) => r.branch.name },
  { key: 'stage', title: 'Stage', cell: (r) => orNone(r.branch.stage), sort: (r) => r.branch.stage },
  {
    key: 'state',
    title: 'Last job',
    cell: (r) => (r.branch.last_job ? `${r.branch.last_job.status} (job ${r.branch.last_job.id})` : 'never ran'),
    sort: (r) => jobStatus(r.branch),
  },
  {
    key: 'started',
    title: 'Started',
    cell: (r) => when(r.branch.last_job?.started_at ?? null),
    sort: (r) => byTime(r.branch.last_job?.started_at ?? null),
  },
  {
    key: 'ended',
    title: 'Ended',
    cell: (r) => when(r.branch.last_job?.ended_at ?? null),
    sort: (r) => byTime(r.branch.last_job?.ended_at ?? null),
  },
  { key: 'domain', title: 'Domain', cell: (r) => orNone(r.app.default_domain) },
  { key: 'region', title: 'Region', cell: (r) => r.region, sort: (r) => r.region },
]

export const AmplifyBody = resourceBody<'amplify', BranchRow>({
  label: 'Amplify branches',
  rows: (data) => data.apps.flatMap((app) => app.branches.map((branch) => ({ app, branch, region: app.region }))),
  rowKey: (r) => `${r.region}/${r.app.id}/${r.branch.name}`,
  columns: AMPLIFY_COLUMNS,
  filters: [regionFilter(), stateFilter((r) => jobStatus(r.branch), 'Last job')],
  watch: (r) => ({
    name: `${r.app.name} ${r.branch.name}`,
    fields: { resource: 'amplify', region: r.region, app_id: r.app.id, branch: r.branch.name },
  }),
  empty: inWatchedRegions('Amplify branches'),
  note: (data) => {
    const branchless = data.apps.filter((a) => a.branches.length === 0)
    return (
      branchless.length > 0 && (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>
          Apps without branches: {branchless.map((a) => `${a.name} (${a.region})`).join(', ')}.
        </p>
      )
    )
  },
})

type LightsailRow = AwsPageBodyProps<'lightsail'>['data']['instances'][number]

const LIGHTSAIL_COLUMNS: Column<LightsailRow>[] = [
  { key: 'name', title: 'Name', cell: (i) => i.name, sort: (i) => i.name },
  { key: 'state', title: 'State', cell: (i) => i.state, sort: (i) => i.state },
  { key: 'bundle', title: 'Bundle', cell: (i) => i.bundle_id, sort: (i) => i.bundle_id },
  { key: 'region', title: 'Region', cell: (i) => i.region, sort: (i) => i.region },
  { key: 'zone', title: 'Zone', cell: (i) => orNone(i.availability_zone), sort: (i) => i.availability_zone },
  { key: 'public', title: 'Public IP', cell: (i) => orNone(i.public_ip), sort: (i) => i.public_ip },
  { key: 'private', title: 'Private IP', cell: (i) => orNone(i.private_ip), sort: (i) => i.private_ip },
]

export const LightsailBody = resourceBody<'lightsail', LightsailRow>({
  label: 'Lightsail instances',
  rows: (data) => data.instances,
  rowKey: (i) => `${i.region}/${i.name}`,
  columns: LIGHTSAIL_COLUMNS,
  filters: [regionFilter(), stateFilter((i) => i.state)],
  watch: (i) => ({ name: i.name, fields: { resource: 'lightsail', region: i.region, instance_name: i.name } }),
  empty: inWatchedRegions('Lightsail instances'),
})

const statesText = (states: Record<string, number> | null) =>
  states === null
    ? none
    : Object.entries(states)
        .map(([state, n]) => `${n} ${state}`)
        .join(', ') || none

const NO_SERVICES = {
  title: 'No services yet',
  description: 'Nothing billed this month and no resources found in the regions this account watches.',
}

export function ServicesBody({ data }: AwsPageBodyProps<'services'>) {
  const currency = data.currency
  const columns: Column<AwsServiceUse>[] = [
    { key: 'service', title: 'Service', cell: (s) => s.service, sort: (s) => s.service },
    {
      key: 'cost',
      title: 'Cost this month',
      numeric: true,
      cell: (s) => (s.cost_this_month === null || !currency ? none : formatMoney(s.cost_this_month, currency)),
      sort: (s) => s.cost_this_month,
    },
    {
      key: 'resources',
      title: 'Resources',
      numeric: true,
      cell: (s) => (s.resource_count === null ? 'not listed' : s.resource_count),
      sort: (s) => s.resource_count,
    },
    { key: 'state', title: 'States', cell: (s) => statesText(s.states) },
  ]
  const health = data.health
  return (
    <>
      <ServicesTable rows={data.services} columns={columns} empty={NO_SERVICES} />
      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby="health-title">
        <h2 id="health-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' })}>
          AWS Health events
        </h2>
        {!health ? (
          <p className={css({ color: 'muted', fontSize: 'sm' })}>Not read yet.</p>
        ) : !health.available ? (
          <p className={css({ color: 'muted', fontSize: 'sm' })}>{health.reason || AWS_HEALTH_UNAVAILABLE}</p>
        ) : health.events.length === 0 ? (
          <p className={css({ color: 'muted', fontSize: 'sm' })}>No open, upcoming or recent events.</p>
        ) : (
          <Table.Simple label="AWS Health events table" columns={['Service', 'Event', 'Region', 'Status', 'Started']}>
            {health.events.map((e) => (
              <Table.Row key={e.arn}>
                <Table.Cell>{e.service}</Table.Cell>
                <Table.Cell>{e.type_code}</Table.Cell>
                <Table.Cell>{e.region ?? 'global'}</Table.Cell>
                <Table.Cell>{e.status}</Table.Cell>
                <Table.Cell>{when(e.started_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Simple>
        )}
      </Card.Root>
    </>
  )
}
