import { MONITOR_STATUSES, MONITOR_TYPES, type Monitor, type MonitorType } from '@vigil/domain/monitor.schema'
import type { MonitorSort } from '@vigil/domain/monitor-list'
import {
  type ListChoice,
  type MonitorCounts,
  nextSortOf,
  rangeText,
  sortOfChoice,
} from '@vigil/domain/monitor-list-view'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { liveEvents } from '../../../../adapters/live-events.ts'
import { type ListChoices, listChoicesLogic, monitorListLogic } from '../../../../adapters/monitor-list.actors.ts'
import { monitorListApi } from '../../../../adapters/monitor-list-api.ts'
import { statusPagesApi } from '../../../../adapters/status-pages-api.ts'
import { useActorRef, useSelector } from '../../../app/actor-hooks.ts'
import { useLive, useLiveStatus } from '../../../app/use-live.ts'
import * as Alert from '../../../components/alert.tsx'
import { Button } from '../../../components/button.tsx'
import * as Card from '../../../components/card.tsx'
import * as Field from '../../../components/field.tsx'
import { FilterSelect } from '../../FilterSelect.tsx'
import { LoadingCard, RetryAlert } from '../../PageParts.tsx'
import { DeleteConfirm } from '../DeleteConfirm.tsx'
import { LazyMonitorForm } from '../LazyMonitorForm.tsx'
import { MonitorTable } from '../MonitorTable.tsx'
import { typeUi } from '../types/index.ts'
import { useMonitorActions } from '../use-monitor-actions.ts'
import { usePageVisibility } from '../use-page-visibility.ts'
import { BulkBar } from './BulkBar.tsx'
import { ManageTagsDialog } from './ManageTags.tsx'
import { useListChoice } from './use-list-choice.ts'

// The one monitor list (issue 19), on the dashboard (every type, with a type filter) and on each type's page (that
// type only): search, filters with their counts, sort, pages, all kept in the address; rows with their heartbeat bars;
// bulk actions on the selected rows; kept up to date by the live stream (or every 10 s while it is lost).

export const SEARCH_DEBOUNCE_MS = 250

const STATUS_LABELS = { up: 'Up', down: 'Down', degraded: 'Degraded', pending: 'Pending', paused: 'Paused' } as const

const SORTS: readonly { value: string; label: string }[] = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'status', label: 'Status (down first)' },
  { value: 'uptime', label: 'Uptime 24 h (lowest first)' },
  { value: '-uptime', label: 'Uptime 24 h (highest first)' },
  { value: '-response', label: 'Response (slowest first)' },
  { value: 'response', label: 'Response (fastest first)' },
  { value: '-last_check', label: 'Last check (newest first)' },
  { value: 'last_check', label: 'Last check (oldest first)' },
]

const filterBar = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(auto-fit, minmax(10rem, 1fr))',
  },
  alignItems: 'end',
})
const searchField = css({ gridColumn: { base: 'auto', sm: '1 / -1', lg: 'span 2' } })

/** What the page around the list shows above it, from the list's answer. */
export interface ListHeaderInfo {
  counts: MonitorCounts | null
  /** The user has monitors here (whatever the filters). */
  hasMonitors: boolean
  add(type: MonitorType): void
  manageTags(): void
}

export interface MonitorListViewProps {
  /** A type's own page: only that type, no type filter. */
  fixedType?: MonitorType
  /** The name of the table's region ("Website Monitoring monitors"). */
  label: string
  header(info: ListHeaderInfo): ReactNode
  /** What shows when the user has no monitors here at all. */
  empty(add: (type: MonitorType) => void): ReactNode
  minIntervalSeconds: number
}

/** The form open: a new monitor, one to edit, or a copy of `copyOf` ("Duplicate"). */
type FormState = { type: MonitorType; monitor: Monitor | null; copyOf?: Monitor } | null

const isFiltered = (choice: ListChoice, fixedType?: MonitorType) =>
  choice.q.trim() !== '' ||
  choice.status !== '' ||
  choice.tag !== '' ||
  choice.statusPage !== '' ||
  (!fixedType && choice.type !== '')

/** The user's tags and status pages, read once per `version` (the Manage tags dialog bumps it). */
function ChoicesSource({ onLoad }: { onLoad: (choices: ListChoices) => void }) {
  const logic = useMemo(() => listChoicesLogic(monitorListApi, statusPagesApi.statusPages), [])
  const ref = useActorRef(logic)
  const data = useSelector(ref, (s) => s.context.data)
  useEffect(() => {
    if (data) onLoad(data)
  }, [data, onLoad])
  return null
}

