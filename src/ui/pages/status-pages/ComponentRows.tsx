import { publicNameProblem } from '@vigil/domain/status-page-manage'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { MonitorSummary } from '../../../adapters/monitors-api.ts'
import { Button } from '../../components/button.tsx'
import * as Field from '../../components/field.tsx'
import { SelectOptions } from '../FilterSelect.tsx'
import { type ComponentRow, moved } from './status-page-draft.ts'

// The components of a status page: the monitors it shows, in order, each under its public name (the name visitors
// see, asked for when the monitor is added) and an optional group. Rows move with buttons (keyboard and screen
// readers alike); focus stays on the moved row. Errors of a row come keyed by its place, such as
// components.0.display_name.

const groupStyle = css({ display: 'grid', gap: '3', border: 'none', p: '0', m: '0', minW: '0' })
const legendStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '1' })
const rowStyle = css({
  display: 'grid',
  gap: '2',
  p: '3',
  borderWidth: '1px',
  borderColor: 'gray.200',
  rounded: 'md',
})
/** The buttons that move a row: their words, how far and their icons. */
const MOVES = [
  { way: 'up', by: -1, Icon: ArrowUp },
  { way: 'down', by: 1, Icon: ArrowDown },
] as const

const adder = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  border: 'none',
  p: '0',
  m: '0',
  minW: '0',
})

const inputs = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })

export interface ComponentRowsProps {
  rows: ComponentRow[]
  onChange: (rows: ComponentRow[]) => void
  errors: Record<string, string>
  /** The user's monitors to choose from; null while they load. */
  monitors: MonitorSummary[] | null
  /** Why the monitors did not load. */
  monitorsError: string | null
  onRetry: () => void
}

