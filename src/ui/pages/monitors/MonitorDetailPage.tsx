import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import { routeParam } from '@vigil/domain/monitor-types/routes'
import { responseChart } from '@vigil/domain/response-chart'
import { resultWords } from '@vigil/domain/result-verdict'
import { STATS_WINDOW_NAMES, type StatsWindow } from '@vigil/domain/uptime'
import { ArrowLeft, Copy, Pause, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { monitorDetailLogic } from '../../../adapters/monitor-detail.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import type { MonitorDetail } from '../../../machines/monitor-detail.machine.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FeatureGate, PageCard } from '../FeaturePage.tsx'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { IncidentsTable, ResultsTable } from './DetailTables.tsx'
import { formatDateTime, formatMs } from './format.ts'
import { LazyFactsPanel } from './LazyFactsPanel.tsx'
import { LazyMonitorAlerts } from './LazyMonitorAlerts.tsx'
import { LazyMonitorForm } from './LazyMonitorForm.tsx'
import { LazyResponseTimeChart } from './LazyResponseTimeChart.tsx'
import { useMinInterval } from './MonitorListPage.tsx'
import { chartSummary } from './response-chart-data.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { link, muted } from './table-styles.ts'
import { typeUi } from './types/index.ts'
import { UntrustedCertificate } from './UntrustedCertificate.tsx'
import { UptimeBars } from './UptimeBars.tsx'
import { UptimeFigure } from './UptimeFigure.tsx'
import { useLiveRefresh } from './use-live-refresh.ts'
import { useMonitorActions } from './use-monitor-actions.ts'
import { usePageVisibility } from './use-page-visibility.ts'

const WINDOW_WORDS: Record<StatsWindow, string> = {
  '24h': 'last 24 hours',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
  '90d': 'last 90 days',
}

/** The header's one button that pauses a running monitor, or resumes a paused one. */
const PAUSE = { event: 'monitor.pause', icon: Pause, label: 'Pause' } as const
const RESUME = { event: 'monitor.resume', icon: Play, label: 'Resume' } as const

/**
 * A monitor's page (its type's detail route), behind its type's plan gate. The id is the route's
 * parameter, or the query's `?id=` for the routes that have none; without one, the type's list.
 */
export function MonitorDetailPage({ type }: { type: MonitorType }) {
  const ui = typeUi(type)
  const params = useParams()
  const [search] = useSearchParams()
  const param = routeParam(ui.route)
  const id = (param ? params[param] : search.get('id')) ?? ''
  if (id === '') return <Navigate to={ui.list} replace />
  return (
    <FeatureGate feature={ui.label}>
      <MonitorDetailView key={`${type} ${id}`} type={type} id={id} />
    </FeatureGate>
  )
}