export function MonitorListView({ fixedType, label, header, empty, minIntervalSeconds }: MonitorListViewProps) {
  const { choice, change } = useListChoice(fixedType)
  const liveStatus = useLiveStatus()
  const logic = useMemo(() => monitorListLogic(monitorListApi), [])
  const list = useActorRef(logic, { input: { choice, live: liveEvents.status() === 'live' } })
  usePageVisibility(list)
  const data = useSelector(list, (s) => s.context.data)
  const error = useSelector(list, (s) => s.context.error)
  const failed = useSelector(list, (s) => s.matches({ list: 'failed' }))
  const loading = useSelector(list, (s) => s.matches({ list: 'loading' }))
  const selectedIds = useSelector(list, (s) => s.context.selected)
  const bulk = useSelector(list, (s) => s.context.bulk)
  const confirming = useSelector(list, (s) => s.matches({ bulk: 'confirming' }))
  const running = useSelector(list, (s) => s.matches({ bulk: 'running' }))
  const outcome = useSelector(list, (s) => s.context.outcome)
  const selected = useMemo(() => new Set(selectedIds), [selectedIds])

  const [choices, setChoices] = useState<ListChoices>({ tags: [], statusPages: [] })
  const [choicesVersion, setChoicesVersion] = useState(0)
  const [managing, setManaging] = useState(false)
  const [form, setForm] = useState<FormState>(null)

  // The choice leads; the flow reads the page of each new one.
  const choiceKey = JSON.stringify(choice)
  useEffect(() => {
    list.send({ type: 'list.choose', choice: JSON.parse(choiceKey) as ListChoice })
  }, [choiceKey, list])

  useEffect(() => list.send({ type: 'live.status', status: liveStatus }), [liveStatus, list])
  useLive((event) => {
    if (event.kind === 'monitor') {
      if (fixedType && event.type !== fixedType) return
      list.send({ type: 'live.monitor', event })
    } else if (event.kind === 'monitors' || event.kind === 'resync') list.send({ type: 'live.reload' })
  })

  const reload = useCallback(() => list.send({ type: 'list.reload' }), [list])
  const { actions, busyId, deleteConfirm } = useMonitorActions({ changed: reload, removed: reload })
  const add = useCallback((type: MonitorType) => setForm({ type, monitor: null }), [])
  const manageTags = useCallback(() => setManaging(true), [])
  const saved = useCallback(() => {
    setForm(null)
    reload()
  }, [reload])

  // The search box: typed at once, asked for once typing rests.
  const [text, setText] = useState(choice.q)
  useEffect(() => setText(choice.q), [choice.q])
  useEffect(() => {
    if (text === choice.q) return
    const timer = setTimeout(() => change({ q: text }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, choice.q, change])

  const filtered = isFiltered(choice, fixedType)
  const hasMonitors = data !== null && (data.counts.total > 0 || filtered)
  const sort = sortOfChoice(choice)
  const sortBy = (by: MonitorSort) => change({ sort: nextSortOf(choice, by), page: choice.page })
  const counts = data?.counts ?? null
  const pagination = data?.pagination
  const bulkCount = bulk?.monitor_ids.length ?? selectedIds.length

  return (
    <>
      <ChoicesSource key={choicesVersion} onLoad={setChoices} />
      {header({ counts, hasMonitors, add, manageTags })}

      {failed && <RetryAlert onRetry={reload}>{data ? `Could not refresh the list: ${error}` : error}</RetryAlert>}

      {!data ? (
        !failed && <LoadingCard />
      ) : !hasMonitors ? (
        empty(add)
      ) : (
        <Card.Root p={{ base: '3', md: '4' }} gap="4" aria-busy={loading}>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is not in every browser we support yet */}
          <div role="search" className={filterBar} aria-label="Filter monitors">
            <Field.Root className={searchField}>
              <Field.Label>Search</Field.Label>
              <div className={css({ position: 'relative' })}>
                <Search
                  aria-hidden="true"
                  size={16}
                  className={css({
                    position: 'absolute',
                    left: '3',
                    top: '50%',
                    transform: 'translateY(-50%)',
                    color: 'muted',
                  })}
                />
                <Field.Input
                  type="search"
                  value={text}
                  placeholder="Name or target"
                  onChange={(e) => setText(e.target.value)}
                  ps="9"
                />
              </div>
            </Field.Root>
            {!fixedType && (
              <FilterSelect
                label="Type"
                allLabel={`All types (${counts?.total ?? 0})`}
                value={choice.type}
                options={MONITOR_TYPES.map((type) => ({
                  value: type,
                  label: `${MONITOR_PAGES[type].label} (${data.facets.types[type] ?? 0})`,
                }))}
                onChange={(value) => change({ type: value as MonitorType | '' })}
              />
            )}
            <FilterSelect
              label="Status"
              allLabel={`All states (${counts?.total ?? 0})`}
              value={choice.status}
              options={MONITOR_STATUSES.map((s) => ({ value: s, label: `${STATUS_LABELS[s]} (${counts?.[s] ?? 0})` }))}
              onChange={(value) => change({ status: value as ListChoice['status'] })}
            />
            <FilterSelect
              label="Tag"
              allLabel="All tags"
              value={choice.tag}
              options={choices.tags.map((t) => ({ value: t.id, label: `${t.name} (${data.facets.tags[t.id] ?? 0})` }))}
              onChange={(tag) => change({ tag })}
            />
            {choices.statusPages.length > 0 && (
              <FilterSelect
                label="Status page"
                allLabel="Any status page"
                value={choice.statusPage}
                options={choices.statusPages.map((p) => ({
                  value: p.id,
                  label: `${p.name} (${data.facets.status_pages[p.id] ?? 0})`,
                }))}
                onChange={(statusPage) => change({ statusPage })}
              />
            )}
            <FilterSelect
              label="Sort by"
              value={choice.sort}
              options={SORTS}
              onChange={(sort) => change({ sort, page: choice.page })}
            />
          </div>

          {outcome && (
            <Alert.Root
              role={outcome.tone === 'error' ? 'alert' : 'status'}
              status={outcome.tone}
              data-testid="bulk-outcome"
            >
              <Alert.Description>{outcome.text}</Alert.Description>
              <Button size="sm" variant="ghost" onClick={() => list.send({ type: 'bulk.dismiss' })}>
                Dismiss
              </Button>
            </Alert.Root>
          )}

          {selectedIds.length > 0 && (
            <BulkBar
              count={selectedIds.length}
              tags={choices.tags}
              busy={running}
              onAction={(action, tag) => list.send({ type: 'list.bulk', action, tag })}
              onClear={() => list.send({ type: 'list.selectPage', selected: false })}
              onManageTags={manageTags}
            />
          )}

          {data.monitors.length === 0 ? (
            <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
              <p role="status">No monitors match these filters.</p>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setText('')
                  change({ q: '', status: '', tag: '', statusPage: '', type: fixedType ?? '' })
                }}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <MonitorTable
              label={label}
              monitors={data.monitors}
              now={Date.now()}
              showType={!fixedType}
              ui={fixedType ? typeUi(fixedType) : null}
              sort={{ ...sort, sortBy }}
              selection={{
                selected,
                select: (id, on) => list.send({ type: 'list.select', id, selected: on }),
                selectPage: (on) => list.send({ type: 'list.selectPage', selected: on }),
              }}
              actions={{
                busyId,
                pause: (monitor) => actions.send({ type: 'monitor.pause', monitor }),
                resume: (monitor) => actions.send({ type: 'monitor.resume', monitor }),
                edit: (monitor) => setForm({ type: monitor.type, monitor }),
                duplicate: (monitor) => setForm({ type: monitor.type, monitor: null, copyOf: monitor }),
                remove: (monitor) => actions.send({ type: 'monitor.delete', monitor }),
              }}
            />
          )}

          {pagination && pagination.total > 0 && (
            <nav
              aria-label="Pages"
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '2',
              })}
            >
              <p className={css({ fontSize: 'sm', color: 'muted' })} data-testid="list-range">
                {rangeText(pagination)}
              </p>
              {pagination.total_pages > 1 && (
                <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pagination.page <= 1}
                    onClick={() => change({ page: pagination.page - 1 })}
                  >
                    <ChevronLeft aria-hidden="true" /> Previous
                  </Button>
                  <span className={css({ fontSize: 'sm' })}>
                    Page {pagination.page} of {pagination.total_pages}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pagination.page >= pagination.total_pages}
                    onClick={() => change({ page: pagination.page + 1 })}
                  >
                    Next <ChevronRight aria-hidden="true" />
                  </Button>
                </div>
              )}
            </nav>
          )}
        </Card.Root>
      )}

      {form && (
        <LazyMonitorForm
          type={form.type}
          monitor={form.monitor}
          copyOf={form.copyOf}
          minIntervalSeconds={minIntervalSeconds}
          onClose={() => setForm(null)}
          onSaved={saved}
        />
      )}
      <DeleteConfirm {...deleteConfirm} />
      <DeleteConfirm
        open={confirming || (running && bulk?.action === 'delete')}
        loading={running}
        deleted={{ kind: 'monitors', name: String(bulkCount) }}
        title={`Delete ${bulkCount === 1 ? 'the selected monitor' : `${bulkCount} monitors`}?`}
        confirmText={bulkCount === 1 ? 'Delete monitor' : `Delete ${bulkCount} monitors`}
        onConfirm={() => list.send({ type: 'bulk.confirm' })}
        onCancel={() => list.send({ type: 'bulk.cancel' })}
      />
      {managing && (
        <ManageTagsDialog
          onClose={() => {
            setManaging(false)
            setChoicesVersion((n) => n + 1)
            reload()
          }}
        />
      )}
    </>
  )
}
