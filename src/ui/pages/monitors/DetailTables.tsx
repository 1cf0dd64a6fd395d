import type { CheckResult, Incident } from '@vigil/domain/check-result'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { Pagination } from '../../../machines/monitor-detail.machine.ts'
import * as Table from '../../components/table.tsx'
import { NewerOlderPager } from '../NewerOlderPager.tsx'
import { formatDateTime, formatDuration, formatMs } from './format.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { TimeCell } from './TimeCell.tsx'
import { link, muted, numeric } from './table-styles.ts'
import { VerdictChip } from './VerdictChip.tsx'

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
      {/* "Check" is what the check found; "State" the monitor's state after it (a failure waiting for its retry
          leaves it up). On a phone each result is a line, its message below it. */}
      <Table.Simple label="Results table" columns={['Time', 'Check', 'State', 'Response', 'Message']} layout="lines">
        {results.map((r) => (
          <Table.Row key={r.checked_at}>
            <TimeCell at={r.checked_at} />
            <Table.Cell>
              <VerdictChip result={r} />
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={r.status} />
            </Table.Cell>
            <Table.Cell className={numeric}>{formatMs(r.response_ms)}</Table.Cell>
            <Table.Cell minW="48">{r.message}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Simple>
      <NewerOlderPager
        label="Result pages"
        page={pagination.page}
        pages={pages}
        count={`${pagination.total} checks`}
        onPage={onPage}
        className={css({ mt: '3' })}
      />
    </>
  )
}

/** The monitor's incidents, newest first: an ongoing one has no end yet. */
export function IncidentsTable({ incidents, now }: { incidents: readonly Incident[]; now: number }) {
  if (incidents.length === 0) return <p className={muted}>No incidents. Long may it last.</p>
  const ongoing = incidents.find((i) => i.resolved_at === null)
  return (
    <>
      {ongoing && (
        <p className={css({ mb: '3' })}>
          <Link to={`/incidents/${encodeURIComponent(ongoing.id)}`} className={link}>
            Open the ongoing incident
          </Link>{' '}
          to acknowledge it, see who was alerted and add notes.
        </p>
      )}
      <Table.Simple label="Incidents table" columns={['Started', 'Ended', 'Duration', 'Cause']} layout="lines">
        {incidents.map((i) => (
          <Table.Row key={i.id}>
            <Table.Cell className={numeric}>
              {/* The incident's page: its timeline, who was alerted, acknowledging and comments. */}
              <Link to={`/incidents/${encodeURIComponent(i.id)}`} className={link}>
                <time dateTime={i.started_at}>{formatDateTime(i.started_at)}</time>
              </Link>
            </Table.Cell>
            <Table.Cell className={numeric}>
              {i.resolved_at ? (
                <time dateTime={i.resolved_at}>{formatDateTime(i.resolved_at)}</time>
              ) : (
                <StatusBadge status="down" label="ongoing" />
              )}
            </Table.Cell>
            <Table.Cell className={numeric}>
              {formatDuration(i.duration_ms ?? Math.max(0, now - Date.parse(i.started_at)))}
            </Table.Cell>
            <Table.Cell minW="48">{i.cause}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Simple>
    </>
  )
}
