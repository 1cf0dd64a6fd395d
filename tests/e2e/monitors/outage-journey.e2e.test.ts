import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { startHttpTarget, startTcpTarget } from '../../server/support/targets.ts'
import { openSignedIn, proEveryTwoSeconds, setupAppEnv, waitForPath } from '../app/helpers.ts'

// The whole journey of issue 4, with the check engine running as `npm start` runs it: a user adds monitors in
// the browser, sees them go up, the targets go down, the monitors go down once the retry confirms it, the
// alert reaches the bell and opens the monitor's page, and the incident closes when the targets come back.
// The operator lets Pro check every 2 seconds (plans are rows), so this takes seconds, not minutes.

let web: Awaited<ReturnType<typeof startHttpTarget>>
let tcp: Awaited<ReturnType<typeof startTcpTarget>>

beforeAll(async () => {
  web = await startHttpTarget()
  tcp = await startTcpTarget()
})
const env = setupAppEnv(
  () => ({ config: { allowPrivateTargets: true }, clock: realTimeClock(), engine: true }),
  proEveryTwoSeconds,
)
afterAll(async () => {
  await web?.close()
  await tcp?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))

/** Adds a monitor through the list page's form, checked every 2 seconds, and answers its page's path. */
const addMonitor = async (page: Page, list: string, fields: Record<string, string>) => {
  await page.goto(list)
  await page
    .getByRole('button', { name: /^Add (your first )?\w+ monitor$/i })
    .first()
    .click()
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value)
  await field(page, 'Check every').selectOption('2')
  await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
  await dialog(page).waitFor({ state: 'hidden' })
  await page.getByRole('link', { name: fields.Name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: fields.Name }).waitFor()
  return new URL(page.url()).pathname
}

const badge = (page: Page) => page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::*[1]')

describe('an outage, from the first check to the closed incident', () => {
  it('web, API and port monitors go up, down after the retry with one alert each, and up again', async () => {
    const { page } = await openSignedIn(env, await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' }))

    const monitors = [
      {
        name: 'Storefront',
        path: await addMonitor(page, '/services/web-monitoring', {
          Name: 'Storefront',
          URL: web.url,
          Keyword: 'Welcome',
        }),
      },
      {
        name: 'Orders API',
        path: await addMonitor(page, '/services/api-monitoring', { Name: 'Orders API', URL: `${web.url}api/orders` }),
      },
      {
        name: 'Database port',
        path: await addMonitor(page, '/services/port-monitoring', {
          Name: 'Database port',
          Host: '127.0.0.1',
          Port: String(tcp.port),
        }),
      },
    ]
    const ping = await addMonitor(page, '/services/ping-monitoring', { Name: 'Gateway', Host: '127.0.0.1' })
    // Ping has no target these tests may take down (every loopback address answers): it goes up, and stays up.
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toContain('Up')
    expect(new URL(page.url()).pathname).toBe(ping)

    for (const m of monitors) {
      await page.goto(m.path)
      await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toContain('Up')
    }

    // The targets go down. The open page follows without a reload: down once the retry confirmed the failure.
    await web.down()
    await tcp.down()
    await page.goto(monitors[0]?.path as string)
    await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain('Down')
    const results = page.getByRole('region', { name: 'Recent results' })
    await expect.poll(() => results.textContent(), { timeout: 15_000 }).toMatch(/refused/i)
    const incidents = page.getByRole('region', { name: 'Incidents', exact: true })
    await expect.poll(() => incidents.textContent(), { timeout: 15_000 }).toContain('ongoing')

    // One alert per monitor in the bell; a click opens that monitor's page.
    await page.goto('/dashboard')
    await page
      .getByRole('button', { name: /notifications/i })
      .first()
      .click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect
      .poll(async () => (await panel.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/(Storefront|Orders API|Database port) is down/)
    await panel.getByRole('link', { name: 'Show all notifications' }).click()
    await waitForPath(page, '/notifications')
    // The bell's panel keeps its items in the page; the full list is the page's main region.
    const main = page.getByRole('main')
    for (const m of monitors)
      await expect.poll(() => main.getByText(`${m.name} is down`).count(), { timeout: 20_000 }).toBe(1)
    await main.getByText('Database port is down').click()
    await waitForPath(page, monitors[2]?.path as string)
    await expect.poll(() => badge(page).textContent()).toContain('Down')

    // The dashboard lists the open incidents.
    await page.goto('/dashboard')
    const open = page.getByRole('region', { name: /Open incidents/ })
    await expect.poll(() => open.textContent(), { timeout: 15_000 }).toContain('Open incidents (3)')

    // The targets come back: each incident closes, once, with a notification that says so.
    await web.up()
    await tcp.up()
    for (const m of monitors) {
      await page.goto(m.path)
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain('Up')
      const list = page.getByRole('region', { name: 'Incidents', exact: true })
      await expect.poll(() => list.textContent(), { timeout: 15_000 }).not.toContain('ongoing')
    }
    await page.goto('/notifications')
    for (const m of monitors) {
      await expect.poll(() => main.getByText(`${m.name} is back up`).count(), { timeout: 20_000 }).toBe(1)
      expect(await main.getByText(`${m.name} is down`).count()).toBe(1)
    }
    await page.goto('/dashboard')
    await expect.poll(() => open.textContent(), { timeout: 15_000 }).not.toContain('Open incidents (')
  }, 180_000)
})
