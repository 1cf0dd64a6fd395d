// The change-password form's rules and messages.
export const PASSWORD_MESSAGES = {
  required: 'All password fields are required!',
  mismatch: 'New passwords do not match!',
  same: 'Current and new password are the same. Use a different password!',
  fieldRequired: 'Required',
  // Beside the field at fault, under the spec's message on top.
  fieldMismatch: 'Does not match the new password',
  fieldSame: 'Must differ from the current password',
} as const

export const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const

export interface PasswordChangeForm {
  readonly current_password: string
  readonly new_password: string
  readonly confirm_password: string
}

export type PasswordFormResult =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly severity: 'error' | 'warning'
      readonly message: string
      readonly fields: PasswordFieldMessages
    }

export type PasswordFieldMessages = Partial<Record<keyof PasswordChangeForm, string>>

/** The server's messages of the form's own fields (it may name others, which the form has no place for). */
export const passwordFieldErrors = (errors: Readonly<Record<string, string>>): PasswordFieldMessages =>
  Object.fromEntries(PASSWORD_FIELDS.flatMap((k) => (errors[k] ? [[k, errors[k]]] : [])))

/** The spec's message for the whole form (shown on top), and each field at fault marked with its own. */
export const validatePasswordChange = (form: PasswordChangeForm): PasswordFormResult => {
  const missing = PASSWORD_FIELDS.filter((k) => form[k] === '')
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((k) => [k, PASSWORD_MESSAGES.fieldRequired]))
    return { ok: false, severity: 'error', message: PASSWORD_MESSAGES.required, fields }
  }
  if (form.new_password !== form.confirm_password)
    return {
      ok: false,
      severity: 'error',
      message: PASSWORD_MESSAGES.mismatch,
      fields: { confirm_password: PASSWORD_MESSAGES.fieldMismatch },
    }
  if (form.new_password === form.current_password)
    return {
      ok: false,
      severity: 'warning',
      message: PASSWORD_MESSAGES.same,
      fields: { new_password: PASSWORD_MESSAGES.fieldSame },
    }
  return { ok: true }
}
