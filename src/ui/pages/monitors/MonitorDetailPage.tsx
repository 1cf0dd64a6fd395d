import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, Pause, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { monitorDetailLogic } from '../../../adapters/monitor-detail.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import type { MonitorType } from '../../../domain/monitor.schema.ts'
import { STATS_WINDOW_NAMES, type StatsWindow } from '../../../domain/uptime.ts'
import type { MonitorDetail } from '../../../machines/monitor-detail.machine.ts'
import { useEffects } from '../../app/effects.ts'
import { Button } from '../../components/button.tsx'
import { card, FeatureGate, pageTitle } from '../FeaturePage.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { IncidentsTable, ResultsTable } from './DetailTables.tsx'
import { ExpiryText } from './ExpiryText.tsx'
import { formatDateTime, formatMs, formatUptime, targetOf } from './format.ts'
import { LazyFactsPanel } from './LazyFactsPanel.tsx'
import { LazyMonitorAlerts } from './LazyMonitorAlerts.tsx'
import { LazyMonitorForm } from './LazyMonitorForm.tsx'
import { LazyResponseTimeChart } from './LazyResponseTimeChart.tsx'
import { useMinInterval } from './MonitorListPage.tsx'
import { MONITOR_KINDS, type MonitorKind } from './monitor-kinds.ts'
import { StatusBadge, statusLabel } from './StatusBadge.tsx'
import { alertBox, link, muted } from './table-styles.ts'
import { UptimeBars } from './UptimeBars.tsx'
import { useMonitorActions } from './use-monitor-actions.ts'
import { usePageVisibility } from './use-page-visibility.ts'

const WINDOW_WORDS: Record<StatsWindow, string> = {
  '24h': 'last 24 hours',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
  '90d': 'last 90 days',
}

const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })

/**
 * A monitor's page (spec section 2's detail routes), behind its type's plan gate. The id is the route's
 * parameter, or the query's `?id=` for the routes that have none; without one, the type's list.
 */
export function MonitorDetailPage({ type }: { type: MonitorType }) {
  const kind = MONITOR_KINDS[type]
  const params = useParams()
  const [search] = useSearchParams()
  const id = (kind.idParam ? params[kind.idParam] : search.get('id')) ?? ''
  if (id === '') return <Navigate to={kind.list} replace />
  return (
    <FeatureGate feature={kind.title}>
      <MonitorDetailView key={`${type} ${id}`} kind={kind} id={id} />
    </FeatureGate>
  )
}

