import { useActorRef, useSelector } from '@xstate/react'
import { Download } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { reportChoicesLogic, reportFileUrl, reportLogic, reportsApi } from '../../../adapters/reports-api.ts'
import type { ReportQuery } from '../../../machines/report.machine.ts'
import * as Card from '../../components/card.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { useShell } from '../../layout/shell-context.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { PeriodFields, SetFields } from './ReportChoiceFields.tsx'
import { ReportResults } from './ReportResults.tsx'
import { ReportSchedules } from './ReportSchedules.tsx'
import {
  askOf,
  CHOICE_KEYS,
  choiceOf,
  dayIn,
  LINK_KEYS,
  paramsOf,
  type ReportChoice,
  viewerZone,
  zoneOf,
} from './report-choice.ts'

/** /reporting: SLA reports of a set of monitors over a period, their files, and the reports sent by mail. */
export function ReportingPage() {
  const { subscription } = useShell()
  // Until the plan is first read, nothing is asked of an API the plan may not open.
  const planRead = useSelector(subscription, (s) => !(s.matches('loading') && s.context.subscription === null))
  return <FeatureGate feature="Reporting">{planRead ? <Reporting /> : <LoadingCard />}</FeatureGate>
}

/** The choice's part of the query string, in a fixed order: the report is asked again when it changes. */
const choiceKey = (choice: ReportChoice) =>
  new URLSearchParams(Object.entries(paramsOf(choice)).filter(([, value]) => value !== '')).toString()

function Reporting() {
  const [search, setSearch] = useSearchParams()
  const viewer = useMemo(viewerZone, [])
  const zone = zoneOf(search, viewer)
  const choice = choiceOf(search, zone)
  const key = choiceKey(choice)

  const report = useActorRef(useMemo(() => reportLogic(reportsApi), []))
  const shown = useSelector(report, (s) => (s.matches('shown') ? s.context.report : null))
  const query = useSelector(report, (s) => (s.matches('shown') ? s.context.query : null))
  const loading = useSelector(report, (s) => s.matches('loading'))
  const error = useSelector(report, (s) => (s.matches('failed') ? s.context.error : null))
  const refusal = useSelector(report, (s) => (s.matches('refused') ? s.context.refusal : null))

  const choices = useActorRef(useMemo(() => reportChoicesLogic(reportsApi), []))
  const choiceData = useSelector(choices, (s) => s.context.data)
  const choicesError = useSelector(choices, (s) => (s.matches('failed') ? s.context.error : null))
  const retryChoices = () => choices.send({ type: 'load.retry' })

  useEffect(() => {
    report.send({ type: 'report.choose', ask: askOf(choiceOf(new URLSearchParams(key), zone), Date.now(), zone) })
  }, [key, report, zone])

  const change = (patch: Partial<ReportChoice>) => {
    const next = { ...choice, ...patch }
    // A custom range starts as the last 30 days, to change from there.
    if (patch.period === 'custom' && !next.first && !next.last) {
      next.first = dayIn(Date.now(), zone, -29)
      next.last = dayIn(Date.now(), zone)
    }
    const own = paramsOf(next)
    setSearch(
      (params) => {
        const out = new URLSearchParams(params)
        for (const k of CHOICE_KEYS) {
          if (own[k]) out.set(k, own[k])
          else out.delete(k)
        }
        for (const k of LINK_KEYS) out.delete(k)
        return out
      },
      { replace: true },
    )
  }

  return (
    <section className={pageLayout} aria-labelledby="reporting-title">
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id="reporting-title">Reporting</PageHeader.Title>
          <PageHeader.Description>
            Uptime against each monitor’s SLA target, downtime, incidents and response times over a period, ready to
            share.
          </PageHeader.Description>
        </PageHeader.Content>
        {query && (
          <PageHeader.Actions>
            <Downloads query={query} />
          </PageHeader.Actions>
        )}
      </PageHeader.Root>

      <Card.Root as="form" aria-label="Report choice" onSubmit={(e) => e.preventDefault()}>
        <div
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          })}
        >
          <SetFields
            name="report-set"
            value={choice}
            onChange={change}
            choices={choiceData}
            choicesError={choicesError}
            onRetry={retryChoices}
            message={refusal?.field === 'set' ? refusal.message : undefined}
          />
          <PeriodFields
            value={choice}
            onChange={change}
            zone={zone}
            viewerZone={viewer}
            onUseViewerZone={() =>
              setSearch(
                (params) => {
                  const out = new URLSearchParams(params)
                  out.delete('tz')
                  return out
                },
                { replace: true },
              )
            }
            message={refusal?.field === 'period' ? refusal.message : undefined}
          />
        </div>
      </Card.Root>

      {loading && <LoadingCard />}
      {error && <RetryAlert onRetry={() => report.send({ type: 'report.retry' })}>{error}</RetryAlert>}
      {shown && <ReportResults report={shown} zone={zone} />}

      <ReportSchedules
        set={choice}
        zone={viewer}
        choices={choiceData}
        choicesError={choicesError}
        onRetryChoices={retryChoices}
      />
    </section>
  )
}

/** The report's files: plain links to the same query with `format` (the browser downloads the attachment). */
function Downloads({ query }: { query: ReportQuery }) {
  return (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
      <a href={reportFileUrl(query, 'csv')} download className={button({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" /> Download CSV
      </a>
      <a href={reportFileUrl(query, 'pdf')} download className={button({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" /> Download PDF
      </a>
    </div>
  )
}
