import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, CalendarClock, Megaphone, Pencil, RefreshCw } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { css, cx } from '../../../../styled-system/css'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { statusPageManageLogic } from '../../../adapters/status-page-manage.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import { formatDateTime } from '../../../domain/date-format.ts'
import type { Maintenance, StatusIncident, StatusPage } from '../../../domain/status-page.schema.ts'
import { currentMaintenance, incidentsInOrder, publishableIncidents } from '../../../domain/status-page-manage.ts'
import { useEffects } from '../../app/effects.ts'
import { Button } from '../../components/button.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { alertBox, link } from '../monitors/table-styles.ts'
import { card, pageTitle } from '../page-styles.ts'
import { LazyIncidentForm, LazyIncidentUpdate, LazyMaintenanceForm, LazyStatusPageForm } from './LazyDialogs.tsx'
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
const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })

/** `/status_page?id=`: one page's incidents and maintenance, and the outages the engine saw on its monitors. */
export function StatusPageManage({ pageId }: { pageId: string }) {
  const fx = useEffects()
  const logic = useMemo(() => statusPageManageLogic(statusPagesApi, monitorsApi, fx), [fx])
  const manage = useActorRef(logic, { input: { pageId } })
  const detail = useSelector(manage, (s) => s.context.detail)
  const error = useSelector(manage, (s) => s.context.error)
  const failed = useSelector(manage, (s) => s.matches('failed'))
  const refreshing = useSelector(manage, (s) => s.matches({ ready: { data: 'refreshing' } }))
  const publishing = useSelector(manage, (s) => s.context.publishing)
  const removing = useSelector(manage, (s) => s.context.removing)
  const confirming = useSelector(manage, (s) => s.matches({ ready: { removal: 'confirming' } }))
  const deleting = useSelector(manage, (s) => s.matches({ ready: { removal: 'removing' } }))
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
  const refresh = () => manage.send({ type: 'statusPage.refresh' })

  if (!detail)
    return failed ? (
      <section className={css({ display: 'grid', gap: '4' })} aria-labelledby="manage-title">
        <BackLink />
        <h1 id="manage-title" className={pageTitle}>
          Status page
        </h1>
        <div role="alert" className={alertBox}>
          <span>{error}</span>
          <Button size="sm" variant="outline" onClick={refresh}>
            Try again
          </Button>
        </div>
      </section>
    ) : (
      <p role="status" className={card}>
        Loading...
      </p>
    )

  const { page } = detail
  const publishable = publishableIncidents(page, detail.openIncidents, detail.incidents)
  const incidents = incidentsInOrder(detail.incidents)
  const windows = currentMaintenance(detail.maintenance)
  const nameOf = (monitorId: string) => page.components.find((c) => c.monitor_id === monitorId)?.display_name ?? ''

  return (
    <section
      className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="manage-title"
    >
      <header className={css({ display: 'grid', gap: '2' })}>
        <BackLink />
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <div className={css({ flex: '1 1 20rem', minW: '0' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <h1
                id="manage-title"
                className={css({ fontSize: '2xl', fontWeight: 'semibold', overflowWrap: 'anywhere' })}
              >
                {page.name}
              </h1>
              <PublishedChip published={page.published} />
            </div>
            <p className={css({ fontSize: 'sm' })}>
              <PublicLink slug={page.slug} />
            </p>
          </div>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button variant="outline" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
              <RefreshCw aria-hidden="true" /> Refresh
            </Button>
            <Button variant="outline" onClick={() => setOpen({ form: 'page' })}>
              <Pencil aria-hidden="true" /> Edit page
            </Button>
          </div>
        </div>
      </header>

      {error && (
        <div role="alert" className={alertBox}>
          <span>Could not refresh: {error}</span>
          <Button size="sm" variant="outline" onClick={refresh}>
            Try again
          </Button>
        </div>
      )}

      {publishable.length > 0 && (
        <section
          aria-labelledby="outages-title"
          className={css({ bg: 'amber.50', borderWidth: '1px', borderColor: 'amber.200', rounded: 'lg', p: '4' })}
        >
          <h2 id="outages-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' })}>
            Outages not on the page yet
          </h2>
          <p className={css({ fontSize: 'sm', mb: '3' })}>
            Your monitors found these problems on components of this page. Publish one to tell visitors at once; post
            updates on it as you learn more.
          </p>
          <ul className={list}>
            {publishable.map((i) => (
              <li
                key={i.id}
                className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm' })}
              >
                <span className={css({ flex: '1 1 16rem', minW: '0', overflowWrap: 'anywhere' })}>
                  <strong>{nameOf(i.monitor_id)}</strong> ({i.monitor_name}) has been down since{' '}
                  <time dateTime={i.started_at}>{formatDateTime(i.started_at)}</time>: {i.cause}
                </span>
                <Button
                  size="sm"
                  onClick={() => manage.send({ type: 'incident.publish', incidentId: i.id })}
                  disabled={publishing !== null}
                  aria-label={`Publish the outage of ${nameOf(i.monitor_id)}`}
                >
                  <Megaphone aria-hidden="true" /> {publishing === i.id ? 'Publishing...' : 'Publish'}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="incidents-title">
        <div className={sectionHead}>
          <h2 id="incidents-title" className={cx(css({ flex: '1 1 auto' }), sectionTitle)}>
            Incidents
          </h2>
          <Button onClick={() => setOpen({ form: 'incident' })}>
            <Megaphone aria-hidden="true" /> Post incident
          </Button>
        </div>
        {incidents.length === 0 ? (
          <p className={card}>
            No incidents. When something goes wrong, post one here: visitors see it on the page with each update you
            post, until you resolve it.
          </p>
        ) : (
          <ul className={list}>
            {incidents.map((incident) => (
              <IncidentItem
                key={incident.id}
                page={page}
                incident={incident}
                onUpdate={() => setOpen({ form: 'update', incident })}
                onDelete={() => manage.send({ type: 'incident.delete', incident })}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="maintenance-title">
        <div className={sectionHead}>
          <h2 id="maintenance-title" className={cx(css({ flex: '1 1 auto' }), sectionTitle)}>
            Maintenance
          </h2>
          <Button onClick={() => setOpen({ form: 'maintenance' })}>
            <CalendarClock aria-hidden="true" /> Schedule maintenance
          </Button>
        </div>
        {windows.length === 0 ? (
          <p className={card}>
            No maintenance scheduled. Schedule a window before planned work, so visitors know about it ahead.
          </p>
        ) : (
          <ul className={list}>
            {windows.map((maintenance) => (
              <MaintenanceItem
                key={maintenance.id}
                page={page}
                maintenance={maintenance}
                onCancel={() => manage.send({ type: 'maintenance.remove', maintenance })}
              />
            ))}
          </ul>
        )}
      </section>

      {open?.form === 'page' && <LazyStatusPageForm page={page} onSaved={pageSaved} onClose={close} />}
      {open?.form === 'incident' && <LazyIncidentForm page={page} onSaved={incidentSaved} onClose={close} />}
      {open?.form === 'update' && (
        <LazyIncidentUpdate pageId={page.id} incident={open.incident} onSaved={incidentSaved} onClose={close} />
      )}
      {open?.form === 'maintenance' && <LazyMaintenanceForm page={page} onSaved={maintenanceSaved} onClose={close} />}
      <DeleteConfirm
        open={confirming || deleting}
        loading={deleting}
        description={
          removing?.kind === 'maintenance'
            ? 'The maintenance window is cancelled and taken off the public page.'
            : undefined
        }
        onConfirm={() => manage.send({ type: 'removal.confirm' })}
        onCancel={() => manage.send({ type: 'removal.dismiss' })}
      />
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
