import { formatDateTime } from '@vigil/domain/date-format'
import type { Maintenance, StatusIncident, StatusPage } from '@vigil/domain/status-page.schema'
import { currentMaintenance, incidentsInOrder, publishableIncidents } from '@vigil/domain/status-page-manage'
import { ArrowLeft, CalendarClock, Megaphone, Pencil, RefreshCw } from 'lucide-react'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { css, cx } from '../../../../styled-system/css'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { statusPageManageLogic } from '../../../adapters/status-page-manage.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { link } from '../monitors/table-styles.ts'
import { CardList, cardList, LoadingCard, pageLayout, RetryAlert, useListPage } from '../PageParts.tsx'
import {
  LazyIncidentForm,
  LazyIncidentUpdate,
  LazyMaintenanceForm,
  LazyPublishOutage,
  LazyStatusPageForm,
} from './LazyDialogs.tsx'
import { IncidentItem, MaintenanceItem } from './PostedItems.tsx'
import { PublicLink, PublishedChip } from './StatusPageCard.tsx'

type Open =
  | { form: 'page' }
  | { form: 'incident' }
  | { form: 'update'; incident: StatusIncident }
  | { form: 'maintenance' }
  | null

const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold' })
const sectionHead = css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mb: '3' })

/** `/status_page?id=`: one page's incidents and maintenance, and the outages the engine saw on its monitors. */
export function StatusPageManage({ pageId }: { pageId: string }) {
  const fx = useEffects()
  const logic = useMemo(() => statusPageManageLogic(statusPagesApi, monitorsApi, fx), [fx])
  const manage = useActorRef(logic, { input: { pageId } })
  const { error, failed, confirming, removing: deleting } = useListPage(manage)
  const detail = useSelector(manage, (s) => s.context.detail)
  const refreshing = useSelector(manage, (s) => s.matches({ ready: { data: 'refreshing' } }))
  const publishing = useSelector(manage, (s) => s.context.publishing)
  const removing = useSelector(manage, (s) => s.context.removing)
  const [open, setOpen] = useState<Open>(null)
  const close = useCallback(() => setOpen(null), [])
  const pageSaved = useCallback(
    (page: StatusPage | null) => {
      if (page) manage.send({ type: 'statusPage.saved', page })
    },
    [manage],
  )
  const incidentSaved = useCallback(
    (incident: StatusIncident) => manage.send({ type: 'incident.saved', incident }),
    [manage],
  )
  const maintenanceSaved = useCallback(
    (maintenance: Maintenance) => manage.send({ type: 'maintenance.saved', maintenance }),
    [manage],
  )
  const outagePublished = useCallback(
    (incident: StatusIncident) => manage.send({ type: 'incident.published', incident }),
    [manage],
  )
  const publicationCancelled = useCallback(() => manage.send({ type: 'publication.cancel' }), [manage])
  const refresh = () => manage.send({ type: 'statusPage.refresh' })

  if (!detail)
    return failed ? (
      <section className={pageLayout} aria-labelledby="manage-title">
        <BackLink />
        <PageHeader.Root>
          <PageHeader.Title id="manage-title">Status page</PageHeader.Title>
        </PageHeader.Root>
        <RetryAlert onRetry={refresh}>{error}</RetryAlert>
      </section>
    ) : (
      <LoadingCard />
    )

  const { page } = detail
  const publishable = publishableIncidents(page, detail.openIncidents, detail.incidents)
  const incidents = incidentsInOrder(detail.incidents)
  const windows = currentMaintenance(detail.maintenance)
  const nameOf = (monitorId: string) => page.components.find((c) => c.monitor_id === monitorId)?.display_name ?? ''
  const reviewed = publishing === null ? undefined : publishable.find((i) => i.id === publishing)

  return (
    <section
      className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="manage-title"
    >
      <div className={css({ display: 'grid', gap: '2' })}>
        <BackLink />
        <PageHeader.Root gap="3">
          <PageHeader.Content>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <PageHeader.Title id="manage-title">{page.name}</PageHeader.Title>
              <PublishedChip published={page.published} />
            </div>
            <PageHeader.Description fontSize="sm" color="inherit">
              <PublicLink slug={page.slug} />
            </PageHeader.Description>
          </PageHeader.Content>
          <PageHeader.Actions>
            <Button variant="outline" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
              <RefreshCw aria-hidden="true" /> Refresh
            </Button>
            <Button variant="outline" onClick={() => setOpen({ form: 'page' })}>
              <Pencil aria-hidden="true" /> Edit page
            </Button>
          </PageHeader.Actions>
        </PageHeader.Root>
      </div>

      {error && <RetryAlert onRetry={refresh}>Could not refresh: {error}</RetryAlert>}

      {publishable.length > 0 && (
        <Alert.Root as="section" status="warning" p="4" rounded="lg" aria-labelledby="outages-title">
          <Alert.Content gap="3">
            <Alert.Title as="h2" id="outages-title" fontSize="lg">
              Outages not on the page yet
            </Alert.Title>
            <p>
              Your monitors found these problems on components of this page. Publish one to tell visitors: you see and
              can change its words first. Post updates on it as you learn more.
            </p>
            <ul className={cardList}>
              {publishable.map((i) => (
                <li key={i.id} className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
                  <span className={css({ flex: '1 1 16rem', minW: '0' })}>
                    <strong>{nameOf(i.monitor_id)}</strong> ({i.monitor_name}) has been down since{' '}
                    <time dateTime={i.started_at}>{formatDateTime(i.started_at)}</time>: {i.cause}
                  </span>
                  <Button
                    size="sm"
                    onClick={() => manage.send({ type: 'incident.publish', incidentId: i.id })}
                    aria-label={`Publish the outage of ${nameOf(i.monitor_id)}`}
                    aria-haspopup="dialog"
                  >
                    <Megaphone aria-hidden="true" /> Publish
                  </Button>
                </li>
              ))}
            </ul>
          </Alert.Content>
        </Alert.Root>
      )}

      <PostedSection
        id="incidents-title"
        title="Incidents"
        add={
          <Button onClick={() => setOpen({ form: 'incident' })}>
            <Megaphone aria-hidden="true" /> Post incident
          </Button>
        }
        empty="No incidents. When something goes wrong, post one here: visitors see it on the page with each update you post, until you resolve it."
        items={incidents}
      >
        {(incident) => (
          <IncidentItem
            key={incident.id}
            page={page}
            incident={incident}
            onUpdate={() => setOpen({ form: 'update', incident })}
            onDelete={() => manage.send({ type: 'incident.delete', incident })}
          />
        )}
      </PostedSection>

      <PostedSection
        id="maintenance-title"
        title="Maintenance"
        add={
          <Button onClick={() => setOpen({ form: 'maintenance' })}>
            <CalendarClock aria-hidden="true" /> Schedule maintenance
          </Button>
        }
        empty="No maintenance scheduled. Schedule a window before planned work, so visitors know about it ahead."
        items={windows}
      >
        {(maintenance) => (
          <MaintenanceItem
            key={maintenance.id}
            page={page}
            maintenance={maintenance}
            onCancel={() => manage.send({ type: 'maintenance.remove', maintenance })}
          />
        )}
      </PostedSection>

      {open?.form === 'page' && <LazyStatusPageForm page={page} onSaved={pageSaved} onClose={close} />}
      {open?.form === 'incident' && <LazyIncidentForm page={page} onSaved={incidentSaved} onClose={close} />}
      {open?.form === 'update' && (
        <LazyIncidentUpdate pageId={page.id} incident={open.incident} onSaved={incidentSaved} onClose={close} />
      )}
      {open?.form === 'maintenance' && <LazyMaintenanceForm page={page} onSaved={maintenanceSaved} onClose={close} />}
      {reviewed && (
        <LazyPublishOutage page={page} outage={reviewed} onPublished={outagePublished} onClose={publicationCancelled} />
      )}
      <DeleteConfirm
        open={confirming || deleting}
        loading={deleting}
        deleted={
          removing &&
          (removing.kind === 'maintenance'
            ? { kind: 'maintenance window', name: removing.item.title, verb: 'Cancel' }
            : { kind: 'incident', name: removing.item.title })
        }
        description={
          removing?.kind === 'maintenance'
            ? 'The maintenance window is cancelled and taken off the public page.'
            : undefined
        }
        cancelText={removing?.kind === 'maintenance' ? 'Keep it' : undefined}
        onConfirm={() => manage.send({ type: 'removal.confirm' })}
        onCancel={() => manage.send({ type: 'removal.dismiss' })}
      />
    </section>
  )
}

/** What the page posts of one kind (incidents, maintenance): its heading with the button that adds one, then its cards. */
function PostedSection<T>({
  id,
  title,
  add,
  empty,
  items,
  children,
}: {
  id: string
  title: string
  add: ReactNode
  /** What the section says while it has none. */
  empty: string
  items: readonly T[]
  children: (item: T) => ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <div className={sectionHead}>
        <h2 id={id} className={cx(css({ flex: '1 1 auto' }), sectionTitle)}>
          {title}
        </h2>
        {add}
      </div>
      <CardList
        items={items}
        empty={
          <EmptyState.Root variant="card">
            <EmptyState.Description color="inherit">{empty}</EmptyState.Description>
          </EmptyState.Root>
        }
      >
        {children}
      </CardList>
    </section>
  )
}

function BackLink() {
  return (
    <Link
      to="/status_page"
      className={cx(css({ display: 'inline-flex', gap: '1', alignItems: 'center', fontSize: 'sm' }), link)}
    >
      <ArrowLeft aria-hidden="true" size={16} /> All status pages
    </Link>
  )
}
