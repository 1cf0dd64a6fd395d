import * as Field from '../components/field.tsx'

export interface SelectOption {
  value: string
  label: string
}

/** A select's choices, each its value and the words shown for it. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ))
}

/**
 * One filter (or the order) of a list: its choices, after `allLabel`, the empty value that filters nothing ("All
 * types").
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  w,
}: {
  label: string
  allLabel?: string
  /** The chosen value; '' for all. */
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  /** 'auto': as wide as its choices, where the filters share a row with other parts. */
  w?: 'auto'
}) {
  return (
    <Field.Root w={w}>
      <Field.Label>{label}</Field.Label>
      <Field.Select value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        <SelectOptions options={options} />
      </Field.Select>
    </Field.Root>
  )
}
