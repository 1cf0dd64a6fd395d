import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import type { ReportNumbers } from '@vigil/domain/report'
import { formatReportNumbers, reportPeriod } from '@vigil/domain/report-format'
import type { Report } from '@vigil/domain/report-view'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { ReportCharts } from './ReportCharts.tsx'
import { ReportTable, SlaChip } from './ReportTable.tsx'

const statGrid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, 1fr)' },
  m: '0',
})
const statTerm = css({ fontSize: 'sm', color: 'muted' })
const statValue = css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', m: '0' })
const statNote = css({ fontSize: 'xs', color: 'muted', m: '0' })

/** One number of the totals: what it is, the figure, and a line under it. */
function Stat({ term, value, note }: { term: string; value: React.ReactNode; note?: React.ReactNode }) {
  return (
    <Card.Root size="sm" className={css({ display: 'grid', gap: '1', alignContent: 'start' })}>
      <dt className={statTerm}>{term}</dt>
      <dd className={statValue}>{value}</dd>
      {note && <dd className={statNote}>{note}</dd>}
    </Card.Root>
  )
}

function Totals({ totals }: { totals: ReportNumbers }) {
  const text = formatReportNumbers(totals, { set: true })
  return (
    <section aria-labelledby="totals-title">
      <h3 id="totals-title" className={css({ srOnly: true })}>
        Totals
      </h3>
      <dl className={statGrid}>
        <Stat term="Uptime" value={text.uptime} note={`${totals.checks.toLocaleString('en-US')} checks`} />
        <Stat
          term="SLA"
          value={<SlaChip status={totals.sla} />}
          note={
            <>
              Target {text.sla_target}
              {totals.error_budget_left_ms !== null && <>, error budget left {text.error_budget_left_ms}</>}
            </>
          }
        />
        <Stat term="Downtime" value={text.downtime_ms} note={`No data: ${text.no_data_ms} of the time`} />
        <Stat term="Incidents" value={text.incidents} note={`Longest: ${text.longest_incident_ms}`} />
        <Stat term="MTTR" value={text.mttr_ms} note={`MTBF: ${text.mtbf_ms}`} />
        <Stat term="Response" value={text.response_avg_ms} note={`p95: ${text.response_p95_ms}`} />
      </dl>
    </section>
  )
}

/** Where a set without monitors gets one: its type's page, or the websites'. */
const addPath = (report: Report) =>
  report.selection.kind === 'type' ? MONITOR_TYPE_PAGES[report.selection.type].list : '/services/web-monitoring'

/** A report: the period it covers, the set's totals, the days as charts and every monitor's numbers. */
export function ReportResults({ report, zone }: { report: Report; zone: string }) {
  const covered = reportPeriod(report.covered_from, report.covered_to, zone)
  const asked = reportPeriod(report.from, report.to, zone)
  const differs = report.covered_from !== report.from || report.covered_to !== report.to
  return (
    <section aria-labelledby="report-title" className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <header>
        <h2 id="report-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {report.title}
        </h2>
        <p data-testid="report-period">{covered}</p>
        {differs && (
          <p className={css({ fontSize: 'sm', color: 'muted' })} data-testid="report-covered-note">
            You asked for {asked}. The numbers cover the time up to the report and, where finer data is no longer kept,
            whole hours or days.
          </p>
        )}
      </header>
      {report.monitors.length === 0 ? (
        <EmptyState.Root variant="card">
          <EmptyState.Title as="h3">No monitors in this set</EmptyState.Title>
          <EmptyState.Description>
            A report needs monitors to count: add one, or choose another set.
          </EmptyState.Description>
          <EmptyState.Actions>
            <Link to={addPath(report)} className={button({ variant: 'outline' })}>
              Add a monitor
            </Link>
          </EmptyState.Actions>
        </EmptyState.Root>
      ) : (
        <>
          {report.totals && <Totals totals={report.totals} />}
          <ReportCharts
            days={report.days}
            hours={report.hours}
            target={report.totals?.sla_target ?? null}
            zone={zone}
          />
          <Card.Root p={{ base: '2', md: '4' }} minW="0">
            <ReportTable
              monitors={report.monitors}
              totals={report.totals}
              coveredFrom={report.covered_from}
              zone={zone}
            />
          </Card.Root>
        </>
      )}
    </section>
  )
}