export function ComponentRows({ rows, onChange, errors, monitors, monitorsError, onRetry }: ComponentRowsProps) {
  const base = useId()
  const [choice, setChoice] = useState('')
  // The public name of the monitor to add: its own name until typed, checked when it is added.
  const [typedName, setTypedName] = useState<string | null>(null)
  const [nameError, setNameError] = useState<string | undefined>()
  const nameInput = useRef<HTMLInputElement>(null)
  // The control to focus once the rows have re-rendered (after a move or a removal).
  const [focus, setFocus] = useState<string | null>(null)
  const idOf = (monitorId: string, part: string) => `${base}-${monitorId}-${part}`
  const available = (monitors ?? []).filter((m) => !rows.some((r) => r.monitor_id === m.id))
  const picked = available.find((m) => m.id === choice) ?? available[0]

  useEffect(() => {
    if (!focus) return
    document.getElementById(focus)?.focus()
    setFocus(null)
  }, [focus])

  const set = (i: number, patch: Partial<ComponentRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const move = (i: number, delta: number) => {
    const row = rows[i]
    if (!row) return
    const to = i + delta
    onChange(moved(rows, i, delta))
    // At an end the button it was moved with is disabled: focus the other one.
    const atEnd = (delta < 0 && to === 0) || (delta > 0 && to === rows.length - 1)
    setFocus(idOf(row.monitor_id, delta < 0 !== atEnd ? 'up' : 'down'))
  }
  const remove = (i: number) => {
    const next = rows[i + 1] ?? rows[i - 1]
    // Focus moves before the row goes: a focused control that disappears would hand focus to the dialog's trap.
    document.getElementById(next ? idOf(next.monitor_id, 'remove') : `${base}-choice`)?.focus()
    onChange(rows.filter((_, j) => j !== i))
  }
  const publicName = typedName ?? picked?.name ?? ''
  const add = () => {
    if (!picked) return
    const problem = publicNameProblem(publicName)
    if (problem) {
      setNameError(problem)
      nameInput.current?.focus()
      return
    }
    onChange([
      ...rows,
      { monitor_id: picked.id, monitor_name: picked.name, display_name: publicName.trim(), group: '' },
    ])
    setChoice('')
    setTypedName(null)
    setNameError(undefined)
  }

  return (
    <fieldset className={groupStyle}>
      <legend className={legendStyle}>Components</legend>
      <p className={css({ fontSize: 'xs', color: 'muted' })}>
        The services visitors see, in this order, each with its monitor’s state. The monitor’s own name and address stay
        private: visitors see the public name.
      </p>
      {rows.length > 0 && (
        <ol className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
          {rows.map((row, i) => {
            const label = row.display_name.trim() || row.monitor_name
            const err = (field: string) => errors[`components.${i}.${field}`]
            return (
              <li key={row.monitor_id} className={rowStyle} aria-label={`Component ${i + 1}: ${label}`}>
                <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <span className={css({ flex: '1 1 10rem', minW: '0', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                    <span className={css({ color: 'muted' })}>{i + 1}. Monitor </span>
                    <strong>{row.monitor_name}</strong>
                    <span className={css({ color: 'muted' })}> (private)</span>
                  </span>
                  <div className={css({ display: 'flex', gap: '1' })}>
                    {MOVES.map(({ way, by, Icon }) => (
                      <Button
                        key={way}
                        id={idOf(row.monitor_id, way)}
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${label} ${way}`}
                        disabled={i + by < 0 || i + by >= rows.length}
                        onClick={() => move(i, by)}
                      >
                        <Icon aria-hidden="true" />
                      </Button>
                    ))}
                    <Button
                      id={idOf(row.monitor_id, 'remove')}
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${label}`}
                      onClick={() => remove(i)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <div className={inputs}>
                  <Field.Root invalid={Boolean(err('display_name'))} required>
                    <Field.Label>
                      Public name
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Field.Input
                      value={row.display_name}
                      autoComplete="off"
                      onChange={(e) => set(i, { display_name: e.target.value })}
                    />
                    <Field.ErrorText>{err('display_name')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(err('group'))}>
                    <Field.Label>Group</Field.Label>
                    <Field.Input
                      value={row.group}
                      autoComplete="off"
                      placeholder="None"
                      onChange={(e) => set(i, { group: e.target.value })}
                    />
                    <Field.ErrorText>{err('group')}</Field.ErrorText>
                  </Field.Root>
                </div>
                {err('monitor_id') && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{err('monitor_id')}</p>}
              </li>
            )
          })}
        </ol>
      )}
      {errors.components && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{errors.components}</p>}

      {monitorsError ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm' })}>
          <span className={css({ color: 'red.800' })}>{monitorsError}</span>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : monitors === null ? (
        <p role="status" className={css({ fontSize: 'sm', color: 'muted' })}>
          Loading your monitors...
        </p>
      ) : monitors.length === 0 ? (
        <p className={css({ fontSize: 'sm' })}>
          You have no monitors yet.{' '}
          <Link to="/services/web-monitoring" className={css({ color: 'primary', textDecoration: 'underline' })}>
            Add a website monitor
          </Link>{' '}
          first; a page can be published without components meanwhile.
        </p>
      ) : available.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>All your monitors are on this page.</p>
      ) : (
        <fieldset className={adder}>
          <legend className={css({ srOnly: true })}>Add a component</legend>
          <Field.Root ids={{ control: `${base}-choice` }} className={css({ flex: '1 1 12rem', minW: '0' })}>
            <Field.Label>Monitor to add</Field.Label>
            <Field.Select
              value={picked?.id ?? ''}
              onChange={(e) => {
                setChoice(e.target.value)
                setTypedName(null)
                setNameError(undefined)
              }}
            >
              <SelectOptions options={available.map((m) => ({ value: m.id, label: m.name }))} />
            </Field.Select>
          </Field.Root>
          <Field.Root invalid={Boolean(nameError)} required className={css({ flex: '1 1 12rem', minW: '0' })}>
            <Field.Label>
              Public name
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              ref={nameInput}
              value={publicName}
              autoComplete="off"
              onChange={(e) => {
                setTypedName(e.target.value)
                if (nameError) setNameError(publicNameProblem(e.target.value))
              }}
              onKeyDown={(e) => {
                // Enter adds the component, rather than submitting the page's form.
                if (e.key !== 'Enter') return
                e.preventDefault()
                add()
              }}
            />
            <Field.HelperText>What visitors see for it.</Field.HelperText>
            <Field.ErrorText>{nameError}</Field.ErrorText>
          </Field.Root>
          <Button variant="outline" onClick={add} className={css({ mt: { base: '0', sm: '7' } })}>
            <Plus aria-hidden="true" /> Add component
          </Button>
        </fieldset>
      )}
    </fieldset>
  )
}
