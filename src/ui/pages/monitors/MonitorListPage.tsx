import { useActorRef, useSelector } from '@xstate/react'
import { Plus } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorListLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { DEFAULTS, type Monitor, type MonitorType } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import { useShell } from '../../layout/shell-context.tsx'
import { card, FeatureGate, pageTitle } from '../FeaturePage.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { LazyMonitorForm } from './LazyMonitorForm.tsx'
import { MonitorTable } from './MonitorTable.tsx'
import { MONITOR_KINDS, type MonitorKind } from './monitor-kinds.ts'
import { alertBox } from './table-styles.ts'
import { useMonitorActions } from './use-monitor-actions.ts'
import { usePageVisibility } from './use-page-visibility.ts'

/** The list page of one monitor type, behind its plan gate. */
export function MonitorListPage({ type }: { type: MonitorType }) {
  const kind = MONITOR_KINDS[type]
  return (
    <FeatureGate feature={kind.title}>
      <MonitorList key={type} kind={kind} />
    </FeatureGate>
  )
}

type FormState = { monitor: Monitor | null } | null

/** The plan's fastest check interval, once the subscription is known. */
export function useMinInterval(): number {
  const { subscription } = useShell()
  return useSelector(
    subscription,
    (s) => s.context.subscription?.plan.limits.min_interval_seconds ?? DEFAULTS.interval_seconds,
  )
}

/**
 * The monitors of one type with their actions and form. On its own page the list's title is the page's;
 * `embedded` puts it under another page's title (the Check Black List page) as a section.
 */
export function MonitorList({ kind, embedded = false }: { kind: MonitorKind; embedded?: boolean }) {
  const logic = useMemo(() => monitorListLogic(monitorsApi, kind.type), [kind.type])
  const list = useActorRef(logic)
  usePageVisibility(list)
  const data = useSelector(list, (s) => s.context.data)
  const error = useSelector(list, (s) => s.context.error)
  const failed = useSelector(list, (s) => s.matches('failed'))
  const minInterval = useMinInterval()
  const refresh = useCallback(() => list.send({ type: 'poll.refresh' }), [list])
  const { actions, busyId, confirming, deleting } = useMonitorActions({ changed: refresh, removed: refresh })
  const [form, setForm] = useState<FormState>(null)
  const closeForm = useCallback(() => setForm(null), [])
  const saved = useCallback(() => {
    setForm(null)
    refresh()
  }, [refresh])
  const add = () => setForm({ monitor: null })
  const counts = data?.counts
  const Title = embedded ? 'h2' : 'h1'
  const Subtitle = embedded ? 'h3' : 'h2'
  const noun = `${kind.noun.charAt(0).toUpperCase()}${kind.noun.slice(1)}s`

  return (
    <section
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="monitors-title"
    >
      <header className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <Title id="monitors-title" className={embedded ? css({ fontSize: 'xl', fontWeight: 'semibold' }) : pageTitle}>
            {embedded ? noun : kind.title}
          </Title>
          {counts && counts.total > 0 && (
            <p className={css({ color: 'muted', fontSize: 'sm' })} data-testid="monitor-counts">
              {counts.total} in all · {counts.up} up · {counts.down} down
              {counts.degraded > 0 && ` · ${counts.degraded} degraded`} · {counts.paused} paused
              {counts.pending > 0 && ` · ${counts.pending} pending`}
            </p>
          )}
        </div>
        {data && data.monitors.length > 0 && (
          <Button onClick={add}>
            <Plus aria-hidden="true" /> Add {kind.noun}
          </Button>
        )}
      </header>

      {failed && (
        <div role="alert" className={alertBox}>
          <span>{data ? `Could not refresh the list: ${error}` : error}</span>
          <Button size="sm" variant="outline" onClick={refresh}>
            Try again
          </Button>
        </div>
      )}

      {!data ? (
        !failed && (
          <p role="status" className={card}>
            Loading...
          </p>
        )
      ) : data.monitors.length === 0 ? (
        <div className={card}>
          <Subtitle className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' })}>No {kind.noun}s yet</Subtitle>
          <p className={css({ color: 'muted', mb: '4' })}>
            Add one and it is checked on your schedule; you hear of it {kind.hear}.
          </p>
          <Button onClick={add}>
            <Plus aria-hidden="true" /> Add your first {kind.noun}
          </Button>
        </div>
      ) : (
        <div className={css({ bg: 'surface', rounded: 'lg', shadow: 'sm', p: { base: '2', md: '4' } })}>
          <MonitorTable
            kind={kind}
            monitors={data.monitors}
            now={Date.now()}
            actions={{
              busyId,
              pause: (monitor) => actions.send({ type: 'monitor.pause', monitor }),
              resume: (monitor) => actions.send({ type: 'monitor.resume', monitor }),
              edit: (monitor) => setForm({ monitor }),
              remove: (monitor) => actions.send({ type: 'monitor.delete', monitor }),
            }}
          />
        </div>
      )}

      {form && (
        <LazyMonitorForm
          type={kind.type}
          monitor={form.monitor}
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
