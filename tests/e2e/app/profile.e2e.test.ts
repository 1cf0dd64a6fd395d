import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  newAccount,
  newPage,
  pathOf,
  profileMenuButton,
  setupAppEnv,
  signUp,
  submitSignIn,
  waitForPath,
} from './helpers.ts'

// The profile as a user lives it in Chromium: a new name and picture reach the top bar at once and stay after a
// reload; the picture is served re-encoded from our origin; the account deleted ends the session and its sign-in.

const env = setupAppEnv()

describe('the profile', () => {
  it('renames and sets a picture that the top bar shows, then deletes the account', async () => {
    const page = await newPage(env)
    const account = await signUp(page, 'Basic', newAccount('Ada Lovelace'))
    await page.keyboard.press('Escape')
    await page.goto('/profile')

    await page.getByLabel('Display name').fill('Grace Hopper')
    await page.getByRole('button', { name: 'Save name' }).click()
    await profileMenuButton(page)
      .and(page.getByRole('button', { name: 'Account menu for Grace Hopper' }))
      .waitFor()

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer()
    // As a user does: the button opens the file chooser; the chosen picture is previewed, then saved.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose a picture' }).click(),
    ])
    await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Save picture' }).click()
    const current = page.getByRole('img', { name: 'Grace Hopper (current)' })
    await current.waitFor()
    const src = await current.getAttribute('src')
    expect(src).toMatch(/^\/api\/profile\/picture\?v=\d+$/)
    const topBarPicture = profileMenuButton(page).locator('img')
    await expect.poll(() => topBarPicture.getAttribute('src')).toBe(src)
    // Served from our origin, as a WebP it made, and it shows.
    const served = await page.request.get(src ?? '')
    expect(served.headers()['content-type']).toBe('image/webp')
    await expect.poll(() => topBarPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)

    await page.reload()
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor()
    expect(await profileMenuButton(page).locator('img').getAttribute('src')).toBe(src)

    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Type DELETE').fill('DELETE')
    await dialog.getByLabel(/^Your password/).fill(account.password)
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click()
    await waitForPath(page, '/')
    await page.getByText(/^Your account was deleted, with 0 monitors/).waitFor()
    expect(pathOf(page)).toBe('/')

    await submitSignIn(page, account.email, account.password)
    await page.getByText('The email or password is incorrect.').waitFor()
  })
})