function MonitorDetailView({ kind, id }: { kind: MonitorKind; id: string }) {
  const fx = useEffects()
  const logic = useMemo(() => monitorDetailLogic(monitorsApi, fx), [fx])
  const detail = useActorRef(logic, { input: { id, type: kind.type } })
  usePageVisibility(detail)
  const data = useSelector(detail, (s) => s.context.detail)
  const error = useSelector(detail, (s) => s.context.error)
  const statsWindow = useSelector(detail, (s) => s.context.window)
  const failed = useSelector(detail, (s) => s.matches({ active: 'failed' }))
  const notFound = useSelector(detail, (s) => s.matches('notFound'))
  const minInterval = useMinInterval()
  const { actions, busyId, confirming, deleting } = useMonitorActions({
    changed: (monitor) => detail.send({ type: 'monitor.changed', monitor }),
    removed: () => detail.send({ type: 'monitor.removed' }),
  })
  const check = useSelector(actions, (s) => s.context.check)
  const checking = useSelector(actions, (s) => s.matches('checking'))
  const [editing, setEditing] = useState(false)
  const closeForm = useCallback(() => setEditing(false), [])
  const saved = useCallback(() => {
    setEditing(false)
    detail.send({ type: 'detail.refresh' })
  }, [detail])

  const back = (
    <Link to={kind.list} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', color: 'primary' })}>
      <ArrowLeft size={16} aria-hidden="true" /> {kind.title}
    </Link>
  )

  if (notFound)
    return (
      <section className={card} aria-labelledby="not-found-title">
        <h1 id="not-found-title" className={pageTitle}>
          Monitor not found
        </h1>
        <p className={css({ mb: '4' })}>This monitor does not exist, or it was deleted.</p>
        <Link to={kind.list} className={link}>
          Back to {kind.title}
        </Link>
      </section>
    )

  if (!data)
    return (
      <section className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        {back}
        {failed ? (
          <div role="alert" className={alertBox}>
            <span>{error}</span>
            <Button size="sm" variant="outline" onClick={() => detail.send({ type: 'detail.refresh' })}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className={card}>
            Loading...
          </p>
        )}
      </section>
    )

  const { monitor } = data
  const now = Date.now()
  const busy = busyId === monitor.id
  const checkHere = check?.monitorId === monitor.id ? check : null

  return (
    <section
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="monitor-title"
    >
      {back}
      <header className={card}>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'flex-start', flexWrap: 'wrap' })}>
          {/* The buttons go below the name when there is less than 18rem beside them. */}
          <div className={css({ flex: '1 1 18rem', minW: '0' })}>
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
              <h1 id="monitor-title" className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
                {monitor.name}
              </h1>
              <StatusBadge status={monitor.status} />
            </div>
            <p className={css({ color: 'muted', overflowWrap: 'anywhere' })}>
              {targetOf(monitor)}
              {monitor.type === 'dns' && ` · ${monitor.record_type} records`}
            </p>
            {(monitor.type === 'ssl' || monitor.type === 'domain') && (
              <p className={css({ fontSize: 'sm', mt: '1', display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                <span className={css({ color: 'muted' })}>
                  {monitor.type === 'ssl' ? 'Certificate expires' : 'Registration expires'}
                </span>
                <ExpiryText expiresAt={monitor.expires_at} warnDays={monitor.warn_days} now={now} layout="inline" />
              </p>
            )}
            <p className={css({ color: 'muted', fontSize: 'sm', mt: '1' })}>
              {monitor.last_checked_at ? `Last checked ${formatDateTime(monitor.last_checked_at)}` : 'Not checked yet'}
              {monitor.last_error && monitor.status === 'down' ? ` · ${monitor.last_error}` : ''}
            </p>
          </div>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {monitor.paused ? (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => actions.send({ type: 'monitor.resume', monitor })}
              >
                <Play aria-hidden="true" /> Resume
              </Button>
            ) : (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => actions.send({ type: 'monitor.pause', monitor })}
              >
                <Pause aria-hidden="true" /> Pause
              </Button>
            )}
            <Button variant="outline" disabled={busy} onClick={() => actions.send({ type: 'monitor.check', monitor })}>
              <RefreshCw aria-hidden="true" /> {checking ? 'Checking...' : 'Check now'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => actions.send({ type: 'monitor.delete', monitor })}
              className={css({ color: 'red.700' })}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
        <div aria-live="polite">
          {checkHere?.result && (
            <p
              role="status"
              className={css({ mt: '3', p: '3', rounded: 'md', bg: 'gray.50', fontSize: 'sm' })}
              data-testid="check-result"
            >
              Check now: <strong>{statusLabel(checkHere.result.status)}</strong>
              {checkHere.result.response_ms !== null && ` in ${formatMs(checkHere.result.response_ms)}`} ·{' '}
              {checkHere.result.message}
            </p>
          )}
          {checkHere?.error && (
            <p role="alert" className={css({ mt: '3', p: '3', rounded: 'md', bg: 'red.50', color: 'red.800' })}>
              {checkHere.error}
            </p>
          )}
        </div>
      </header>

      {failed && (
        <div role="alert" className={alertBox}>
          <span>Could not refresh this page: {error}</span>
          <Button size="sm" variant="outline" onClick={() => detail.send({ type: 'detail.refresh' })}>
            Try again
          </Button>
        </div>
      )}

      {kind.facts && <LazyFactsPanel title={kind.facts} monitor={monitor} latest={data.latest} now={now} />}

      <WindowStats
        data={data}
        statsWindow={statsWindow}
        onWindow={(w) => detail.send({ type: 'detail.window', window: w })}
      />

      <section className={card} aria-labelledby="results-title">
        <h2 id="results-title" className={sectionTitle}>
          Recent results
        </h2>
        <ResultsTable
          results={data.results}
          pagination={data.pagination}
          onPage={(page) => detail.send({ type: 'detail.page', page })}
        />
      </section>

      <section className={card} aria-labelledby="incidents-title">
        <h2 id="incidents-title" className={sectionTitle}>
          Incidents
        </h2>
        <IncidentsTable incidents={data.incidents} now={now} />
      </section>

      <LazyMonitorAlerts monitor={monitor} />

      {editing && (
        <LazyMonitorForm
          type={kind.type}
          monitor={monitor}
          minIntervalSeconds={minInterval}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
      <DeleteConfirm
        open={confirming}
        loading={deleting}
        onConfirm={() => actions.send({ type: 'monitor.confirm' })}
        onCancel={() => actions.send({ type: 'monitor.cancel' })}
      />
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
  const { stats } = data
  const tiles = [
    ['Uptime', formatUptime(stats.uptime)],
    ['Average response', formatMs(stats.avg_response_ms)],
    ['p95 response', formatMs(stats.p95_response_ms)],
    ['Incidents', String(stats.incident_count)],
  ] as const
  const words = WINDOW_WORDS[statsWindow]
  return (
    <section className={card} aria-labelledby="stats-title">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mb: '4' })}>
        <h2 id="stats-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', flex: '1' })}>
          The {words}
        </h2>
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
      {stats.series.some((p) => p.avg_response_ms !== null) ? (
        <LazyResponseTimeChart
          series={stats.series}
          label={`Response time over the ${words}: average ${formatMs(stats.avg_response_ms)}, p95 ${formatMs(
            stats.p95_response_ms,
          )}`}
        />
      ) : (
        <p className={muted}>No response times in this window yet.</p>
      )}
      <h3 className={css({ fontWeight: 'semibold', mt: '6', mb: '2' })}>Uptime history</h3>
      <UptimeBars days={stats.days} />
    </section>
  )
}
