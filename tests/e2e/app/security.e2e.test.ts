import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '../../../src/server/auth/totp.ts'
import { confirmLinkToken, startSmtp, type TestSmtp } from '../../server/notify/smtp-server.ts'
import { readQrPixels } from '../../support/qr.ts'
import {
  bellButton,
  type Env,
  newAccount,
  newPage,
  openProfileMenuItem,
  openSignedIn,
  setupAppEnv,
  signUp,
  submitSignIn,
  waitForPath,
} from './helpers.ts'

// Issue 17's journey in Chromium: a new user turns on two-factor sign-in with a code this test computes from the
// secret in the QR code the page shows (the test is the authenticator app), signs out and in again with a code and once with a
// recovery code, sees two sessions and ends the other one, whose next request is refused; then files a support
// request that an operator (ADMIN_EMAILS) answers, and finds the answer through the bell.

const OPERATOR = `operator-${process.pid}@example.com`
let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(() => smtp.close())
const env = setupAppEnv(() => ({
  config: { smtp: smtp.settings, adminEmails: [OPERATOR], supportEmail: 'support@example.com' },
}))

/** With SHOTS=<folder>, a picture of the page to look at. */
const snap = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` })
}

/** The code of the next 30-second step: a code is taken once, so each sign-in moves the server's clock on. */
const nextCode = (env: Env, secret: string) => {
  env.server.clock.advance(30_000)
  return totpCode(secret, env.server.clock.now())
}

const signOut = async (page: Page) => {
  await openProfileMenuItem(page, 'Logout')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click()
  await waitForPath(page, '/')
}

/** The password step, then the second step with a code or a recovery code. */
const signInWithSecondStep = async (
  page: Page,
  email: string,
  password: string,
  second: { code?: string; recovery?: string },
) => {
  await submitSignIn(page, email, password)
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor()
  if (second.recovery) {
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(second.recovery)
  } else await page.getByLabel('Authentication code').fill(second.code ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await waitForPath(page, '/dashboard')
}

describe('Settings → Security and Support', () => {
  // One long journey through two accounts and two browsers: more than the default 30 s on a loaded machine.
  it('turns on two-factor sign-in, signs in with a code and a recovery code, ends another session, and gets an answer from support', {
    timeout: 120_000,
  }, async () => {
    const page = await newPage(env)
    const account = await signUp(page, 'Basic', newAccount('Ada Lovelace'))
    await page.keyboard.press('Escape')
    await page.goto('/settings/security')

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    const form = page.getByRole('form', { name: 'Turn on two-factor sign-in' })
    // The QR code, as a phone's camera reads it from the screen, holds the secret that is also shown to type.
    const shot = await form.getByRole('img', { name: /QR code/ }).screenshot()
    const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const uri = new URL(readQrPixels(new Uint8ClampedArray(data), info.width, info.height) ?? 'about:blank')
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      `otpauth://totp/Vigil:${account.email}`,
    )
    const secret = uri.searchParams.get('secret') ?? ''
    // Shown to type by hand in groups of four, the same secret.
    const typed = await form.getByRole('group', { name: 'Secret to type into the app' }).locator('code').textContent()
    expect((typed ?? '').replace(/\s/g, '')).toBe(secret)
    await form.getByLabel('Code from the app').fill(totpCode(secret, env.server.clock.now()))
    await form.getByLabel(/^Your password/).fill(account.password)
    await form.getByRole('button', { name: 'Turn on' }).click()
    const codeList = page.getByRole('list', { name: 'Recovery codes' })
    await codeList.waitFor()
    const codes = await codeList.getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download the codes' }).click()
    expect((await download).suggestedFilename()).toBe('vigil-recovery-codes.txt')
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByText('10 recovery codes are left.', { exact: false }).waitFor()
    await page.getByRole('region', { name: 'Security events' }).getByText('Two-factor sign-in turned on').waitFor()

    // Out and in again: the password alone no longer signs in.
    await signOut(page)
    await signInWithSecondStep(page, account.email, account.password, { code: nextCode(env, secret) })
    await signOut(page)
    await signInWithSecondStep(page, account.email, account.password, { recovery: codes[0] })

    // A second browser signs in too; this one ends it, and its next request is refused.
    const other = await newPage(env)
    await signInWithSecondStep(other, account.email, account.password, { code: nextCode(env, secret) })
    await page.goto('/settings/security')
    const sessions = page.getByRole('region', { name: 'Signed-in sessions' })
    await expect.poll(() => sessions.getByRole('row').count()).toBe(3)
    await sessions.getByRole('button', { name: /^Sign out / }).click()
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2)
    await other.goto('/settings/security')
    await waitForPath(other, '/login')
    await page.getByText('Signed in with a recovery code').waitFor()

    // Support: a request, answered by an operator, whose answer the user finds through the bell.
    await page.goto('/support')
    const request = page.getByRole('form', { name: 'Ask for help' })
    await request.getByLabel('Subject').fill('Slack alerts stopped')
    await request.getByLabel('Category').selectOption({ label: 'Alerts and notifications' })
    await request.getByLabel('Message').fill('No Slack message since noon, though the shop was down.')
    await request.getByRole('button', { name: 'Send the request' }).click()
    await page.getByRole('heading', { name: 'Slack alerts stopped' }).waitFor()
    const ticketPath = new URL(page.url()).pathname

    // The operator's address is in ADMIN_EMAILS, but an account only counts as the operator once it has opened the
    // link mailed to that address: until then it is asked to, and sees only its own requests.
    const operator = await openSignedIn(env, await env.server.register({ plan: 'Basic', email: OPERATOR }))
    await operator.page.goto('/support')
    await operator.page.getByRole('heading', { name: 'Your requests' }).waitFor()
    const ask = operator.page.getByRole('status').filter({ hasText: 'Confirm your email address.' })
    await ask.getByText(`We sent a link to ${OPERATOR}`).waitFor()
    await snap(operator.page, 'confirm-banner-1280')
    // On a phone, as the page loads there.
    await operator.page.setViewportSize({ width: 390, height: 844 })
    await operator.page.reload()
    await ask.getByRole('button', { name: 'Send again' }).waitFor()
    await snap(operator.page, 'confirm-banner-390')
    expect(await operator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await operator.page.setViewportSize({ width: 1280, height: 800 })
    await operator.page.goto(`/confirm-email?token=${await confirmLinkToken(smtp, OPERATOR)}`)
    await operator.page.getByRole('button', { name: 'Confirm my address' }).click()
    await operator.page.getByText(`${OPERATOR} is confirmed as the address of your account.`).waitFor()
    await snap(operator.page, 'confirmed-1280')
    await operator.page.goto('/support')
    await operator.page.getByRole('heading', { name: 'All requests' }).waitFor()
    expect(await ask.count()).toBe(0)
    await operator.page.getByRole('link', { name: 'Slack alerts stopped' }).click()
    await operator.page.getByText(`Ada Lovelace (${account.email})`).waitFor()
    await operator.page.getByLabel('Your message').fill('The Slack webhook was revoked: connect Slack again.')
    await operator.page.getByRole('button', { name: 'Send' }).click()
    await operator.page.getByRole('listitem').getByText('The Slack webhook was revoked').waitFor()

    await page.goto('/dashboard')
    await bellButton(page).click()
    const answer = page
      .getByRole('dialog', { name: 'Notifications', exact: true })
      .getByRole('button', { name: /Support answered: Slack alerts stopped/ })
    await answer.click()
    await waitForPath(page, ticketPath)
    await page
      .getByRole('list', { name: 'Messages' })
      .getByText('The Slack webhook was revoked: connect Slack again.')
      .waitFor()
    await page.getByText('Answered', { exact: true }).waitFor()
  })
})
