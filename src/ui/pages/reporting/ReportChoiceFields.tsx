import { MONITOR_TYPES, type MonitorType } from '@vigil/domain/monitor.schema'
import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import { REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportPreset } from '@vigil/domain/report-period'
import { useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import type { ReportChoices } from '../../../adapters/reports-api.ts'
import { Choice } from '../../components/choice.tsx'
import * as Field from '../../components/field.tsx'
import { ChoiceFieldset } from '../cloud/ChoiceFieldset.tsx'
import { RetryAlert } from '../PageParts.tsx'
import { type ReportChoice, SET_KIND_LABELS, SET_KINDS, type SetKind } from './report-choice.ts'

// The parts of a report's choice: which monitors (the page's and a schedule's), and which period (the page's).

/** The monitors and status pages a set is chosen from, as loaded: the answer, why it failed, and asking again. */
export interface ChoicesLoad {
  data: ReportChoices | null
  error: string | null
  retry: () => void
}

/** The set of a report as a form holds it. */
export type SetValue = Pick<ReportChoice, 'set' | 'type' | 'status_page_id' | 'monitor_ids'>

const note = css({ fontSize: 'sm', color: 'muted' })
const errorText = css({ fontSize: 'xs', color: 'red.700' })
const linkButton = css({
  color: 'primary',
  textDecoration: 'underline',
  bg: 'transparent',
  border: 'none',
  p: '0',
  font: 'inherit',
  cursor: 'pointer',
})

/** A type's name as the navigation says it ("Website Monitoring"). */
export const typeLabel = (type: MonitorType | string) => MONITOR_TYPE_PAGES[type as MonitorType]?.label ?? type

/**
 * Which monitors a report covers: all, one type, a status page's, or the ones ticked in a list that can be
 * searched. `message` says why the set is none yet, beside it.
 */
export function SetFields({
  name,
  value,
  onChange,
  choices: load,
  message,
}: {
  /** The radio group's name (unique on the page). */
  name: string
  value: SetValue
  /** A patch, or a patch made from the latest value (two ticks in a row must not lose the first). */
  onChange: (patch: Partial<SetValue> | ((current: SetValue) => Partial<SetValue>)) => void
  choices: ChoicesLoad
  message?: string
}) {
  const { data: choices, error: choicesError, retry } = load
  const id = useId()
  const messageId = `${id}-message`
  const pick = (set: SetKind) => {
    if (set === 'type' && value.type === '') onChange({ set, type: 'web' })
    else if (set === 'status_page' && value.status_page_id === '' && choices?.statusPages[0])
      onChange({ set, status_page_id: choices.statusPages[0].id })
    else onChange({ set })
  }
  return (
    <ChoiceFieldset
      legend="Monitors"
      name={name}
      options={SET_KINDS.map((k) => ({ value: k, label: SET_KIND_LABELS[k] }))}
      value={value.set}
      onValueChange={pick}
    >
      {value.set === 'type' && (
        <Field.Root invalid={Boolean(message)}>
          <Field.Label>Monitor type</Field.Label>
          <Field.Select value={value.type} onChange={(e) => onChange({ type: e.target.value as MonitorType })}>
            {value.type === '' && (
              <option value="" disabled>
                Choose one
              </option>
            )}
            {MONITOR_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </Field.Select>
          <Field.ErrorText>{message}</Field.ErrorText>
        </Field.Root>
      )}
      {value.set === 'status_page' && (
        <Field.Root invalid={Boolean(message)}>
          <Field.Label>Status page</Field.Label>
          <Field.Select value={value.status_page_id} onChange={(e) => onChange({ status_page_id: e.target.value })}>
            {value.status_page_id === '' && (
              <option value="" disabled>
                {choices && choices.statusPages.length === 0 ? 'You have no status pages' : 'Choose one'}
              </option>
            )}
            {/* A page not (yet) among the user's: kept, so that the server says what is wrong with it. */}
            {value.status_page_id !== '' && !choices?.statusPages.some((p) => p.id === value.status_page_id) && (
              <option value={value.status_page_id}>{choices ? 'Unknown status page' : 'Loading...'}</option>
            )}
            {choices?.statusPages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Field.Select>
          <Field.ErrorText>{message}</Field.ErrorText>
        </Field.Root>
      )}
      {value.set === 'monitors' && (
        <MonitorChecks
          ids={value.monitor_ids}
          onToggle={(id, on) =>
            onChange((current) => ({
              monitor_ids: on
                ? (choices?.monitors ?? []).map((m) => m.id).filter((m) => m === id || current.monitor_ids.includes(m))
                : current.monitor_ids.filter((i) => i !== id),
            }))
          }
          monitors={choices?.monitors ?? null}
          message={message}
          messageId={messageId}
        />
      )}
      {choicesError && value.set !== 'all' && value.set !== 'type' && (
        <RetryAlert role="status" onRetry={retry}>
          Your monitors and status pages could not be loaded: {choicesError}
        </RetryAlert>
      )}
    </ChoiceFieldset>
  )
}

/** The monitors to tick, with a search over their names; the ticked ones stay listed first. */
function MonitorChecks({
  ids,
  onToggle,
  monitors,
  message,
  messageId,
}: {
  ids: string[]
  onToggle: (id: string, on: boolean) => void
  monitors: ReportChoices['monitors'] | null
  message?: string
  messageId: string
}) {
  const [query, setQuery] = useState('')
  if (!monitors) return <p className={note}>Loading your monitors...</p>
  if (monitors.length === 0) return <p className={note}>You have no monitors yet.</p>
  const words = query.trim().toLowerCase()
  const shown = monitors.filter(
    (m) => ids.includes(m.id) || words === '' || `${m.name} ${typeLabel(m.type)}`.toLowerCase().includes(words),
  )
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <Field.Root>
        <Field.Label>Search monitors</Field.Label>
        <Field.Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </Field.Root>
      <fieldset
        aria-describedby={message ? messageId : undefined}
        className={css({
          border: '1px solid',
          borderColor: 'gray.300',
          rounded: 'md',
          p: '3',
          m: '0',
          minW: '0',
          maxH: '60',
          overflowY: 'auto',
          display: 'grid',
          gap: '2',
        })}
      >
        <legend className={css({ srOnly: true })}>Monitors to include</legend>
        {shown.map((m) => (
          <Choice
            key={m.id}
            type="checkbox"
            value={m.id}
            checked={ids.includes(m.id)}
            onChange={(e) => onToggle(m.id, e.target.checked)}
          >
            {m.name} <span className={css({ color: 'muted' })}>({typeLabel(m.type)})</span>
          </Choice>
        ))}
        {shown.length === 0 && <p className={note}>No monitor’s name has “{query}”.</p>}
      </fieldset>
      <p className={note} aria-live="polite">
        {ids.length} of {monitors.length} chosen
      </p>
      {message && (
        <p id={messageId} className={errorText}>
          {message}
        </p>
      )}
    </div>
  )
}

/** Which period: a preset, or a custom range of days (both included); `message` says why it is no period. */
export function PeriodFields({
  value,
  onChange,
  zone,
  viewerZone,
  onUseViewerZone,
  message,
}: {
  value: Pick<ReportChoice, 'period' | 'first' | 'last'>
  onChange: (patch: Partial<ReportChoice>) => void
  /** The zone the period is read in: the viewer's, or the one a link names. */
  zone: string
  viewerZone: string
  onUseViewerZone: () => void
  message?: string
}) {
  return (
    <div className={css({ display: 'grid', gap: '3', alignContent: 'start' })}>
      <Field.Root>
        <Field.Label>Period</Field.Label>
        <Field.Select value={value.period} onChange={(e) => onChange({ period: e.target.value as ReportPreset })}>
          {REPORT_PRESETS.map((p) => (
            <option key={p} value={p}>
              {REPORT_PRESET_LABELS[p]}
            </option>
          ))}
        </Field.Select>
        <Field.HelperText>
          Times in {zone}.
          {zone !== viewerZone && (
            <>
              {' '}
              <button type="button" className={linkButton} onClick={onUseViewerZone}>
                Use your time zone ({viewerZone})
              </button>
            </>
          )}
        </Field.HelperText>
      </Field.Root>
      {value.period === 'custom' && (
        <fieldset
          className={css({
            border: 'none',
            p: '0',
            m: '0',
            minW: '0',
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
          })}
        >
          <legend className={css({ srOnly: true })}>Custom range</legend>
          <Field.Root invalid={Boolean(message)}>
            <Field.Label>First day</Field.Label>
            <Field.Input type="date" value={value.first} onChange={(e) => onChange({ first: e.target.value })} />
          </Field.Root>
          <Field.Root invalid={Boolean(message)}>
            <Field.Label>Last day</Field.Label>
            <Field.Input type="date" value={value.last} onChange={(e) => onChange({ last: e.target.value })} />
            <Field.HelperText>Included.</Field.HelperText>
            <Field.ErrorText>{message}</Field.ErrorText>
          </Field.Root>
        </fieldset>
      )}
    </div>
  )
}
