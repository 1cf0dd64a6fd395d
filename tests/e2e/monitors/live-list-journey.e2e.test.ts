import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import { newMonitorRecord, toRow } from '../../../src/server/db/repos/monitor-record.ts'
import { realTimeClock } from '../../server/harness.ts'
import { startHttpTarget } from '../../server/support/targets.ts'
import { bellButton, type Env, openSignedIn, proEveryTwoSeconds, setupAppEnv } from '../app/helpers.ts'

// Issue 19's done-when, in Chromium, with the check engine running as `npm start` runs it: a new user with 300
// monitors of several types finds one by typing part of its name, filters to the down ones, tags five in bulk,
// watches a monitor go down on the open list without reloading (its heartbeat bar turns red, the bell counts up),
// opens the incident, acknowledges it, comments, and sees the recovery on the timeline; then the same on a 390 px
// wide phone. The 299 seeded monitors are written straight into the table (not due for a day, so the engine leaves
// them alone); the one that goes down is added through the API and checked every 2 seconds against a loopback server.

let web: Awaited<ReturnType<typeof startHttpTarget>>
beforeAll(async () => {
  web = await startHttpTarget()
})
const env = setupAppEnv(
  () => ({ config: { allowPrivateTargets: true }, clock: realTimeClock(), engine: true }),
  proEveryTwoSeconds,
)
afterAll(async () => {
  await web?.close()
})

const KINDS = [
  (i: number) => ({ type: 'web', url: `https://shop${i}.example.com/` }),
  (i: number) => ({ type: 'api', url: `https://api${i}.example.com/health` }),
  (i: number) => ({ type: 'port', host: `db${i}.example.com`, port: 5432 }),
  (i: number) => ({ type: 'ping', host: `gw${i}.example.com` }),
  (i: number) => ({ type: 'dns', hostname: `zone${i}.example.com`, record_type: 'A' }),
]
const WORDS = ['alder', 'birch', 'cedar', 'daisy', 'elder', 'fern', 'gorse', 'hazel', 'iris', 'juniper']

/** 299 monitors of five types for the user: every 25th down, every 40th paused, the rest up. */
const seedMonitors = async (env: Env, userId: string) => {
  const now = Date.now()
  const rows = Array.from({ length: 299 }, (_, i) => {
    const kind = (KINDS[i % KINDS.length] as (i: number) => Record<string, unknown>)(i)
    const parsed = validateMonitor({ ...kind, name: `${WORDS[i % 10]} ${kind.type} ${i}`, interval_seconds: 300 })
    if (!parsed.success) throw new Error(`bad seed monitor ${i}`)
    const record = newMonitorRecord(userId, parsed.output, now - 86_400_000)
    const down = i % 25 === 3
    const paused = !down && i % 40 === 7
    return toRow({
      ...record,
      status: down ? 'down' : paused ? 'paused' : 'up',
      paused: paused ? 1 : 0,
      last_checked_at: paused ? null : now - 60_000,
      last_response_ms: down || paused ? null : 40 + (i % 90),
      last_error: down ? 'Expected status 200-299, got 503.' : null,
      status_changed_at: now - 3_600_000,
      // Not due for a day: the engine checks only the monitor this test takes down.
      next_check_at: now + 86_400_000,
      updated_at: now,
    })
  })
  await env.server.deps.database.db.insertInto('monitors').values(rows).execute()
}

const list = (page: Page) => page.getByRole('region', { name: 'All monitors' })
const rows = (page: Page) =>
  list(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select (?!all)/ }) })
