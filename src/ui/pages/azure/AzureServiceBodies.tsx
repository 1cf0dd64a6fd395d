import type {
  AzureResourceRow,
  AzureServicePage,
  AzureServicesPage,
  AzureServiceUse,
} from '@vigil/domain/azure-account'
import { availabilityOf } from '@vigil/domain/azure-account'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { Chip } from '../../components/badge.tsx'
import type { MonitorThis } from '../cloud/CloudAccountPage.tsx'
import { MonitorThisButton } from '../cloud/MonitorThisButton.tsx'
import { type Column, ResourceTable, ServicesTable } from '../cloud/ResourceTable.tsx'
import { formatDateTime } from '../monitors/format.ts'
import { AzureTags } from './AzureTags.tsx'
import { AVAILABILITY, azureServicePath } from './azure-pages.ts'

// The services page of an Azure account (its resources grouped by service) and one service's resources.

const muted = css({ color: 'muted' })
const link = css({ color: 'primary', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' })
const none = <span className={muted}>none</span>

/** A count that needs attention stands out; zero does not. */
const attention = (n: number, tone: 'danger' | 'warning') => (n > 0 ? <Chip tone={tone}>{n}</Chip> : n)

const NO_RESOURCES = {
  title: 'No resources yet',
  description: 'No resources were found in the subscriptions this account reads.',
}

export function AzureServicesBody({ data }: { data: AzureServicesPage; monitor: MonitorThis }) {
  const columns: Column<AzureServiceUse>[] = [
    {
      key: 'service',
      title: 'Service',
      cell: (s) => (
        <Link to={azureServicePath(data.account.id, s.service)} className={link}>
          {s.service}
        </Link>
      ),
      sort: (s) => s.service,
    },
    { key: 'total', title: 'Resources', numeric: true, cell: (s) => s.total, sort: (s) => s.total },
    {
      key: 'unavailable',
      title: 'Unavailable',
      numeric: true,
      cell: (s) => attention(s.unavailable, 'danger'),
      sort: (s) => s.unavailable,
    },
    {
      key: 'degraded',
      title: 'Degraded',
      numeric: true,
      cell: (s) => attention(s.degraded, 'warning'),
      sort: (s) => s.degraded,
    },
    { key: 'available', title: 'Available', numeric: true, cell: (s) => s.available, sort: (s) => s.available },
    { key: 'unknown', title: 'Unknown', numeric: true, cell: (s) => s.unknown, sort: (s) => s.unknown },
  ]
  return (
    <>
      <ServicesTable rows={data.services} columns={columns} empty={NO_RESOURCES} />
      <p className={css({ fontSize: 'sm', color: 'muted' })}>
        Availability is Resource Health's; Unknown counts the resources it does not report on.
      </p>
    </>
  )
}

const skuText = (sku: AzureResourceRow['sku']) =>
  sku
    ? [sku.name, sku.tier, sku.capacity === null ? null : `× ${sku.capacity}`].filter(Boolean).join(' · ') || null
    : null

function Availability({ resource }: { resource: AzureResourceRow }) {
  const state = availabilityOf(resource)
  const words = AVAILABILITY[state]
  const { availability } = resource
  return (
    <div className={css({ display: 'grid', gap: '0.5', justifyItems: 'start' })}>
      <Chip tone={words.tone}>{words.label}</Chip>
      {availability?.summary && <span className={css({ fontSize: 'xs' })}>{availability.summary}</span>}
      {availability?.since && (
        <span className={css({ fontSize: 'xs', color: 'muted' })}>
          since <time dateTime={new Date(availability.since).toISOString()}>{formatDateTime(availability.since)}</time>
        </span>
      )}
    </div>
  )
}

const COLUMNS: Column<AzureResourceRow>[] = [
  {
    key: 'name',
    title: 'Name',
    cell: (r) => (
      <div className={css({ display: 'grid' })}>
        <span className={css({ fontWeight: 'medium' })}>{r.name}</span>
        <span className={css({ fontSize: 'xs', color: 'muted' })}>{r.kind ? `${r.type} (${r.kind})` : r.type}</span>
      </div>
    ),
    sort: (r) => r.name,
  },
  { key: 'group', title: 'Resource group', cell: (r) => r.resourceGroup, sort: (r) => r.resourceGroup },
  { key: 'location', title: 'Location', cell: (r) => r.location, sort: (r) => r.location },
  { key: 'sku', title: 'SKU', cell: (r) => skuText(r.sku) ?? none, sort: (r) => skuText(r.sku) },
  {
    key: 'tags',
    title: 'Tags',
    cell: (r) => <AzureTags tags={r.tags} none={none} />,
  },
  {
    key: 'availability',
    title: 'Availability',
    cell: (r) => <Availability resource={r} />,
    // The most troubled first when sorted.
    sort: (r) => ['Unavailable', 'Degraded', 'Unknown', 'Available'].indexOf(availabilityOf(r)),
  },
]

export function AzureServiceBody({ data, monitor }: { data: AzureServicePage; monitor: MonitorThis }) {
  return (
    <ResourceTable
      action={(r) => (
        <MonitorThisButton
          name={r.name}
          onClick={() => monitor({ name: r.name, kind: 'availability', resource_id: r.id })}
        />
      )}
      label={data.service}
      rows={data.resources}
      rowKey={(r) => r.id}
      columns={COLUMNS}
      filters={[
        { key: 'group', label: 'Resource group', all: 'All resource groups', read: (r) => r.resourceGroup },
        { key: 'region', label: 'Location', all: 'All locations', read: (r) => r.location },
        { key: 'state', label: 'Availability', all: 'Any availability', read: (r) => availabilityOf(r) },
      ]}
      empty={{
        title: `No ${data.service} resources`,
        description: 'None were found in the subscriptions this account reads. They may have been deleted since.',
      }}
    />
  )
}
