import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  localStorageOf,
  newPage,
  openProfileMenuItem,
  pathOf,
  setupAppEnv,
  signedInUser,
  signIn,
  signUp,
  submitSignIn,
  waitForPath,
} from './helpers.ts'

const env = setupAppEnv()

// The plan welcome dialog: shown after the sign-up redirect (?is_signup) once a subscription exists.
describe('sign-up, the plan welcome dialog and sign-in', () => {
  it('Basic: "Basic Plan Activated" with Close and Upgrade; Upgrade goes to /upgrade_to_pro?is_free_trial=true', async () => {
    const page = await newPage(env)
    await signUp(page, 'Basic')
    const dialog = page.getByRole('dialog', { name: 'Basic Plan Activated', exact: true })
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Basic Plan Activated')
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Close', 'Upgrade', 'Add your first monitor'])

    await dialog.getByRole('button', { name: 'Upgrade' }).click()
    await waitForPath(page, '/upgrade_to_pro?is_free_trial=true')
    await dialog.waitFor({ state: 'hidden' })
  })

  it('Pro Monthly: "Pro Plan Activated" valid one month ahead; Close removes is_signup and a reload does not show it again', async () => {
    const page = await newPage(env)
    await signUp(page, 'Pro Monthly')
    const dialog = page.getByRole('dialog', { name: 'Pro Plan Activated', exact: true })
    await dialog.waitFor()
    // The server's clock starts at 22 Nov 2026, 09:00 UTC, and the browser is in UTC: DD MMM YYYY, hh:mm A.
    expect(await dialog.textContent()).toContain('22 Dec 2026, 09:00 AM')
    expect(await dialog.getByRole('button', { name: 'Upgrade' }).count()).toBe(0)

    await dialog.getByRole('button', { name: 'Close' }).click()
    await waitForPath(page, '/dashboard')
    await dialog.waitFor({ state: 'hidden' })

    const subscription = page.waitForResponse((r) => r.url().includes('/api/user_subscription') && r.ok())
    await page.reload()
    await subscription
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.waitForTimeout(300)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(pathOf(page)).toBe('/dashboard')
  })

  it('Pro Yearly: "Pro Plan Activated" valid one year ahead', async () => {
    const page = await newPage(env)
    await signUp(page, 'Pro Yearly')
    const dialog = page.getByRole('dialog', { name: 'Pro Plan Activated', exact: true })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('22 Nov 2027, 09:00 AM')
  })

  it('Pro 15-day free trial: "Pro Plan Selected", 15-day free trial with no payment needed', async () => {
    const page = await newPage(env)
    await signUp(page, 'Pro 15-day free trial')
    const dialog = page.getByRole('dialog', { name: 'Pro Plan Selected', exact: true })
    await dialog.waitFor()
    const text = (await dialog.textContent()) ?? ''
    expect(text).toMatch(/15-day free trial/)
    expect(text).toMatch(/no payment needed/i)
    expect(await page.getByRole('dialog', { name: 'Pro Plan Activated', exact: true }).count()).toBe(0)

    // "Add your first monitor": the dialog goes and the dashboard's add menu is open on the types to choose from.
    await dialog.getByRole('button', { name: 'Add your first monitor' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const menu = page.getByRole('menu')
    await menu.getByRole('menuitem', { name: 'Website Monitoring' }).waitFor()
    await menu.getByRole('menuitem', { name: 'Website Monitoring' }).click()
    await page.getByRole('dialog', { name: /website monitor/i }).waitFor()
    await waitForPath(page, '/dashboard')
  })

  it("a wrong password on /login shows the server's message and stays on /login", async () => {
    const account = await env.server.register()
    const page = await newPage(env)
    await submitSignIn(page, account.email, 'not the password')
    const alert = page.getByRole('alert').filter({ hasText: 'incorrect' })
    await alert.waitFor()
    expect((await alert.textContent())?.trim()).toBe('The email or password is incorrect.')
    expect(pathOf(page)).toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
  })
})

const FIELDS = ['Current password', 'New password', 'Confirm password'] as const
type FieldLabel = (typeof FIELDS)[number]

const passwordDialog = (page: Page) => page.getByRole('dialog', { name: 'Change Password', exact: true })
const input = (dialog: Locator, label: FieldLabel) => dialog.getByLabel(label, { exact: true })
/** The field (its group) holding the labelled input, to reach that field's own show/hide toggle. */
const fieldGroup = (dialog: Locator, label: FieldLabel) =>
  dialog.getByRole('group').filter({ has: dialog.page().getByLabel(label, { exact: true }) })

const fill = async (dialog: Locator, values: [string, string, string]) => {
  for (const [i, label] of FIELDS.entries()) await input(dialog, label).fill(values[i] ?? '')
}

const submit = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Update Password' }).click()
}

/** The dialog's message, once it reads `text`. */
const alertWith = async (dialog: Locator, text: string) => {
  const alert = dialog.getByRole('alert').filter({ hasText: text })
  await alert.waitFor()
  expect((await alert.textContent())?.trim()).toBe(text)
  return alert
}

describe('Change Password from the profile menu', () => {
  it('is an 800x400 dialog that shows each password message and has a show/hide toggle per field', async () => {
    const { page, password } = await signedInUser(env)
    await openProfileMenuItem(page, 'Change Password')
    const dialog = passwordDialog(page)
    await dialog.waitFor()
    // Measured once its opening animation is over.
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(800)
    expect((await dialog.boundingBox())?.height).toBeGreaterThanOrEqual(400)

    // Empty: one message, and each field flagged 'Required'.
    await submit(dialog)
    await alertWith(dialog, 'All password fields are required!')
    for (const label of FIELDS) {
      expect(await fieldGroup(dialog, label).getByText('Required', { exact: true }).count()).toBe(1)
      expect(await input(dialog, label).getAttribute('aria-invalid')).toBe('true')
    }

    // Only the empty ones are flagged.
    await fill(dialog, [password, 'a brand new one', ''])
    await submit(dialog)
    await alertWith(dialog, 'All password fields are required!')
    expect(await dialog.getByText('Required', { exact: true }).count()).toBe(1)
    expect(await fieldGroup(dialog, 'Confirm password').getByText('Required', { exact: true }).count()).toBe(1)

    await fill(dialog, [password, 'a brand new one', 'a brand new two'])
    await submit(dialog)
    await alertWith(dialog, 'New passwords do not match!')
    expect(await dialog.getByText('Required', { exact: true }).count()).toBe(0)

    await fill(dialog, [password, password, password])
    await submit(dialog)
    await alertWith(dialog, 'Current and new password are the same. Use a different password!')

    // No request reached the server so far; now a wrong current password gets the server's message.
    await fill(dialog, ['not my password', 'a brand new one', 'a brand new one'])
    await submit(dialog)
    await alertWith(dialog, 'Current password is incorrect.')
    expect(await dialog.isVisible()).toBe(true)

    for (const label of FIELDS) {
      const field = fieldGroup(dialog, label)
      expect(await input(dialog, label).getAttribute('type')).toBe('password')
      await field.getByRole('button', { name: 'Show password' }).click()
      await expect.poll(() => input(dialog, label).getAttribute('type')).toBe('text')
      // The other fields stay hidden.
      for (const other of FIELDS.filter((f) => f !== label))
        expect(await input(dialog, other).getAttribute('type')).toBe('password')
      await field.getByRole('button', { name: 'Hide password' }).click()
      await expect.poll(() => input(dialog, label).getAttribute('type')).toBe('password')
    }

    // By keyboard too: Tab reaches the toggle, Space shows the password. Escape closes the dialog and
    // gives focus back to the account menu's button.
    await input(dialog, FIELDS[0]).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password')
    await page.keyboard.press('Space')
    await expect.poll(() => input(dialog, FIELDS[0]).getAttribute('type')).toBe('text')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-account-menu-trigger')))
      .toBe(true)
  })

  it('changes the password: a success toast, then the new password signs in and the old one does not', async () => {
    const { page, email, password } = await signedInUser(env)
    await openProfileMenuItem(page, 'Change Password')
    const dialog = passwordDialog(page)
    await dialog.waitFor()
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/user/user_password_change/'))
    await fill(dialog, [password, 'my new secret 42', 'my new secret 42'])
    await submit(dialog)
    expect((await put).postDataJSON()).toEqual({ current_password: password, new_password: 'my new secret 42' })
    await page.getByText('Password updated successfully').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    expect(pathOf(page)).toBe('/dashboard')

    // Opened again, the form is empty.
    await openProfileMenuItem(page, 'Change Password')
    await dialog.waitFor()
    for (const label of FIELDS) expect(await input(dialog, label).inputValue()).toBe('')

    const other = await newPage(env)
    await submitSignIn(other, email, password)
    await other.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor()
    await signIn(other, email, 'my new secret 42')
  })
})

describe('Logout from the profile menu', () => {
  it('asks first; No keeps the user signed in', async () => {
    const { page } = await signedInUser(env)
    await openProfileMenuItem(page, 'Logout')
    const confirm = page.getByRole('alertdialog')
    await confirm.waitFor()
    expect(await confirm.textContent()).toContain('Are you sure you want to logout ?')
    expect(await confirm.getByRole('button').allTextContents()).toEqual(['No', 'Yes'])

    await confirm.getByRole('button', { name: 'No' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(pathOf(page)).toBe('/dashboard')
    const stored = await localStorageOf(page)
    for (const key of ['authToken', 'Name', 'UserId', 'userData']) expect(stored[key]).toBeTruthy()
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(pathOf(page)).toBe('/dashboard')
  })

  it('Yes: the toast, the landing page, the stored items gone, and /dashboard sends to /login', async () => {
    const { page } = await signedInUser(env)
    await openProfileMenuItem(page, 'Logout')
    const confirm = page.getByRole('alertdialog')
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Yes' }).click()

    const toast = page.getByText('You have been logged out successfully')
    await toast.waitFor()
    const stored = await localStorageOf(page)
    for (const key of ['authToken', 'Name', 'UserId', 'userData']) expect(stored[key]).toBeUndefined()
    expect(stored.isAuthenticated).toBe('false')
    // The session cookie is gone too.
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'token')).toBe(false)
    // Logout goes to /, the landing page, and stays there.
    await waitForPath(page, '/', 4_000)
    await page.getByRole('link', { name: 'Login' }).waitFor()
    await page.waitForTimeout(300)
    expect(pathOf(page)).toBe('/')

    await page.goto('/dashboard')
    await waitForPath(page, '/login')
  })
})