const range = (page: Page) => list(page).getByTestId('list-range')
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const unreadOf = async (page: Page) =>
  Number((await bellButton(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1])

/** Types into the list's search box and waits for the answer to show. */
const search = async (page: Page, text: string, expected: string) => {
  await list(page).getByLabel('Search').fill(text)
  await expect.poll(() => range(page).textContent(), { timeout: 10_000 }).toContain(expected)
}

describe('one list of all monitors, live, and an incident people work on', () => {
  it('finds, filters and tags among 300 monitors, sees one go down live, and works its incident; at 390 px too', async () => {
    const account = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    await seedMonitors(env, account.user.user_id)
    const created = await env.server.call('POST', '/api/monitors', {
      token: account.token,
      body: { type: 'web', name: 'Checkout', url: `${web.url}checkout`, interval_seconds: 2, retries: 0 },
    })
    expect(created.status, created.text).toBe(201)

    const { page } = await openSignedIn(env, account)
    await page.goto('/dashboard')
    await expect.poll(() => range(page).textContent(), { timeout: 15_000 }).toMatch(/1.50 of 300/)

    // Part of a name finds the one monitor.
    await search(page, 'port 127', '1–1 of 1')
    expect(await rows(page).allTextContents()).toEqual([expect.stringContaining('hazel port 127')])
    expect(new URL(page.url()).searchParams.get('q')).toBe('port 127')

    // The down ones: every 25th of the seeded monitors.
    await search(page, '', '1–50 of 300')
    await list(page).getByRole('combobox', { name: 'Status', exact: true }).selectOption('down')
    await expect.poll(() => range(page).textContent()).toContain('1–12 of 12')
    expect(await rows(page).count()).toBe(12)

    // Five of them tagged at once, with a tag made on the spot.
    await list(page).getByRole('button', { name: 'Manage tags' }).click()
    const tagsDialog = page.getByRole('dialog', { name: 'Manage tags' })
    await tagsDialog.getByRole('textbox', { name: 'New tag' }).fill('Critical')
    await tagsDialog.getByRole('button', { name: 'Create tag' }).click()
    await tagsDialog.getByRole('list', { name: 'Your tags' }).getByText('Critical').first().waitFor()
    await tagsDialog.getByRole('button', { name: 'Close' }).click()
    await tagsDialog.waitFor({ state: 'hidden' })
    const picked = (await rows(page).allTextContents()).slice(0, 5)
    for (let k = 0; k < 5; k++) await rows(page).nth(k).getByRole('checkbox').check()
    const bulk = page.getByRole('toolbar', { name: 'Selected monitors' })
    await bulk.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('menuitem', { name: 'Critical' }).click()
    await expect.poll(() => list(page).getByTestId('bulk-outcome').textContent()).toMatch(/5/)
    await list(page).getByRole('combobox', { name: 'Status', exact: true }).selectOption('')
    const tagOption = list(page)
      .getByRole('combobox', { name: 'Tag', exact: true })
      .locator('option', { hasText: 'Critical' })
    await list(page)
      .getByRole('combobox', { name: 'Tag', exact: true })
      .selectOption({ label: (await tagOption.textContent()) ?? '' })
    await expect.poll(() => range(page).textContent()).toContain('1–5 of 5')
    const tagged = await rows(page).allTextContents()
    for (const text of picked) expect(tagged.some((t) => t.includes(text.slice(0, 12)))).toBe(true)
    for (const text of tagged) expect(text).toContain('Critical')

    // Checkout goes down while the list is open: its bar turns red and the bell counts up, without a reload.
    await list(page).getByRole('combobox', { name: 'Tag', exact: true }).selectOption('')
    await search(page, 'Checkout', '1–1 of 1')
    const checkout = rows(page).first()
    await expect.poll(() => checkout.textContent(), { timeout: 15_000 }).toContain('Up')
    const unreadBefore = await unreadOf(page)
    let reloaded = false
    page.on('framenavigated', () => {
      reloaded = true
    })
    web.state.mode = 'error'
    await expect.poll(() => checkout.textContent(), { timeout: 20_000 }).toContain('Down')
    const bar = checkout.getByRole('group', { name: /^Last \d+ checks of Checkout/ })
    await expect.poll(async () => (await bar.innerHTML()).match(/aria-label="[^"]*Failed/) !== null).toBe(true)
    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(unreadBefore + 1)
    expect(reloaded).toBe(false)

    // The incident: acknowledged, commented on, and its recovery seen on the timeline.
    // The dashboard's open incidents and the row itself lead to it.
    const incidents = page.getByRole('region', { name: /Open incidents/ })
    await expect.poll(() => incidents.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(1)
    await checkout.getByRole('link', { name: 'The incident of Checkout' }).click()
    await page.getByRole('heading', { level: 1, name: 'Checkout incident' }).waitFor()
    const timeline = page.getByRole('list', { name: 'Timeline' })
    await expect.poll(() => timeline.textContent()).toContain('Outage confirmed')
    await page.getByRole('button', { name: 'Acknowledge' }).click()
    await expect.poll(() => timeline.textContent()).toMatch(/Acknowledged by /)
    await page.getByRole('textbox', { name: 'Comment' }).fill('Payment provider times out; rolling back.')
    await page.getByRole('button', { name: 'Add comment' }).click()
    await expect.poll(() => timeline.textContent()).toContain('Payment provider times out; rolling back.')
    web.state.mode = 'ok'
    await expect.poll(() => timeline.textContent(), { timeout: 20_000 }).toContain('Resolved: the monitor is back up')
    const incidentPath = new URL(page.url()).pathname

    // The same on a phone: the list, its search and filters, and the incident page, with nothing cut off.
    const phone = (await openSignedIn(env, account, { viewport: { width: 390, height: 844 }, isMobile: true })).page
    await phone.goto('/dashboard')
    await expect.poll(() => range(phone).textContent(), { timeout: 15_000 }).toMatch(/1.50 of 300/)
    expect(await noOverflow(phone)).toBe(true)
    await search(phone, 'port 127', '1–1 of 1')
    const only = rows(phone).first()
    // Paused (every 40th is): its actions (Resume is in its menu) are reachable on the compact row.
    const resume = only.getByRole('button', { name: 'More actions for hazel port 127' })
    await resume.scrollIntoViewIfNeeded()
    const box = await resume.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    if (process.env.JOURNEY_SHOTS)
      await phone.screenshot({ path: `${process.env.JOURNEY_SHOTS}/phone-list.png`, fullPage: true })
    await search(phone, '', '1–50 of 300')
    await list(phone).getByRole('combobox', { name: 'Status', exact: true }).selectOption('down')
    await expect.poll(() => range(phone).textContent()).toContain('1–12 of 12')
    expect(await noOverflow(phone)).toBe(true)
    await phone.goto(incidentPath)
    const phoneTimeline = phone.getByRole('list', { name: 'Timeline' })
    await expect.poll(() => phoneTimeline.textContent()).toContain('Resolved: the monitor is back up')
    await phone.getByRole('textbox', { name: 'Comment' }).fill('Rolled back; watching it.')
    await phone.getByRole('button', { name: 'Add comment' }).click()
    await expect.poll(() => phoneTimeline.textContent()).toContain('Rolled back; watching it.')
    expect(await noOverflow(phone)).toBe(true)
    if (process.env.JOURNEY_SHOTS)
      await phone.screenshot({ path: `${process.env.JOURNEY_SHOTS}/phone-incident.png`, fullPage: true })
  }, 180_000)
})
