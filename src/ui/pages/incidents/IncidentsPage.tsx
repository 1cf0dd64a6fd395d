import { INCIDENT_STATE_LABELS, INCIDENT_STATES, type IncidentState } from '@vigil/domain/incident'
import { MONITOR_TYPE_PAGES, type MonitorType } from '@vigil/domain/monitor-types/pages'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { incidentsApi, incidentsLogic } from '../../../adapters/incidents-api.ts'
import type { IncidentFilters } from '../../../machines/incidents.machine.ts'
import { useLive } from '../../app/use-live.ts'
import * as EmptyState from '../../components/empty-state.tsx'
import * as Field from '../../components/field.tsx'
import * as Table from '../../components/table.tsx'
import { FilterSelect } from '../FilterSelect.tsx'
import { formatDuration } from '../monitors/format.ts'
import { TimeCell } from '../monitors/TimeCell.tsx'
import { numeric } from '../monitors/table-styles.ts'
import { NewerOlderPager } from '../NewerOlderPager.tsx'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { IncidentStateChip, incidentPath, textLink } from './incident-parts.tsx'

const TYPES = Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]
const STATE_CHOICES = INCIDENT_STATES.map((s) => ({ value: s, label: INCIDENT_STATE_LABELS[s] }))
const TYPE_CHOICES = TYPES.map((t) => ({ value: t, label: MONITOR_TYPE_PAGES[t].label }))

const filtersOf = (params: URLSearchParams): IncidentFilters => {
  const status = params.get('status')
  const type = params.get('type')
  const page = Number(params.get('page'))
  return {
    status: INCIDENT_STATES.includes(status as IncidentState) ? (status as IncidentState) : undefined,
    type: TYPES.includes(type as MonitorType) ? (type as MonitorType) : undefined,
    q: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

const paramsOf = (f: IncidentFilters) => {
  const out = new URLSearchParams()
  if (f.status) out.set('status', f.status)
  if (f.type) out.set('type', f.type)
  if (f.q) out.set('q', f.q)
  if (f.page > 1) out.set('page', String(f.page))
  return out
}

/**
 * The filters in component state, mirrored to the address (as the reporting page's choices are): react-router's
 * search-param updates are transitions, so the inputs answer at once and the address follows; going back or a
 * link moves the state.
 */
function useFilterParams() {
  const [search, setSearch] = useSearchParams()
  const [filters, setFilters] = useState(() => filtersOf(search))
  const written = useRef(paramsOf(filtersOf(search)).toString())
  useEffect(() => {
    const next = filtersOf(search)
    if (paramsOf(next).toString() === written.current) return
    written.current = paramsOf(next).toString()
    setFilters(next)
  }, [search])
  useEffect(() => {
    const text = paramsOf(filters).toString()
    if (text === written.current) return
    written.current = text
    setSearch(paramsOf(filters), { replace: true })
  }, [filters, setSearch])
  const choose = (patch: Partial<IncidentFilters>) => setFilters((before) => ({ ...before, page: 1, ...patch }))
  return { filters, choose, setPage: (page: number) => setFilters((before) => ({ ...before, page })) }
}

const filterBar = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'end',
})

/** /incidents: the incidents of every monitor, newest first, by state, type and monitor name. */
export function IncidentsPage() {
  const { filters, choose, setPage } = useFilterParams()
  // What is typed in the search box, sent a moment after the typing stops.
  const [typed, setTyped] = useState(filters.q ?? '')
  useEffect(() => setTyped(filters.q ?? ''), [filters.q])
  useEffect(() => {
    const q = typed.trim() || undefined
    if (q === filters.q) return
    const timer = setTimeout(() => choose({ q }), 300)
    return () => clearTimeout(timer)
  })

  const list = useActorRef(
    useMemo(() => incidentsLogic(incidentsApi), []),
    { input: { filters } },
  )
  const key = paramsOf(filters).toString()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    list.send({ type: 'incidents.filter', filters: filtersOf(new URLSearchParams(key)) })
  }, [key, list])
  useLive((event) => {
    if (event.kind === 'incident' || event.kind === 'resync') list.send({ type: 'incidents.refresh' })
  })

  const data = useSelector(list, (s) => s.context.data)
  const error = useSelector(list, (s) => s.context.error)
  const failed = useSelector(list, (s) => s.matches('failed'))
  const loading = useSelector(list, (s) => s.matches('loading'))
  // A filter's select: its value ('' for all), and the choice, which the lists of choices keep valid.
  const filterOf = (key: 'status' | 'type') => ({
    value: filters[key] ?? '',
    onChange: (value: string) => choose({ [key]: value || undefined }),
  })
  const filtered = filters.status !== undefined || filters.type !== undefined || filters.q !== undefined
  const pages = Math.max(1, data?.pagination.total_pages ?? 1)
  const now = Date.now()

  return (
    <StackedPage
      id="incidents-title"
      title="Incidents"
      description="Every outage of your monitors: who was alerted, who is on it, and how it ended."
    >
      <search className={filterBar} aria-label="Filter incidents">
        <FilterSelect label="State" allLabel="All states" options={STATE_CHOICES} {...filterOf('status')} />
        <FilterSelect label="Monitor type" allLabel="All types" options={TYPE_CHOICES} {...filterOf('type')} />
        <Field.Root>
          <Field.Label>Monitor name</Field.Label>
          <Field.Input type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        </Field.Root>
      </search>

      {failed && (
        <RetryAlert onRetry={() => list.send({ type: 'incidents.retry' })}>
          {data ? `Could not refresh the list: ${error}` : error}
        </RetryAlert>
      )}
      {!data && !failed && <LoadingCard />}
      {data &&
        (data.incidents.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Title>{filtered ? 'No incidents match these filters' : 'No incidents yet'}</EmptyState.Title>
            <EmptyState.Description>
              {filtered
                ? 'Try another state, type or name.'
                : 'When a monitor goes down, its incident appears here with its timeline.'}
            </EmptyState.Description>
          </EmptyState.Root>
        ) : (
          <div aria-busy={loading}>
            <Table.Simple
              label="Incidents table"
              layout="stack"
              columns={['Monitor', 'State', 'Started', 'Duration', 'Cause']}
            >
              {data.incidents.map((i) => (
                <Table.Row key={i.id}>
                  <Table.Cell>
                    <Link to={incidentPath(i.id)} className={textLink}>
                      {i.monitor_name}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <IncidentStateChip state={i.state} />
                  </Table.Cell>
                  <TimeCell at={i.started_at} />
                  <Table.Cell className={numeric}>
                    {formatDuration(i.duration_ms ?? Math.max(0, now - Date.parse(i.started_at)))}
                  </Table.Cell>
                  <Table.Cell minW={{ md: '48' }} overflowWrap="anywhere">
                    {i.cause}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Simple>
            {pages > 1 && (
              <NewerOlderPager
                label="Incident pages"
                page={filters.page}
                pages={pages}
                count={`${data.pagination.total} incidents`}
                onPage={setPage}
                className={css({ mt: '3', flexWrap: 'wrap' })}
              />
            )}
          </div>
        ))}
    </StackedPage>
  )
}
