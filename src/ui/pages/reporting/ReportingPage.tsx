import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Download } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { reportChoicesLogic, reportFileLogic, reportLogic, reportsApi } from '../../../adapters/reports-api.ts'
import type { ReportQuery } from '../../../machines/report.machine.ts'
import type { ReportFileFormat } from '../../../machines/report-file.machine.ts'
import { useEffects } from '../../app/effects.ts'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import { useShell } from '../../layout/shell-context.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { type ChoicesLoad, PeriodFields, SetFields } from './ReportChoiceFields.tsx'
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

type ChoicePatch = Partial<ReportChoice> | ((current: ReportChoice) => Partial<ReportChoice>)

/**
 * The choice as state of the page, mirrored into the address (so a report can be shared and reloaded) and taken
 * from it when it changes from outside (a link, Back). State first: react-router's updates of the search params are
 * transitions and are not queued, so a controlled field bound to the address alone lags behind a click and two
 * ticks in a row lose the first.
 */
function useChoiceParams() {
  const [search, setSearch] = useSearchParams()
  const [params, setParams] = useState(() => new URLSearchParams(search))
  const written = useRef(search.toString())
  useEffect(() => {
    if (search.toString() === written.current) return
    written.current = search.toString()
    setParams(new URLSearchParams(search))
  }, [search])
  useEffect(() => {
    if (params.toString() === written.current) return
    written.current = params.toString()
    setSearch(params, { replace: true })
  }, [params, setSearch])

  const change = (patch: ChoicePatch) =>
    setParams((before) => {
      const viewer = viewerZone()
      const zone = zoneOf(before, viewer)
      const current = choiceOf(before, zone)
      const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) }
      // A custom range starts as the last 30 days, to change from there.
      if (next.period === 'custom' && !next.first && !next.last) {
        next.first = dayIn(Date.now(), zone, -29)
        next.last = dayIn(Date.now(), zone)
      }
      const own = paramsOf(next)
      const out = new URLSearchParams(before)
      for (const k of CHOICE_KEYS) {
        if (own[k]) out.set(k, own[k])
        else out.delete(k)
      }
      for (const k of LINK_KEYS) out.delete(k)
      return out
    })
  /** Any other change of the address's parameters (the zone a mailed link gave, dropped). */
  const edit = (make: (before: URLSearchParams) => URLSearchParams) => setParams((before) => make(before))
  return { params, change, edit }
}

function Reporting() {
  const { params, change, edit } = useChoiceParams()
  const viewer = useMemo(viewerZone, [])
  const zone = zoneOf(params, viewer)
  const choice = choiceOf(params, zone)
  const key = choiceKey(choice)

  const report = useActorRef(useMemo(() => reportLogic(reportsApi), []))
  const shown = useSelector(report, (s) => (s.matches('shown') ? s.context.report : null))
  const query = useSelector(report, (s) => (s.matches('shown') ? s.context.query : null))
  const loading = useSelector(report, (s) => s.matches('loading'))
  const error = useSelector(report, (s) => (s.matches('failed') ? s.context.error : null))
  const refusal = useSelector(report, (s) => (s.matches('refused') ? s.context.refusal : null))

  const choicesFlow = useActorRef(useMemo(() => reportChoicesLogic(reportsApi), []))
  const choices: ChoicesLoad = {
    data: useSelector(choicesFlow, (s) => s.context.data),
    error: useSelector(choicesFlow, (s) => (s.matches('failed') ? s.context.error : null)),
    retry: () => choicesFlow.send({ type: 'load.retry' }),
  }

  useEffect(() => {
    report.send({ type: 'report.choose', ask: askOf(choiceOf(new URLSearchParams(key), zone), Date.now(), zone) })
  }, [key, report, zone])

  return (
    <StackedPage
      id="reporting-title"
      title="Reporting"
      description="Uptime against each monitor’s SLA target, downtime, incidents and response times over a period, ready to share."
      actions={query && <Downloads query={query} />}
    >
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
            choices={choices}
            message={refusal?.field === 'set' ? refusal.message : undefined}
          />
          <PeriodFields
            value={choice}
            onChange={change}
            zone={zone}
            viewerZone={viewer}
            onUseViewerZone={() =>
              edit((before) => {
                const out = new URLSearchParams(before)
                out.delete('tz')
                return out
              })
            }
            message={refusal?.field === 'period' ? refusal.message : undefined}
          />
        </div>
      </Card.Root>

      {loading && <LoadingCard />}
      {error && <RetryAlert onRetry={() => report.send({ type: 'report.retry' })}>{error}</RetryAlert>}
      {shown && <ReportResults report={shown} zone={zone} />}

      <ReportSchedules set={choice} zone={viewer} choices={choices} />
    </StackedPage>
  )
}

/** The report's files: asked of the server for the shown report's query, then saved by the browser. */
function Downloads({ query }: { query: ReportQuery }) {
  const fx = useEffects()
  const files = useActorRef(useMemo(() => reportFileLogic(reportsApi, fx), [fx]))
  const making = useSelector(files, (s) => s.context.making?.format ?? null)
  const download = (format: ReportFileFormat) => files.send({ type: 'file.download', query, format })
  return (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          onClick={() => download(format)}
          disabled={making !== null}
          aria-busy={making === format}
        >
          <Download aria-hidden="true" />{' '}
          {making === format ? `Preparing ${format.toUpperCase()}...` : `Download ${format.toUpperCase()}`}
        </Button>
      ))}
    </div>
  )
}
