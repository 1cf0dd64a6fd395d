import { useActorRef, useSelector } from '@xstate/react'
import { Plus } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorListLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { DEFAULTS, type Monitor, type MonitorType } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { useShell } from '../../layout/shell-context.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { LazyMonitorForm } from './LazyMonitorForm.tsx'
import { MonitorTable } from './MonitorTable.tsx'
import { typeUi } from './types/index.ts'
import { useMonitorActions } from './use-monitor-actions.ts'
import { usePageVisibility } from './use-page-visibility.ts'

/** The list page of one monitor type, behind its plan gate. */
export function MonitorListPage({ type }: { type: MonitorType }) {
  return (
    <FeatureGate feature={typeUi(type).label}>
      <MonitorList key={type} type={type} />
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
export function MonitorList({ type, embedded = false }: { type: MonitorType; embedded?: boolean }) {
  const ui = typeUi(type)
  const logic = useMemo(() => monitorListLogic(monitorsApi, type), [type])
  const list = useActorRef(logic)
  usePageVisibility(list)
  const data = useSelector(list, (s) => s.context.data)
  const error = useSelector(list, (s) => s.context.error)
  const failed = useSelector(list, (s) => s.matches('failed'))
  const minInterval = useMinInterval()
  const refresh = useCallback(() => list.send({ type: 'poll.refresh' }), [list])
  const { actions, busyId, deleteConfirm } = useMonitorActions({ changed: refresh, removed: refresh })
  const [form, setForm] = useState<FormState>(null)
  const closeForm = useCallback(() => setForm(null), [])
  const saved = useCallback(() => {
    setForm(null)
    refresh()
  }, [refresh])
  const add = () => setForm({ monitor: null })
  const counts = data?.counts
  const Icon = ui.icon
  const noun = `${ui.noun.charAt(0).toUpperCase()}${ui.noun.slice(1)}s`

  return (
    <section className={pageLayout} aria-labelledby="monitors-title">
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title
            id="monitors-title"
            as={embedded ? 'h2' : 'h1'}
            fontSize={embedded ? 'xl' : undefined}
            display="flex"
            gap="2"
            alignItems="center"
          >
            <Icon size={embedded ? 20 : 24} aria-hidden="true" className={css({ flexShrink: '0', color: 'muted' })} />
            {embedded ? noun : ui.label}
          </PageHeader.Title>
          {counts && counts.total > 0 && (
            <PageHeader.Description fontSize="sm" data-testid="monitor-counts">
              {counts.total} in all · {counts.up} up · {counts.down} down
              {counts.degraded > 0 && ` · ${counts.degraded} degraded`} · {counts.paused} paused
              {counts.pending > 0 && ` · ${counts.pending} pending`}
            </PageHeader.Description>
          )}
        </PageHeader.Content>
        {data && data.monitors.length > 0 && (
          <PageHeader.Actions>
            <Button onClick={add}>
              <Plus aria-hidden="true" /> Add {ui.noun}
            </Button>
          </PageHeader.Actions>
        )}
      </PageHeader.Root>

      {failed && <RetryAlert onRetry={refresh}>{data ? `Could not refresh the list: ${error}` : error}</RetryAlert>}

      {!data ? (
        !failed && <LoadingCard />
      ) : data.monitors.length === 0 ? (
        <EmptyState.Root variant="card">
          <EmptyState.Indicator>
            <Icon aria-hidden="true" />
          </EmptyState.Indicator>
          <EmptyState.Title as={embedded ? 'h3' : 'h2'}>No {ui.noun}s yet</EmptyState.Title>
          <EmptyState.Description>
            Add one and it is checked on your schedule; you hear of it {ui.hear}.
          </EmptyState.Description>
          <EmptyState.Actions>
            <Button onClick={add}>
              <Plus aria-hidden="true" /> Add your first {ui.noun}
            </Button>
          </EmptyState.Actions>
        </EmptyState.Root>
      ) : (
        <Card.Root p={{ base: '2', md: '4' }}>
          <MonitorTable
            ui={ui}
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
        </Card.Root>
      )}

      {form && (
        <LazyMonitorForm
          type={type}
          monitor={form.monitor}
          minIntervalSeconds={minInterval}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
      <DeleteConfirm {...deleteConfirm} />
    </section>
  )
}
