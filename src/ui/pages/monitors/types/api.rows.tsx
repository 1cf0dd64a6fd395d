import {
  ASSERTION_OPERATORS,
  ASSERTION_TYPES,
  type AssertionOperator,
  type AssertionType,
} from '@vigil/domain/assertion'
import { Plus, Trash2 } from 'lucide-react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../components/button.tsx'
import * as Field from '../../../components/field.tsx'

// The API form's editable rows: request headers (name and value) and assertions (type, path, operator,
// value). Errors of a row come keyed by its place, such as assertions.0.path.

export interface HeaderRow {
  name: string
  value: string
  /** A credential's value as the API shows it (masked): sent back as it is while `value` stays empty. */
  kept?: string
  /** The row of a copy ("Duplicate"): the masked value is not the new monitor's, so it must be typed again. */
  notCopied?: boolean
}

export interface AssertionRow {
  type: AssertionType
  path: string
  operator: AssertionOperator
  value: string
}

export const newAssertion = (): AssertionRow => ({ type: 'status', path: '', operator: 'equals', value: '200' })

const rowStyle = css({
  display: 'grid',
  gap: '2',
  alignItems: 'start',
  gridTemplateColumns: { base: '1fr', sm: 'var(--columns)' },
  p: { base: '2', sm: '0' },
  borderWidth: { base: '1px', sm: '0' },
  borderColor: 'gray.200',
  rounded: 'md',
})
const groupStyle = css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legendStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '1' })
const groupError = css({ fontSize: 'xs', color: 'red.700' })

const ASSERTION_TYPE_LABELS = {
  status: 'Status code',
  json: 'JSON value',
  header: 'Header',
  response_time: 'Response time (ms)',
}
const OPERATOR_LABELS = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  less_than: 'is less than',
  greater_than: 'is greater than',
}

/** A credential header's value is never shown: the row says that one is set. */
const KEPT_HINT = 'A value is set and kept. Type a new one to replace it.'
/** A copy's credential header: the original's value is never shown, so it cannot be copied. */
const NOT_COPIED_HINT = 'Not copied: a saved secret is never shown. Type the value, or remove the header.'

const hintOf = (row: HeaderRow) =>
  row.kept === undefined || row.value !== '' ? undefined : row.notCopied ? NOT_COPIED_HINT : KEPT_HINT

function Cell({
  label,
  error,
  invalid = false,
  hint,
  children,
}: {
  label: string
  error?: string
  /** Marked invalid by a message said elsewhere (the group's). */
  invalid?: boolean
  hint?: string
  children: (props: { 'aria-label': string }) => React.ReactNode
}) {
  return (
    <Field.Root invalid={Boolean(error) || invalid}>
      {children({ 'aria-label': label })}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

export function HeaderRows({
  rows,
  onChange,
  error,
}: {
  rows: HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
  error?: string
}) {
  const set = (i: number, patch: Partial<HeaderRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <fieldset className={groupStyle}>
      <legend className={legendStyle}>Request headers</legend>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={i} className={rowStyle} style={{ '--columns': '1fr 1.5fr auto' } as React.CSSProperties}>
          <Cell label={`Header ${i + 1} name`}>
            {(p) => (
              <Field.Input
                {...p}
                value={row.name}
                placeholder="Authorization"
                onChange={(e) => set(i, { name: e.target.value })}
              />
            )}
          </Cell>
          <Cell
            label={`Header ${i + 1} value`}
            hint={hintOf(row)}
            // The value a copy left to type, when the submit was refused for it: the focus goes there.
            invalid={Boolean(error) && row.notCopied === true && row.value === ''}
          >
            {(p) => (
              <Field.Input
                {...p}
                value={row.value}
                placeholder={
                  row.kept === undefined ? undefined : row.notCopied ? 'Type the value' : `Set (${row.kept})`
                }
                onChange={(e) => set(i, { value: e.target.value })}
              />
            )}
          </Cell>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove header ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {error && <p className={groupError}>{error}</p>}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...rows, { name: '', value: '' }])}>
          <Plus aria-hidden="true" /> Add header
        </Button>
      </div>
    </fieldset>
  )
}

export function AssertionRows({
  rows,
  onChange,
  errors,
}: {
  rows: AssertionRow[]
  onChange: (rows: AssertionRow[]) => void
  errors: Record<string, string>
}) {
  const set = (i: number, patch: Partial<AssertionRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const err = (i: number, field: string) => errors[`assertions.${i}.${field}`]
  return (
    <fieldset className={groupStyle}>
      <legend className={legendStyle}>Assertions</legend>
      <p className={css({ fontSize: 'xs', color: 'muted' })}>
        Every assertion must hold for the check to pass, besides the expected status.
      </p>
      {rows.map((row, i) => {
        const needsPath = row.type === 'json' || row.type === 'header'
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={i} className={rowStyle} style={{ '--columns': '1fr 1.2fr 1fr 1fr auto' } as React.CSSProperties}>
            <Cell label={`Assertion ${i + 1} type`} error={err(i, 'type')}>
              {(p) => (
                <Field.Select
                  {...p}
                  value={row.type}
                  onChange={(e) => set(i, { type: e.target.value as AssertionRow['type'] })}
                >
                  {ASSERTION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {ASSERTION_TYPE_LABELS[t]}
                    </option>
                  ))}
                </Field.Select>
              )}
            </Cell>
            <Cell label={`Assertion ${i + 1} path`} error={err(i, 'path')}>
              {(p) => (
                <Field.Input
                  {...p}
                  value={row.path}
                  disabled={!needsPath}
                  placeholder={row.type === 'json' ? '$.status' : row.type === 'header' ? 'content-type' : 'no path'}
                  onChange={(e) => set(i, { path: e.target.value })}
                />
              )}
            </Cell>
            <Cell label={`Assertion ${i + 1} operator`} error={err(i, 'operator')}>
              {(p) => (
                <Field.Select
                  {...p}
                  value={row.operator}
                  onChange={(e) => set(i, { operator: e.target.value as AssertionRow['operator'] })}
                >
                  {ASSERTION_OPERATORS.map((o) => (
                    <option key={o} value={o}>
                      {OPERATOR_LABELS[o]}
                    </option>
                  ))}
                </Field.Select>
              )}
            </Cell>
            <Cell label={`Assertion ${i + 1} value`} error={err(i, 'value')}>
              {(p) => <Field.Input {...p} value={row.value} onChange={(e) => set(i, { value: e.target.value })} />}
            </Cell>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove assertion ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )
      })}
      {errors.assertions && <p className={groupError}>{errors.assertions}</p>}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...rows, newAssertion()])}>
          <Plus aria-hidden="true" /> Add assertion
        </Button>
      </div>
    </fieldset>
  )
}
