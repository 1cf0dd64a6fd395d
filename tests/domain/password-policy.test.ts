import { describe, expect, it } from 'vitest'
import { passwordFieldErrors, validatePasswordChange } from '@vigil/domain/password-policy'

describe('validatePasswordChange', () => {
  it.each([
    [
      { current_password: '', new_password: '', confirm_password: '' },
      {
        ok: false,
        severity: 'error',
        message: 'All password fields are required!',
        fields: { current_password: 'Required', new_password: 'Required', confirm_password: 'Required' },
      },
    ],
    [
      { current_password: 'a', new_password: 'b', confirm_password: '' },
      {
        ok: false,
        severity: 'error',
        message: 'All password fields are required!',
        fields: { confirm_password: 'Required' },
      },
    ],
    [
      { current_password: 'a', new_password: 'b', confirm_password: 'c' },
      {
        ok: false,
        severity: 'error',
        message: 'New passwords do not match!',
        fields: { confirm_password: 'Does not match the new password' },
      },
    ],
    [
      { current_password: 'same', new_password: 'same', confirm_password: 'same' },
      {
        ok: false,
        severity: 'warning',
        message: 'Current and new password are the same. Use a different password!',
        fields: { new_password: 'Must differ from the current password' },
      },
    ],
    [{ current_password: 'a', new_password: 'b', confirm_password: 'b' }, { ok: true }],
  ])('%j', (form, result) => expect(validatePasswordChange(form)).toEqual(result))
})

describe('passwordFieldErrors', () => {
  it("keeps the server's messages of the form's three fields only", () =>
    expect(
      passwordFieldErrors({ current_password: 'Wrong.', new_password: 'Too short.', userId: 'Too long.', other: '' }),
    ).toEqual({ current_password: 'Wrong.', new_password: 'Too short.' }))
})