function MonitorDetailView({ type, id }: { type: MonitorType; id: string }) {
  const page = typeUi(type)
  const fx = useEffects()
  const logic = useMemo(() => monitorDetailLogic(monitorsApi, fx), [fx])
  const detail = useActorRef(logic, { input: { id, type } })
  usePageVisibility(detail)
  useLiveRefresh(detail, (e) =>
    e.kind === 'monitors' ? e.monitor_ids.includes(id) : 'monitor_id' in e && e.monitor_id === id,
  )
  const data = useSelector(detail, (s) => s.context.detail)
  const error = useSelector(detail, (s) => s.context.error)
  const statsWindow = useSelector(detail, (s) => s.context.window)
  const failed = useSelector(detail, (s) => s.matches({ active: 'failed' }))
  const notFound = useSelector(detail, (s) => s.matches('notFound'))
  const minInterval = useMinInterval()
  const { actions, busyId, deleteConfirm } = useMonitorActions({
    changed: (monitor) => detail.send({ type: 'monitor.changed', monitor }),
    removed: () => detail.send({ type: 'monitor.removed' }),
  })
  const check = useSelector(actions, (s) => s.context.check)
  const checking = useSelector(actions, (s) => s.matches('checking'))
  /** The form open: this monitor's (Edit), or a new one with its settings (Duplicate). */
  const [editing, setEditing] = useState<'edit' | 'copy' | null>(null)
  const closeForm = useCallback(() => setEditing(null), [])
  const saved = useCallback(() => {
    setEditing(null)
    detail.send({ type: 'detail.refresh' })
  }, [detail])
  // The copy is another monitor: its own page opens (the original is unchanged).
  const copied = useCallback(
    (copy: Monitor | null) => {
      setEditing(null)
      if (!copy) return
      fx.toast({ title: `${copy.name} created.`, type: 'success' })
      fx.navigate(typeUi(copy.type).detail(copy.id))
    },
    [fx],
  )

  // A pinned certificate: the monitor as saved (its change is checked again at once; the live events bring the result).
  const trusted = useCallback((m: Monitor) => detail.send({ type: 'monitor.changed', monitor: m }), [detail])
  const refresh = () => detail.send({ type: 'detail.refresh' })
  const back = (
    <Link to={page.list} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', color: 'primary' })}>
      <ArrowLeft size={16} aria-hidden="true" /> {page.label}
    </Link>
  )

  if (notFound)
    return (
      <PageCard id="not-found-title" title="Monitor not found">
        <p>This monitor does not exist, or it was deleted.</p>
        <Link to={page.list} className={link}>
          Back to {page.label}
        </Link>
      </PageCard>
    )

  if (!data)
    return (
      <section className={pageLayout}>
        {back}
        {failed ? <RetryAlert onRetry={refresh}>{error}</RetryAlert> : <LoadingCard />}
      </section>
    )

  const { monitor } = data
  // What the page shows of the monitor is its own type's (the flow moves to that type's page when they differ).
  const ui = typeUi(monitor.type)
  const note = ui.header?.note?.(monitor)
  const HeaderLine = ui.header?.Line
  const now = Date.now()
  const busy = busyId === monitor.id
  const toggle = monitor.paused ? RESUME : PAUSE
  const checkHere = check?.monitorId === monitor.id ? check : null

  return (
    <section className={pageLayout} aria-labelledby="monitor-title">
      {back}
      <Card.Root as="header" gap="0">
        {/* The buttons go below the name when there is less than 18rem beside them. */}
        <PageHeader.Root as="div" alignItems="flex-start">
          <PageHeader.Content flex="1 1 18rem" gap="0">
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
              <PageHeader.Title id="monitor-title">{monitor.name}</PageHeader.Title>
              <StatusBadge status={monitor.status} />
            </div>
            <PageHeader.Description>
              {ui.target(monitor)}
              {note && ` · ${note}`}
            </PageHeader.Description>
            {HeaderLine && (
              <div className={css({ mt: '1' })}>
                <HeaderLine monitor={monitor} now={now} />
              </div>
            )}
            <p className={css({ color: 'muted', fontSize: 'sm', mt: '1' })}>
              {monitor.last_checked_at ? `Last checked ${formatDateTime(monitor.last_checked_at)}` : 'Not checked yet'}
              {monitor.last_error && monitor.status === 'down' ? ` · ${monitor.last_error}` : ''}
            </p>
          </PageHeader.Content>
          <PageHeader.Actions>
            <Button variant="outline" disabled={busy} onClick={() => actions.send({ type: toggle.event, monitor })}>
              <toggle.icon aria-hidden="true" /> {toggle.label}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => actions.send({ type: 'monitor.check', monitor })}>
              <RefreshCw aria-hidden="true" /> {checking ? 'Checking...' : 'Check now'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setEditing('edit')}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setEditing('copy')}>
              <Copy aria-hidden="true" /> Duplicate
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => actions.send({ type: 'monitor.delete', monitor })}
              className={css({ color: 'red.700' })}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </PageHeader.Actions>
        </PageHeader.Root>
        {monitor.paused_by_plan && (
          <Alert.Root role="note" status="warning">
            <Alert.Description>
              Paused by a plan change: your plan's monitor limit was reached, or it does not include this type. Nothing
              was deleted. <Link to="/upgrade_to_pro">Upgrade</Link> to have it run again, or pause or delete another
              monitor and resume this one.
            </Alert.Description>
          </Alert.Root>
        )}
        <div aria-live="polite">
          {checkHere?.result && (
            <Alert.Root role="status" status="info" mt="3" data-testid="check-result">
              <Alert.Description>
                Check now: <strong>{resultWords(checkHere.result)}</strong>
                {checkHere.result.response_ms !== null && ` in ${formatMs(checkHere.result.response_ms)}`} ·{' '}
                {checkHere.result.message}
              </Alert.Description>
            </Alert.Root>
          )}
          <ErrorAlert message={checkHere?.error} mt="3" />
        </div>
      </Card.Root>

      <UntrustedCertificate monitor={monitor} newest={data.latest.newest} onTrusted={trusted} />

      {failed && <RetryAlert onRetry={refresh}>Could not refresh this page: {error}</RetryAlert>}

      {ui.facts && <LazyFactsPanel monitor={monitor} latest={data.latest} now={now} />}

      <WindowStats
        data={data}
        statsWindow={statsWindow}
        onWindow={(w) => detail.send({ type: 'detail.window', window: w })}
      />

      <Card.Root as="section" aria-labelledby="results-title">
        <Card.Title id="results-title">Recent results</Card.Title>
        <ResultsTable
          results={data.results}
          pagination={data.pagination}
          onPage={(p) => detail.send({ type: 'detail.page', page: p })}
        />
      </Card.Root>

      <Card.Root as="section" aria-labelledby="incidents-title">
        <Card.Title id="incidents-title">Incidents</Card.Title>
        <IncidentsTable incidents={data.incidents} now={now} />
      </Card.Root>

      <LazyMonitorAlerts monitor={monitor} />

      {editing && (
        <LazyMonitorForm
          key={editing}
          type={monitor.type}
          monitor={editing === 'edit' ? monitor : null}
          copyOf={editing === 'copy' ? monitor : null}
          minIntervalSeconds={minInterval}
          onClose={closeForm}
          onSaved={editing === 'edit' ? saved : copied}
        />
      )}
      <DeleteConfirm {...deleteConfirm} />
    </section>
  )
}

