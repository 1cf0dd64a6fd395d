import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { NotificationRow } from '../../../src/server/db/repos/notifications.repo.ts'
import {
  bellButton,
  type Env,
  openProfileMenuItem,
  openSignedIn,
  pathOf,
  seriousViolations,
  setupAppEnv,
  sidebarEntry,
  signedInUser,
  type Violation,
  waitForPath,
} from './helpers.ts'

const env = setupAppEnv()

/** A user made through the API, without the welcome notification sign-up gives them. */
const userWithoutNotifications = async (e: Env) => {
  const account = await e.server.register()
  const userId = account.user.user_id as string
  await e.db.database.db.deleteFrom('notifications').where('user_id', '=', userId).execute()
  return { account, userId }
}

const row = (userId: string, over: Partial<NotificationRow>): NotificationRow => ({
  notification_id: randomUUID(),
  user_id: userId,
  notification_type: 'web',
  target_id: null,
  notification_title: 'Title',
  notification_description: 'Description',
  is_opened: 0,
  created_at: Date.parse('2026-11-20T09:00:00Z'),
  ...over,
})

describe('the notification bell', () => {
  it('shows the unread count, the first 3 with New chips and dates; a click marks read and opens the monitor', async () => {
    const { account, userId } = await userWithoutNotifications(env)
    const web = row(userId, {
      notification_type: 'web',
      target_id: '42',
      notification_title: 'example.com is down',
      notification_description: 'HTTP 503 from https://example.com',
      created_at: Date.parse('2026-11-21T14:05:00Z'),
    })
    const api = row(userId, {
      notification_type: 'api',
      target_id: '7',
      notification_title: 'Orders API is slow',
      notification_description: 'p95 above 2 s',
      created_at: Date.parse('2026-11-21T08:30:00Z'),
    })
    const port = row(userId, {
      notification_type: 'port',
      target_id: '9',
      notification_title: 'Port 5432 is back up',
      notification_description: 'db.example.com:5432 accepts connections again',
      is_opened: 1,
      created_at: Date.parse('2026-11-20T23:59:00Z'),
    })
    const accountMessage = row(userId, {
      notification_type: 'account',
      target_id: null,
      notification_title: 'Password changed',
      notification_description: 'Your password was changed.',
      created_at: Date.parse('2026-11-19T07:00:00Z'),
    })
    await env.server.repos.notifications.insert([web, api, port, accountMessage])

    const { page } = await openSignedIn(env, account)
    const bell = bellButton(page)
    // web, api and account are unread.
    await expect.poll(async () => (await bell.innerText()).trim()).toBe('3')

    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications', exact: true })
    await panel.waitFor()
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(360)
    const items = panel.getByRole('listitem')
    await expect.poll(() => items.count()).toBe(3)
    const texts = await items.allInnerTexts()
    expect(texts[0]).toContain('example.com is down')
    expect(texts[0]).toContain('HTTP 503 from https://example.com')
    expect(texts[0]).toContain('21 Nov 2026, 02:05 PM')
    expect(texts[1]).toContain('Orders API is slow')
    expect(texts[1]).toContain('21 Nov 2026, 08:30 AM')
    expect(texts[2]).toContain('Port 5432 is back up')
    expect(texts[2]).toContain('20 Nov 2026, 11:59 PM')
    expect(await panel.getByText('Password changed').count()).toBe(0)
    expect(await items.nth(0).getByText('New', { exact: true }).count()).toBe(1)
    expect(await items.nth(1).getByText('New', { exact: true }).count()).toBe(1)
    expect(await items.nth(2).getByText('New', { exact: true }).count()).toBe(0)
    expect(await panel.getByRole('link', { name: 'Show all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    )

    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/user_notification'))
    await items.nth(0).getByRole('button').click()
    expect((await patch).postDataJSON()).toEqual({ notification_id: web.notification_id })
    await waitForPath(page, `/web_monitorings/42`)
    await panel.waitFor({ state: 'hidden' })
    const stored = await env.server.repos.notifications.page(userId, 1, 50)
    expect(stored.rows.find((r) => r.notification_id === web.notification_id)?.is_opened).toBe(1)
    expect(stored.unread).toBe(2)
    await expect.poll(async () => (await bell.innerText()).trim()).toBe('2')

    await bell.click()
    await panel.waitFor()
    expect(await items.nth(0).getByText('New', { exact: true }).count()).toBe(0)
    await panel.getByRole('link', { name: 'Show all notifications' }).click()
    await waitForPath(page, '/notifications')
    await panel.waitFor({ state: 'hidden' })
  })

  it('opens an api notification at /api_monitorings/{target_id}', async () => {
    const { account, userId } = await userWithoutNotifications(env)
    const api = row(userId, { notification_type: 'api', target_id: 'abc', notification_title: 'API check failed' })
    await env.server.repos.notifications.insert(api)
    const { page } = await openSignedIn(env, account)
    await bellButton(page).click()
    await page
      .getByRole('dialog', { name: 'Notifications', exact: true })
      .getByRole('button', { name: /API check failed/ })
      .click()
    await waitForPath(page, '/api_monitorings/abc')
    const stored = await env.server.repos.notifications.page(userId, 1, 50)
    expect(stored.rows[0]?.is_opened).toBe(1)
  })

  it("says 'No new notifications' to a user who has none, with no badge", async () => {
    const { account } = await userWithoutNotifications(env)
    const { page } = await openSignedIn(env, account)
    const bell = bellButton(page)
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications', exact: true })
    await panel.getByText('No new notifications').waitFor()
    expect(await panel.getByRole('listitem').count()).toBe(0)
    expect((await bell.innerText()).trim()).toBe('')
    expect(await panel.getByRole('link', { name: 'Show all notifications' }).isVisible()).toBe(true)
  })
})

describe('times in notifications', () => {
  it("shows the times the server wrote in UTC in the viewer's zone, in the format of the time beside them", async () => {
    const { account, userId } = await userWithoutNotifications(env)
    // As the engine writes it (incident-message.ts): in UTC, knowing no reader's zone.
    await env.server.repos.notifications.insert(
      row(userId, {
        notification_title: 'Shop is down',
        notification_description: 'Shop has been down since 21 Nov 2026, 14:05 UTC: HTTP 503.',
        created_at: Date.parse('2026-11-21T14:06:00Z'),
      }),
    )
    // A viewer in Kolkata (UTC+05:30).
    const { page } = await openSignedIn(env, account, { timezoneId: 'Asia/Kolkata' })
    await bellButton(page).click()
    const item = page.getByRole('dialog', { name: 'Notifications', exact: true }).getByRole('listitem').first()
    await item.waitFor()
    const text = await item.innerText()
    expect(text).toContain('Shop has been down since 21 Nov 2026, 07:35 PM: HTTP 503.')
    expect(text).toContain('21 Nov 2026, 07:36 PM')
    expect(text).not.toContain('UTC')
    // The stored text stays as the server wrote it.
    const stored = await env.server.repos.notifications.page(userId, 1, 50)
    expect(stored.rows[0]?.notification_description).toContain('14:05 UTC')
  })
})

describe('keyboard and forms in the shell', () => {
  it('the first Tab shows "Skip to content"; Enter moves the focus to the main region', async () => {
    const { page } = await signedInUser(env, { plan: 'Pro' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const link = page.getByRole('link', { name: 'Skip to content' })
    // Out of sight until focused.
    expect((await link.boundingBox())?.y ?? 0).toBeLessThan(0)
    await page.keyboard.press('Tab')
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true)
    await expect.poll(async () => (await link.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
    expect(await link.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
    expect(pathOf(page)).toBe('/dashboard')
  })

  it('a form opens without red borders on its empty required fields; an empty submit marks them and focuses the first', async () => {
    const { page } = await signedInUser(env, { plan: 'Pro' })
    await page.goto('/services/web-monitoring')
    await page.getByRole('button', { name: /^Add your first/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Add website monitor' })
    const name = dialog.getByRole('textbox', { name: /^Name/ })
    await name.waitFor()
    const border = () => name.evaluate((el) => getComputedStyle(el).borderTopColor)
    // Required and empty: invalid to the browser, not yet to the form.
    expect(
      await name.evaluate((el) => (el as HTMLInputElement).required && !(el as HTMLInputElement).validity.valid),
    ).toBe(true)
    expect(await border()).toBe('rgb(209, 213, 219)') // gray.300
    await dialog.getByRole('button', { name: 'Create monitor' }).click()
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true)
    // Red, focused too (red.600, once its transition has run); so is the next one.
    await expect.poll(border).toBe('rgb(220, 38, 38)')
    const url = dialog.getByRole('textbox', { name: /^URL/ })
    expect(await url.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => url.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(220, 38, 38)')
  })
})

// axe-core in Chromium (colour contrast included): no violation of impact 'serious' or 'critical'. Each test checks
// every state it reaches and reports them all at once.
describe('accessibility of the signed-in shell (axe-core)', () => {
  it('the dashboard shell, the open Change Password dialog and the open logout confirmation', async () => {
    const found: Record<string, Violation[]> = {}
    // Basic: the shell then also holds locked entries with their lock.
    const { page } = await signedInUser(env, { plan: 'Basic' })
    await sidebarEntry(page, 'DNS Monitoring').and(page.locator('[aria-disabled="true"]')).waitFor()
    await page.getByRole('heading', { level: 1 }).waitFor()
    found['dashboard shell'] = await seriousViolations(page)

    await openProfileMenuItem(page, 'Change Password')
    const dialog = page.getByRole('dialog', { name: 'Change Password', exact: true })
    await dialog.waitFor()
    found['change password dialog'] = await seriousViolations(page)
    // With its messages showing.
    await dialog.getByRole('button', { name: 'Update Password' }).click()
    await dialog.getByRole('alert').waitFor()
    found['change password dialog with errors'] = await seriousViolations(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await openProfileMenuItem(page, 'Logout')
    await page.getByRole('alertdialog').waitFor()
    found['logout confirmation'] = await seriousViolations(page)

    expect(found).toEqual({
      'dashboard shell': [],
      'change password dialog': [],
      'change password dialog with errors': [],
      'logout confirmation': [],
    })
  })

  it('the mobile menu and the open notification panel', async () => {
    const found: Record<string, Violation[]> = {}
    const { page } = await signedInUser(env, { plan: 'Pro' }, { viewport: { width: 768, height: 900 } })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click()
    await nav.waitFor()
    found['mobile menu'] = await seriousViolations(page)
    await page.mouse.click(600, 500)
    await nav.waitFor({ state: 'hidden' })

    await page
      .getByRole('banner')
      .getByRole('button', { name: /notifications/i })
      .click()
    await page.getByRole('dialog', { name: 'Notifications', exact: true }).getByRole('listitem').first().waitFor()
    found['notification panel'] = await seriousViolations(page)

    expect(found).toEqual({ 'mobile menu': [], 'notification panel': [] })
  })
})
