import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { startHttpTarget, startTcpTarget } from '../../server/support/targets.ts'
import { openSignedIn, seriousViolations, setupAppEnv, waitForPath } from '../app/helpers.ts'

// The monitor pages against the real server (private targets allowed, as tests run them) and local
// targets: an HTTP server and a TCP listener on loopback, made here.

let web: Awaited<ReturnType<typeof startHttpTarget>>
let tcp: Awaited<ReturnType<typeof startTcpTarget>>
let webUrl = ''
let tcpPort = 0

beforeAll(async () => {
  web = await startHttpTarget()
  webUrl = web.url.replace(/\/$/, '')
  tcp = await startTcpTarget()
  tcpPort = tcp.port
})
const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true }, clock: realTimeClock() }))
afterAll(async () => {
  await web?.close()
  await tcp?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))

/** Opens the add form of a list page, fills it, creates the monitor, and opens its page with "Check now". */
const addMonitor = async (page: Page, list: string, fields: Record<string, string>) => {
  await page.goto(list)
  await page
    .getByRole('button', { name: /^Add (your first )?\w+ monitor$/i })
    .first()
    .click()
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value)
  await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
  await dialog(page).waitFor({ state: 'hidden' })
  const name = fields.Name as string
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect
    .poll(async () => page.getByTestId('check-result').textContent(), { timeout: 15_000 })
    .toMatch(/^Check now: OK/)
}

describe('monitor pages in the browser', () => {
  it('adds web, API, port and ping monitors through the form, sees them up, with inline validation first', async () => {
    const { page } = await openSignedIn(env, await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' }))

    // Inline validation, before anything is sent.
    await page.goto('/services/web-monitoring')
    await page.getByRole('button', { name: 'Add your first website monitor' }).click()
    await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
    await dialog(page).getByText('Name is required.').waitFor()
    await dialog(page).getByText('URL is required.').waitFor()
    await field(page, 'URL').fill('shop.example')
    await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
    await dialog(page).getByText('URL must start with http:// or https://.').waitFor()
    // Pro allows 30-second checks.
    expect(await field(page, 'Check every').locator('option').first().textContent()).toBe('30 seconds')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })

    await addMonitor(page, '/services/web-monitoring', { Name: 'Shop', URL: `${webUrl}/`, Keyword: 'Welcome' })
    await addMonitor(page, '/services/api-monitoring', { Name: 'Health API', URL: `${webUrl}/api/health` })
    await addMonitor(page, '/services/port-monitoring', {
      Name: 'Local port',
      Host: '127.0.0.1',
      Port: String(tcpPort),
    })
    await addMonitor(page, '/services/ping-monitoring', { Name: 'Loopback', Host: '127.0.0.1' })

    // The list shows it up (the page asks again every 10 s; a reload is not needed).
    await page.goto('/services/port-monitoring')
    const row = page.getByRole('row').filter({ hasText: 'Local port' })
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Up')
    expect(await row.textContent()).toContain(`127.0.0.1:${tcpPort}`)

    // Dashboard counts.
    await page.goto('/dashboard')
    const counts = page.getByRole('region', { name: /^Monitors/ })
    await expect.poll(() => counts.textContent()).toContain('Monitors (4)')
    expect(await counts.getByText('Up', { exact: true }).locator('xpath=following-sibling::dd').textContent()).toBe('4')

    // The list of all four fits its region at a laptop's widths, each row's actions in sight; on a phone each row is
    // compact (name, state, last checks, uptime; under 120 px).
    const table = page.locator('section[aria-label="All monitors"] table')
    await table.locator('tbody tr').first().waitFor()
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 800 })
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      const fit = await table.evaluate((t) => ({ table: t.scrollWidth, region: t.parentElement?.clientWidth ?? 0 }))
      expect(fit.table).toBeLessThanOrEqual(fit.region)
      for (const name of ['Shop', 'Health API', 'Local port', 'Loopback']) {
        const more = page.getByRole('button', { name: `More actions for ${name}`, exact: true })
        const box = await more.boundingBox()
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
      }
      if (width === 390) {
        const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.clientHeight))
        expect(heights).toHaveLength(4)
        for (const h of heights) expect(h).toBeLessThan(120)
      }
    }
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  it('pauses, resumes, shows stats and results, and deletes with the confirmation dialog; at 768 px too', async () => {
    const account = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 768, height: 900 },
    ]) {
      const { page } = await openSignedIn(env, account, { viewport })
      const name = `Shop ${viewport.width}`
      await addMonitor(page, '/services/web-monitoring', { Name: name, URL: `${webUrl}/` })
      const monitorPath = new URL(page.url()).pathname

      // Stats and results of the check that ran.
      const stats = page.getByRole('region', { name: /The last 24 hours/ })
      // The check's response time is in the window's average (uptime counts time between scheduled checks,
      // so one check now may still read "no data").
      await expect.poll(() => stats.textContent(), { timeout: 15_000 }).toMatch(/Average response\d+ ms/)
      await stats.locator('canvas').first().waitFor()
      const results = page.getByRole('region', { name: 'Recent results' })
      await expect.poll(() => results.getByRole('row').count()).toBeGreaterThan(1)
      await page.getByRole('button', { name: '7d' }).click()
      await page.getByRole('region', { name: /The last 7 days/ }).waitFor()
      expect(await seriousViolations(page)).toEqual([])

      // Pause and resume from the list.
      await page.goto('/services/web-monitoring')
      const row = page.getByRole('row').filter({ hasText: name })
      await page.getByRole('button', { name: `More actions for ${name}` }).click()
      await page.getByRole('menuitem', { name: 'Pause' }).click()
      await expect.poll(() => row.textContent()).toContain('Paused')
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: `More actions for ${name}` }).click()
      await page.getByRole('menuitem', { name: 'Resume' }).click()
      await expect.poll(() => row.textContent()).not.toContain('Paused')

      // Delete from its page, after the spec's dialog (naming the monitor, its button red); back to the list.
      await page.goto(monitorPath)
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      const confirm = page.getByRole('alertdialog', { name: `Delete the monitor “${name}”?` })
      await confirm.getByText('Once deleted, you will not be able to recover this item!').waitFor()
      expect(
        await confirm
          .getByRole('button', { name: 'Delete monitor' })
          .evaluate((b) => getComputedStyle(b).backgroundColor),
      ).toBe('rgb(185, 28, 28)') // red.700
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await confirm.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      await confirm.getByRole('button', { name: 'Delete monitor' }).click()
      await waitForPath(page, '/services/web-monitoring')
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0)
      await page.goto(monitorPath)
      await page.getByRole('heading', { level: 1, name: 'Monitor not found' }).waitFor()
    }
  }, 120_000)
})