function WindowStats({
  data,
  statsWindow,
  onWindow,
}: {
  data: MonitorDetail
  statsWindow: StatsWindow
  onWindow: (window: StatsWindow) => void
}) {
  const { stats, monitor } = data
  const chart = useMemo(() => responseChart(stats, monitor), [stats, monitor])
  const tiles = [
    [
      'Uptime',
      <UptimeFigure
        key="uptime"
        uptime={stats.uptime}
        monitor={monitor}
        windowFrom={Date.parse(stats.from)}
        noteClassName={css({ fontSize: 'sm' })}
      />,
    ],
    ['Average response', formatMs(stats.avg_response_ms)],
    ['p95 response', formatMs(stats.p95_response_ms)],
    ['Incidents', String(stats.incident_count)],
  ] as const
  const words = WINDOW_WORDS[statsWindow]
  return (
    <Card.Root as="section" aria-labelledby="stats-title" gap="0">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mb: '4' })}>
        {/* Its own width first: on a phone the window buttons go below it instead of squeezing it. */}
        <Card.Title id="stats-title" flex="1 1 auto">
          The {words}
        </Card.Title>
        <fieldset className={css({ display: 'flex', gap: '1', border: 'none', p: '0', m: '0' })}>
          <legend className={css({ srOnly: true })}>Time window</legend>
          {STATS_WINDOW_NAMES.map((w) => (
            <Button
              key={w}
              size="sm"
              variant={w === statsWindow ? 'solid' : 'outline'}
              aria-pressed={w === statsWindow}
              onClick={() => onWindow(w)}
            >
              {w}
            </Button>
          ))}
        </fieldset>
      </div>
      <dl
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          mb: '6',
        })}
      >
        {tiles.map(([label, value]) => (
          <div key={label} className={css({ bg: 'canvas', rounded: 'md', p: '3' })}>
            <dt className={css({ color: 'muted', fontSize: 'sm' })}>{label}</dt>
            <dd className={css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>Response time</h3>
      {chart.points > 0 ? (
        <LazyResponseTimeChart chart={chart} label={chartSummary(stats, words)} />
      ) : (
        <p className={muted}>No response times in this window yet.</p>
      )}
      <h3 className={css({ fontWeight: 'semibold', mt: '6', mb: '2' })}>Uptime history</h3>
      <UptimeBars days={stats.days} />
    </Card.Root>
  )
}
