import { useSelector } from '../../app/actor-hooks.ts'
import { Plus, Tags } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { DEFAULTS, type MonitorType } from '@vigil/domain/monitor.schema'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { typeIcon } from '../../components/icons.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { useShell } from '../../layout/shell-context.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { pageLayout } from '../PageParts.tsx'
import { MonitorListView } from './list/MonitorListView.tsx'
import { typeUi } from './types/index.ts'

/** The list page of one monitor type, behind its plan gate. */
export function MonitorListPage({ type }: { type: MonitorType }) {
  return (
    <FeatureGate feature={typeUi(type).label}>
      <MonitorList key={type} type={type} />
    </FeatureGate>
  )
}

/** The plan's fastest check interval, once the subscription is known. */
export function useMinInterval(): number {
  const { subscription } = useShell()
  return useSelector(
    subscription,
    (s) => s.context.subscription?.plan.limits.min_interval_seconds ?? DEFAULTS.interval_seconds,
  )
}

/**
 * The monitors of one type: the one monitor list (`list/MonitorListView.tsx`) filtered to the type, with the page's
 * title, its "Add ..." button and its empty state. On its own page the list's title is the page's; `embedded` puts it
 * under another page's title (the Check Black List page, a cloud provider's page) as a section.
 */
export function MonitorList({ type, embedded = false }: { type: MonitorType; embedded?: boolean }) {
  const ui = typeUi(type)
  const minInterval = useMinInterval()
  const Icon = typeIcon(type)
  const noun = `${ui.noun.charAt(0).toUpperCase()}${ui.noun.slice(1)}s`

  return (
    <section className={pageLayout} aria-labelledby="monitors-title">
      <MonitorListView
        fixedType={type}
        label={`${ui.label} monitors`}
        minIntervalSeconds={minInterval}
        header={({ counts, hasMonitors, add, manageTags }) => (
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
                <Icon
                  size={embedded ? 20 : 24}
                  aria-hidden="true"
                  className={css({ flexShrink: '0', color: 'muted' })}
                />
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
            {hasMonitors && (
              <PageHeader.Actions>
                <Button variant="outline" onClick={manageTags}>
                  <Tags aria-hidden="true" /> Manage tags
                </Button>
                <Button onClick={() => add(type)}>
                  <Plus aria-hidden="true" /> Add {ui.noun}
                </Button>
              </PageHeader.Actions>
            )}
          </PageHeader.Root>
        )}
        empty={(add) => (
          <EmptyState.Root variant="card">
            <EmptyState.Indicator>
              <Icon aria-hidden="true" />
            </EmptyState.Indicator>
            <EmptyState.Title as={embedded ? 'h3' : 'h2'}>No {ui.noun}s yet</EmptyState.Title>
            <EmptyState.Description>
              Add one and it is checked on your schedule; you hear of it {ui.hear}.
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button onClick={() => add(type)}>
                <Plus aria-hidden="true" /> Add your first {ui.noun}
              </Button>
            </EmptyState.Actions>
          </EmptyState.Root>
        )}
      />
    </section>
  )
}
