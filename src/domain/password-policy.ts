// The change-password form of spec section 5.
export const PASSWORD_MESSAGES = {
  required: 'All password fields are required!',
  mismatch: 'New passwords do not match!',
  same: 'Current and new password are the same. Use a different password!',
  fieldRequired: 'Required',
} as const

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
      readonly fields: Partial<Record<keyof PasswordChangeForm, string>>
    }

export const validatePasswordChange = (form: PasswordChangeForm): PasswordFormResult => {
  const missing = (Object.keys(form) as (keyof PasswordChangeForm)[]).filter((k) => form[k] === '')
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((k) => [k, PASSWORD_MESSAGES.fieldRequired]))
    return { ok: false, severity: 'error', message: PASSWORD_MESSAGES.required, fields }
  }
  if (form.new_password !== form.confirm_password)
    return { ok: false, severity: 'error', message: PASSWORD_MESSAGES.mismatch, fields: {} }
  if (form.new_password === form.current_password)
    return { ok: false, severity: 'warning', message: PASSWORD_MESSAGES.same, fields: {} }
  return { ok: true }
}
