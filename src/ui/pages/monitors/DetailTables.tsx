import { css } from '../../../../styled-system/css'
import type { CheckResult, Incident } from '../../../domain/check-result.ts'
import type { Pagination } from '../../../machines/monitor-detail.machine.ts'
import { Button } from '../../components/button.tsx'
import { formatDateTime, formatDuration, formatMs } from './format.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { muted, numeric, table, tableWrap } from './table-styles.ts'

/** The latest check results, newest first, a page at a time. */
export function ResultsTable({
  results,
  pagination,
  onPage,
}: {
  results: readonly CheckResult[]
  pagination: Pagination
  onPage: (page: number) => void
}) {
  if (results.length === 0) return <p className={muted}>No checks yet: the first one runs shortly.</p>
  const pages = Math.max(1, pagination.total_pages)
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={tableWrap} tabIndex={0} aria-label="Results table">
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">Response</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.checked_at}>
                <td className={numeric}>
                  <time dateTime={r.checked_at}>{formatDateTime(r.checked_at)}</time>
                </td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td className={numeric}>{formatMs(r.response_ms)}</td>
                <td className={css({ minW: '48' })}>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav aria-label="Result pages" className={css({ display: 'flex', gap: '3', alignItems: 'center', mt: '3' })}>
        <Button size="sm" variant="outline" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
          Newer
        </Button>
        <span className={css({ color: 'muted', fontSize: 'sm' })}>
          Page {pagination.page} of {pages} · {pagination.total} checks
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={pagination.page >= pages}
          onClick={() => onPage(pagination.page + 1)}
        >
          Older
        </Button>
      </nav>
    </>
  )
}

/** The monitor's incidents, newest first: an ongoing one has no end yet. */
export function IncidentsTable({ incidents, now }: { incidents: readonly Incident[]; now: number }) {
  if (incidents.length === 0) return <p className={muted}>No incidents. Long may it last.</p>
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={tableWrap} tabIndex={0} aria-label="Incidents table">
      <table className={table}>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Ended</th>
            <th scope="col">Duration</th>
            <th scope="col">Cause</th>
          </tr>
        </thead>
        <tbody>
          {incidents.map((i) => (
            <tr key={i.id}>
              <td className={numeric}>
                <time dateTime={i.started_at}>{formatDateTime(i.started_at)}</time>
              </td>
              <td className={numeric}>
                {i.resolved_at ? (
                  <time dateTime={i.resolved_at}>{formatDateTime(i.resolved_at)}</time>
                ) : (
                  <StatusBadge status="down" label="ongoing" />
                )}
              </td>
              <td className={numeric}>
                {formatDuration(i.duration_ms ?? Math.max(0, now - Date.parse(i.started_at)))}
              </td>
              <td className={css({ minW: '48' })}>{i.cause}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
