import { useParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { m365Api } from '../../../adapters/m365-api.ts'
import type { CloudPart } from '@vigil/domain/cloud-account'
import { type M365Issue, postText, type ServiceHealthStatus, serviceStatusWords } from '@vigil/domain/m365'
import type { M365Tenant, M365TenantPage as Page } from '@vigil/domain/m365-account'
import { Chip } from '../../components/badge.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { CloudAccountPage, type CloudPagesOf, type MonitorThis } from '../cloud/CloudAccountPage.tsx'
import { MonitorThisButton } from '../cloud/MonitorThisButton.tsx'
import { type Column, ResourceTable } from '../cloud/ResourceTable.tsx'
import { formatDateTime } from '../monitors/format.ts'
import { M365_LIST_PATH, m365TenantLinks } from './m365-pages.ts'

// A Microsoft 365 tenant's page (spec: {token}{tenantId}): every service's health, and the incidents and advisories
// Microsoft posts, open first, each with its impact and the timeline of its posts.

const TENANT_PAGES: CloudPagesOf<{ account: M365Tenant; parts: CloudPart[] }> = {
  provider: 'm365',
  api: m365Api,
  listPath: M365_LIST_PATH,
  links: m365TenantLinks,
  identity: (tenant) => `Tenant ${tenant.tenant_id}`,
  areas: { health: 'Service health', issues: 'Incidents and advisories' },
  monitorType: 'microsoft365',
  grant: (permission) => (
    <>
      Grant the app the Microsoft Graph application permission <code>{permission}</code>, with admin consent.
    </>
  ),
}

const tone = (status: ServiceHealthStatus, operational: boolean) =>
  operational ? 'success' : status === 'serviceInterruption' ? 'danger' : 'warning'

const SERVICE_COLUMNS: Column<Page['services'][number]>[] = [
  { key: 'name', title: 'Service', cell: (s) => s.name, sort: (s) => s.name },
  {
    key: 'state',
    title: 'Status',
    cell: (s) => <Chip tone={tone(s.status, s.operational)}>{serviceStatusWords(s.status)}</Chip>,
    // Not operational first when sorted.
    sort: (s) => `${s.operational ? 1 : 0}${serviceStatusWords(s.status)}`,
  },
]

const muted = css({ color: 'muted', fontSize: 'sm' })
const factList = css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1', fontSize: 'sm', color: 'muted' })
const timeline = css({
  listStyle: 'none',
  p: '0',
  m: '0',
  display: 'grid',
  gap: '3',
  borderLeftWidth: '2px',
  borderColor: 'border',
  pl: '4',
})
const postBody = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })

const when = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatDateTime(ms)}</time>

/** One issue: what it is, its state and impact, and its posts (newest first) behind a disclosure. */
function Issue({ issue }: { issue: M365Issue }) {
  const titleId = `issue-${issue.id}`
  return (
    <Card.Root as="li" p={{ base: '3', md: '4' }} aria-labelledby={titleId}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <Chip tone={issue.resolved ? 'neutral' : issue.classification === 'incident' ? 'danger' : 'warning'}>
          {issue.classification === 'incident' ? 'Incident' : 'Advisory'}
        </Chip>
        <h3 id={titleId} className={css({ fontWeight: 'semibold' })}>
          {issue.id}: {issue.title}
        </h3>
      </div>
      <p className={factList}>
        <span>
          {issue.service}
          {issue.feature ? ` · ${issue.feature}` : ''}
        </span>
        <span>{issue.resolved ? 'Resolved' : serviceStatusWords(issue.status)}</span>
        <span>Started {when(issue.start)}</span>
        {issue.end !== null && <span>Ended {when(issue.end)}</span>}
        <span>Updated {when(issue.lastModified)}</span>
      </p>
      {issue.impact && <p className={css({ mt: '2', fontSize: 'sm' })}>{issue.impact}</p>}
      {issue.posts.length > 0 && (
        <details className={css({ mt: '2' })}>
          <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>
            {issue.posts.length === 1 ? '1 update' : `${issue.posts.length} updates`}
          </summary>
          <ol className={timeline} aria-label={`Updates of ${issue.id}`}>
            {[...issue.posts].reverse().map((post) => (
              <li key={`${post.at}-${post.type}`}>
                <p className={muted}>{when(post.at)}</p>
                <p className={postBody}>{postText(post)}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </Card.Root>
  )
}

function TenantBody({ data, monitor }: { data: Page; monitor: MonitorThis }) {
  const open = data.issues.filter((i) => !i.resolved)
  const closed = data.issues.filter((i) => i.resolved)
  return (
    <>
      <ResourceTable
        label="Services"
        rows={data.services}
        rowKey={(s) => s.id}
        columns={SERVICE_COLUMNS}
        action={(s) => (
          <MonitorThisButton
            name={s.name}
            onClick={() => monitor({ name: s.name, service_id: s.id, service_name: s.name })}
          />
        )}
        filters={[
          {
            key: 'state',
            label: 'Status',
            all: 'Any status',
            read: (s) => serviceStatusWords(s.status),
          },
        ]}
        empty={{
          title: 'No service health yet',
          description: 'The services appear once the tenant has been read with ServiceHealth.Read.All.',
        }}
      />
      <section aria-labelledby="open-issues" className={css({ display: 'grid', gap: '3' })}>
        <h2 id="open-issues" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Open issues
        </h2>
        {open.length === 0 ? (
          <EmptyState.Root variant="card">
            <EmptyState.Title as="h3">No open incidents or advisories</EmptyState.Title>
            <EmptyState.Description>Microsoft reports nothing open for this tenant's services.</EmptyState.Description>
          </EmptyState.Root>
        ) : (
          <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
            {open.map((issue) => (
              <Issue key={issue.id} issue={issue} />
            ))}
          </ul>
        )}
      </section>
      {closed.length > 0 && (
        <section aria-labelledby="recent-issues" className={css({ display: 'grid', gap: '3' })}>
          <h2 id="recent-issues" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            Recently resolved
          </h2>
          <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
            {closed.map((issue) => (
              <Issue key={issue.id} issue={issue} />
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** services/microsoft365/accounts/{tenantId}: the tenant's service health. */
export function M365TenantPage() {
  const { tenantId = '' } = useParams()
  return (
    <CloudAccountPage
      of={TENANT_PAGES}
      accountId={tenantId}
      page="health"
      title="Service health"
      read={() => m365Api.health(tenantId)}
    >
      {(data, monitor) => <TenantBody data={data} monitor={monitor} />}
    </CloudAccountPage>
  )
}
