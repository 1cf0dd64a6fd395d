import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, type TestDb } from '../server/harness.ts'
import { launchBrowser } from './browser.ts'
import { startServer } from './server.ts'

describe('landing page in Chromium', () => {
  let db: TestDb
  let server: Awaited<ReturnType<typeof startServer>>
  let browser: Browser
  beforeAll(async () => {
    db = await openTestDb('sqlite')
    server = await startServer(db)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await db?.drop()
  })

  it('shows the sections, the Login button and both plans from GET /api/plans', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.baseUrl}/`)
    // The page's code loads after the entry (route-level splitting): wait for it to render.
    await page.locator('section#home').waitFor()
    for (const id of ['home', 'about', 'pricing', 'contact'])
      expect(await page.locator(`section#${id}`).count()).toBe(1)
    await expect.poll(() => page.locator('#pricing article h3').allTextContents()).toEqual(['Basic', 'Pro'])
    expect(await page.locator('#pricing').textContent()).toContain('15-day free trial, no payment needed')
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login')
    await page.close()
  })

  it('shows the product with "Start free" and "Sign in", and a contact link that leads somewhere', async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } })
      await page.goto(`${server.baseUrl}/`)
      const home = page.locator('section#home')
      await home.waitFor()
      // The picture is the monitor list's own parts, said to be an example, and nothing in it takes focus.
      const figure = home.getByRole('figure')
      expect(await figure.locator('figcaption').textContent()).toContain('An example of the monitor list')
      expect(await figure.locator('[data-look]').count()).toBe(4 * 30)
      expect(await figure.locator('[inert]').count()).toBe(1)
      expect(await home.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/register?plan=basic')
      expect(await home.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      // Without CONTACT_EMAIL the contact is the support requests, which a visitor reaches by signing in.
      await page.locator('#contact').getByRole('link', { name: 'Open a support request' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await page.close()
    }
  })

  it('says so when the prices cannot be loaded', async () => {
    const page = await browser.newPage()
    await page.route('**/api/plans', (route) => route.fulfill({ status: 503, body: '{"message":"down"}' }))
    await page.goto(`${server.baseUrl}/`)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Prices could not be loaded. Refresh the page to try again.')
    await page.close()
  })
})
