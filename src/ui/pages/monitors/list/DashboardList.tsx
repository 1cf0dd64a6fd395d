import { MONITOR_TYPES, type MonitorType } from '@vigil/domain/monitor.schema'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { entryLock } from '@vigil/domain/plan'
import { ChevronDown, Plus, Tags } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../../styled-system/css'
import { useSelector } from '../../../app/actor-hooks.ts'
import { Button } from '../../../components/button.tsx'
import * as EmptyState from '../../../components/empty-state.tsx'
import * as Menu from '../../../components/menu.tsx'
import { useShell } from '../../../layout/shell-context.tsx'
import { useMinInterval } from '../MonitorListPage.tsx'
import { MonitorListView } from './MonitorListView.tsx'

// The dashboard's main part: every monitor of every type in the one list, with a type filter.

/**
 * The types a new monitor may have, as a menu. It opens by itself when the address asks (`?add=monitor`, where the
 * welcome dialog's "Add your first monitor" leads), and takes the ask out of the address once closed.
 */
function AddMenu({ add, label }: { add: (type: MonitorType) => void; label: string }) {
  const { subscription } = useShell()
  const accesses = useSelector(subscription, (s) => s.context.subscription?.plan.planAccesses ?? [])
  const types = MONITOR_TYPES.filter((t) => !entryLock(accesses, MONITOR_PAGES[t].label).locked)
  const [search, setSearch] = useSearchParams()
  const asked = search.get('add') === 'monitor'
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (asked) setOpen(true)
  }, [asked])
  const openChange = (next: boolean) => {
    setOpen(next)
    if (next || !asked) return
    setSearch(
      (params) => {
        const out = new URLSearchParams(params)
        out.delete('add')
        return out
      },
      { replace: true },
    )
  }
  return (
    <Menu.Root open={open} onOpenChange={(e) => openChange(e.open)} onSelect={({ value }) => add(value as MonitorType)}>
      <Menu.Trigger asChild>
        <Button>
          <Plus aria-hidden="true" /> {label} <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {types.map((t) => (
            <Menu.Item key={t} value={t}>
              {MONITOR_PAGES[t].label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}

export function DashboardList() {
  const minInterval = useMinInterval()
  return (
    <section
      aria-labelledby="all-monitors"
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
    >
      <MonitorListView
        label="All monitors"
        minIntervalSeconds={minInterval}
        header={({ hasMonitors, add, manageTags }) => (
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '2',
              alignItems: 'center',
              justifyContent: 'space-between',
            })}
          >
            <h2
              id="all-monitors"
              className={css({ fontSize: 'xl', fontWeight: 'semibold', hyphens: 'manual', overflowWrap: 'normal' })}
            >
              All monitors
            </h2>
            {hasMonitors && (
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                <Button variant="outline" onClick={manageTags}>
                  <Tags aria-hidden="true" /> Manage tags
                </Button>
                <AddMenu add={add} label="Add monitor" />
              </div>
            )}
          </div>
        )}
        empty={(add) => (
          <EmptyState.Root variant="card">
            <EmptyState.Title as="h3">No monitors yet</EmptyState.Title>
            <EmptyState.Description>
              Add a website, an API, a server or a domain, and it is checked on your schedule.
            </EmptyState.Description>
            <EmptyState.Actions>
              <AddMenu add={add} label="Add your first monitor" />
            </EmptyState.Actions>
          </EmptyState.Root>
        )}
      />
    </section>
  )
}
