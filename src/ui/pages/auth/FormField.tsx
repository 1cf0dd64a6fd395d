import * as Field from '../../components/field.tsx'

/** A labelled input with its error: the field name is also the input's name. */
export function FormField({
  label,
  name,
  type = 'text',
  error,
  autoComplete,
  defaultValue,
}: {
  label: string
  name: string
  type?: string
  error?: string
  autoComplete?: string
  defaultValue?: string
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Field.Input name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/** The form's values as strings, by input name. */
export const formValues = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]))
