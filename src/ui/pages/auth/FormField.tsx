import type { ReactNode } from 'react'
import * as Field from '../../components/field.tsx'
import { Form, type OnFormValues } from '../../components/form.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { formStyle } from './AuthCard.tsx'

/** A labelled input with its error: the field name is also the input's name. */
export function FormField({
  label,
  name,
  type = 'text',
  error,
  autoComplete,
  defaultValue,
  inputMode,
}: {
  label: string
  name: string
  type?: string
  error?: string
  autoComplete?: string
  defaultValue?: string
  inputMode?: 'numeric' | 'text'
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Field.Input
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        inputMode={inputMode}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/**
 * The account's email address and password, as sign-in and sign-up ask for them; `password` tells the browser's
 * password manager whether to fill in the saved one or offer a new one.
 */
export function EmailAndPassword({
  errors,
  password,
}: {
  errors: Record<string, string | undefined>
  password: 'current-password' | 'new-password'
}) {
  return (
    <>
      <FormField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <FormField label="Password" name="password" type="password" autoComplete={password} error={errors.password} />
    </>
  )
}

/** The form's values as strings, by input name. */
export const formValues = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]))

/**
 * The form of the auth pages: no browser validation (the domain schema checks), the server's message on top, the
 * focus on the first invalid field after a submit.
 */
export function AuthForm({
  onValues,
  alert,
  children,
}: {
  /** The form's values on submit (`form.submit`) and as they change (`form.change`). */
  onValues: OnFormValues
  alert?: string | null
  children: ReactNode
}) {
  return (
    <Form
      className={formStyle}
      onSubmit={(e) => {
        e.preventDefault()
        onValues(formValues(e.currentTarget), 'form.submit')
      }}
      onInput={(e) => onValues(formValues(e.currentTarget), 'form.change')}
    >
      <ErrorAlert message={alert} />
      {children}
    </Form>
  )
}
