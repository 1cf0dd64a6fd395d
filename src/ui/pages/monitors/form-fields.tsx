import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Choice } from '../../components/choice.tsx'
import * as Field from '../../components/field.tsx'
import { SelectOptions } from '../FilterSelect.tsx'

// Labelled inputs of the monitor form, each showing its own error under it (linked by Ark's Field).

interface Common {
  label: string
  name: string
  error?: string
  helper?: ReactNode
  required?: boolean
}

/** A field's root, with its helper text and its message under what it holds. */
function FieldFrame({
  error,
  helper,
  required,
  children,
}: Pick<Common, 'error' | 'helper' | 'required'> & { children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

export function TextField({
  label,
  name,
  error,
  helper,
  required,
  value,
  onChange,
  type = 'text',
  placeholder,
  inputMode,
  multiline = false,
}: Common & {
  value: string
  onChange: (value: string) => void
  type?: string
  placeholder?: string
  inputMode?: 'numeric' | 'decimal' | 'url' | 'text'
  multiline?: boolean
}) {
  return (
    <FieldFrame error={error} helper={helper} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? (
        <Field.Textarea
          name={name}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Field.Input
          name={name}
          type={type}
          value={value}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  )
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  ...frame
}: Common & {
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
}) {
  return (
    <FieldFrame {...frame}>
      <Field.Label>{label}</Field.Label>
      <Field.Select name={frame.name} value={value} onChange={(e) => onChange(e.target.value)}>
        <SelectOptions options={options} />
      </Field.Select>
    </FieldFrame>
  )
}

export function CheckboxField({
  label,
  value,
  onChange,
  ...frame
}: Common & { value: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FieldFrame {...frame}>
      <Choice type="checkbox" name={frame.name} checked={value} onChange={(e) => onChange(e.target.checked)}>
        {label}
      </Choice>
    </FieldFrame>
  )
}

export const fieldGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' } })
export const wide = css({ gridColumn: '1 / -1' })
