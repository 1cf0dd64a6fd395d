import { describe, expect, it } from 'vitest'
import {
  addressChangeAskedMail,
  addressChangedMail,
  confirmAddressMail,
  confirmNewAddressMail,
  passwordChangedMail,
  passwordResetMail,
  twoFactorMail,
} from '@vigil/domain/account-mail-texts'

// The account mails' texts (src/domain/account-mail-texts.ts): each greets its reader by name, says what happened or
// what to do, carries its link or the way back to the server, and says how long a link works.

const appUrl = 'https://vigil.example.com'
const link = 'https://vigil.example.com/x?token=abc'

describe('account mail texts', () => {
  it('asks to confirm the address at sign-up, with the link and its 3 days', () => {
    const mail = confirmAddressMail({ name: 'Ada', email: 'ada@example.com', link })
    expect(mail.subject).toBe('Confirm your email address')
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        '',
        'Open this link within 3 days to confirm that ada@example.com is the address of your Vigil account:',
        link,
        '',
        'If you did not make an account, ignore this mail: nothing happens and the link expires.',
      ].join('\n'),
    )
  })

  it('sends a reset link with the minutes it works', () => {
    const mail = passwordResetMail({ name: 'Ada', link, ttlMinutes: 45 })
    expect(mail.subject).toBe('Reset your password')
    expect(mail.text).toContain(`Open this link within 45 minutes to choose a new password:\n\n${link}\n`)
    expect(mail.text.startsWith('Hello Ada,\n\n')).toBe(true)
  })

  it('tells of a changed password and where to reset it', () => {
    expect(passwordChangedMail({ name: 'Ada', appUrl })).toEqual({
      subject: 'Your password was changed',
      text: `Hello Ada,\n\nThe password of your account was changed and your other sessions were signed out.\nIf this was not you, reset your password now at ${appUrl}/forgot-password.`,
    })
  })

  it('asks the new address to confirm within 24 hours, and tells the old one twice', () => {
    const confirm = confirmNewAddressMail({ name: 'Ada', email: 'new@example.com', link })
    expect(confirm.subject).toBe('Confirm your new email address')
    expect(confirm.text).toContain(`within 24 hours to make new@example.com the address of your account:\n${link}\n`)
    const asked = addressChangeAskedMail({ name: 'Ada', email: 'new@example.com', appUrl })
    expect(asked.subject).toBe('A change of your email address was asked')
    expect(asked.text).toContain('change its email address to new@example.com.')
    expect(asked.text).toContain(`${appUrl}/profile.`)
    const changed = addressChangedMail({ name: 'Ada', email: 'new@example.com', appUrl })
    expect(changed.subject).toBe('Your email address was changed')
    expect(changed.text).toContain('is now new@example.com; mail no longer comes here.')
  })

  it('tells each change of two-factor sign-in, with the way to the security settings', () => {
    const to = { name: 'Ada', appUrl }
    expect(twoFactorMail(to, { kind: 'on' })).toEqual({
      subject: 'Two-factor sign-in was turned on',
      text: `Hello Ada,\n\nTwo-factor sign-in was turned on for your account.\nIf this was not you, change your password at ${appUrl}/settings/security now.`,
    })
    expect(twoFactorMail(to, { kind: 'off' }).subject).toBe('Two-factor sign-in was turned off')
    expect(twoFactorMail(to, { kind: 'recovery_codes_renewed' }).text).toContain('the old ones no longer work.')
    const used = twoFactorMail(to, { kind: 'recovery_code_used', left: 7 })
    expect(used.subject).toBe('A recovery code was used to sign in')
    expect(used.text).toContain('7 of them are left.')
  })
})
