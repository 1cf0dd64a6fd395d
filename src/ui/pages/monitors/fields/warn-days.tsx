import { DEFAULT_WARN_DAYS } from '@vigil/domain/expiry'
import { errorAt, type FieldsProps } from '../draft-setter.ts'
import { TextField } from '../form-fields.tsx'
import { numberOf } from '../form-values.ts'

// The days before expiry to warn at, of the SSL and domain monitors' forms: typed loosely ("30, 14 7;1"), each day
// checked by the schema.

/** "30, 14, 7, 1" */
export const warnDaysText = (days: readonly number[]) => days.join(', ')

/** The default days, as the input holds them. */
export const warnDaysBlank = warnDaysText(DEFAULT_WARN_DAYS)

/** "30, 14 7;1" as numbers; a word that is no number is passed on as text for the schema to name. Empty: the default. */
export const warnDaysOf = (value: string): (number | string)[] | undefined => {
  const words = value.split(/[\s,;]+/).filter((w) => w !== '')
  return words.length === 0 ? undefined : words.map((w) => numberOf(w) as number | string)
}

export function WarnDaysField({ draft, set, errors }: FieldsProps<{ warn_days: string }>) {
  return (
    <TextField
      label="Warning days"
      name="warn_days"
      value={draft.warn_days}
      onChange={set.warn_days}
      error={errorAt(errors, 'warn_days')}
      placeholder="30, 14, 7, 1"
      helper="Days before expiry to warn at, separated by commas."
    />
  )
}
