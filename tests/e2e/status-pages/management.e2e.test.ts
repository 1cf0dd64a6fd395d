import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { newPage, openSignedIn, seriousViolations, setupAppEnv, waitForPath } from '../app/helpers.ts'

// The status page management screens against the real server: a Pro user with a monitor makes a page of it,
// publishes it, posts and updates an incident, publishes an outage the engine saw with one click, schedules
// maintenance, then edits and deletes the page. The public page itself is tested in public-page.e2e.test.ts.

const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true }, clock: realTimeClock() }))

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))
const card = (page: Page, name: string) => page.getByRole('listitem', { name })
const region = (page: Page, name: string) => page.getByRole('region', { name })

/** A Pro user with one website monitor (the engine does not run here: it stays pending). */
const proUserWithMonitor = async () => {
  const account = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const res = await env.server.call('POST', '/api/monitors', {
    token: account.token,
    body: { type: 'web', name: 'Shop backend', url: 'http://127.0.0.1:9/', interval_seconds: 300 },
  })
  expect(res.status, res.text).toBe(201)
  return { account, monitorId: res.json.data.monitor.id as string }
}

/** An outage the engine opened on the monitor, as its check would have. */
const engineOutage = async (userId: string, monitorId: string, id: string) => {
  await env.db.database.db
    .insertInto('incidents')
    .values({
      incident_id: id,
      user_id: userId,
      monitor_id: monitorId,
      started_at: Date.now() - 120_000,
      resolved_at: null,
      cause: 'Connection refused',
    })
    .execute()
}

describe('status page management in the browser', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    it(`makes, publishes, posts on, edits and deletes a status page at ${viewport.width} px`, async () => {
      const { account, monitorId } = await proUserWithMonitor()
      const { page, userId } = await openSignedIn(env, account, { viewport })
      const slug = `shop-${viewport.width}`

      await page.goto('/status_page')
      await page.getByRole('heading', { name: 'No status pages yet' }).waitFor()
      expect(await page.getByTestId('status-page-limit').textContent()).toContain('0 of 20 pages on your plan.')
      expect(await seriousViolations(page)).toEqual([])

      // The form: checked before anything is sent, the public id follows the name, its address is shown.
      await page.getByRole('button', { name: 'Create status page' }).click()
      await dialog(page).getByRole('button', { name: 'Create status page' }).click()
      await dialog(page).getByText('Name is required.').waitFor()
      await dialog(page).getByText('The public id is required.').waitFor()
      await field(page, 'Name').fill('Shop status')
      expect(await field(page, 'Public id').inputValue()).toBe('shop-status')
      await field(page, 'Public id').fill(slug)
      expect(await dialog(page).getByTestId('public-address').textContent()).toBe(
        `${env.server.baseUrl}/status/${slug}`,
      )
      await field(page, 'Description').fill('How the **shop** is doing.')
      // The user's monitor, added as a component under the name visitors see.
      await dialog(page).getByLabel('Monitor to add').waitFor()
      const adder = dialog(page).getByRole('group', { name: 'Add a component' })
      expect(await adder.getByLabel(/^Public name/).inputValue()).toBe('Shop backend')
      await adder.getByLabel(/^Public name/).fill('Storefront')
      await dialog(page).getByRole('button', { name: 'Add component' }).click()
      const component = dialog(page).getByRole('listitem', { name: 'Component 1: Storefront' })
      expect(await component.getByLabel(/^Public name/).inputValue()).toBe('Storefront')
      await component.getByLabel('Group').fill('Web')
      await dialog(page).getByRole('switch', { name: 'Published' }).check({ force: true })
      expect(await seriousViolations(page)).toEqual([])
      await dialog(page).getByRole('button', { name: 'Create status page' }).click()
      await dialog(page).waitFor({ state: 'hidden' })

      // Listed, published, with its public link.
      const listed = card(page, 'Shop status')
      await listed.waitFor()
      expect(await listed.textContent()).toContain('Published')
      expect(await listed.textContent()).toContain('1 component')
      const link = listed.getByRole('link', { name: new RegExp(`/status/${slug}`) })
      expect(await link.getAttribute('href')).toBe(`/status/${slug}`)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await seriousViolations(page)).toEqual([])
      const stored = await env.server.call('GET', '/api/status_pages', { token: account.token })
      expect(stored.json.data.status_pages[0]).toMatchObject({
        slug,
        published: true,
        description: 'How the **shop** is doing.',
        components: [{ monitor_id: monitorId, display_name: 'Storefront', group: 'Web' }],
      })

      // A visitor in a private window (no session) reads it at once; the monitor has no checks yet.
      const visitor = await newPage(env, { viewport })
      await visitor.goto(`/status/${slug}`)
      await visitor.getByRole('heading', { level: 1, name: 'Shop status' }).waitFor()
      expect(await visitor.locator('.desc').innerText()).toBe('How the shop is doing.')
      expect(await visitor.getByRole('status').innerText()).toBe('No data yet')
      expect(await visitor.locator('.component .name').innerText()).toBe('Storefront')
      expect(await visitor.content()).not.toContain('Shop backend')

      // Its incidents and maintenance.
      await listed.getByRole('link', { name: 'Incidents and maintenance of Shop status' }).click()
      await page.getByRole('heading', { level: 1, name: 'Shop status' }).waitFor()
      expect(new URL(page.url()).search).toMatch(/^\?id=/)

      await page.getByRole('button', { name: 'Post incident' }).click()
      await field(page, 'Title').fill('Checkout is slow')
      await field(page, 'Message').fill('We are looking into slow payments.')
      await dialog(page).getByRole('checkbox', { name: 'Storefront' }).check()
      expect(await seriousViolations(page)).toEqual([])
      await dialog(page).getByRole('button', { name: 'Post incident' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      const posted = region(page, 'Incidents').getByRole('listitem', { name: 'Checkout is slow' })
      expect(await posted.textContent()).toContain('Investigating')
      expect(await posted.textContent()).toContain('affects Storefront')

      await posted.getByRole('button', { name: 'Post update on Checkout is slow' }).click()
      await field(page, 'Status').selectOption('resolved')
      await field(page, 'Message').fill('Payments are fast again.')
      await dialog(page).getByRole('button', { name: 'Post update' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      await expect.poll(() => posted.textContent()).toContain('Payments are fast again.')
      expect(await posted.textContent()).toContain('Resolved')
      // The owner's posts drop the page's cached copy: the visitor sees them on the next load.
      await visitor.reload()
      expect(await visitor.locator('main').innerText()).toMatch(/Past incidents\s+Checkout is slow/)
      expect(await visitor.locator('article.incident').innerText()).toContain('Payments are fast again.')

      // An outage the engine saw on the component's monitor: published with one click.
      await engineOutage(userId, monitorId, `e2e-outage-${viewport.width}`)
      await page.getByRole('button', { name: 'Refresh' }).click()
      const outages = region(page, 'Outages not on the page yet')
      await outages.waitFor()
      expect(await outages.textContent()).toContain('Storefront (Shop backend) has been down since')
      expect(await seriousViolations(page)).toEqual([])
      // Publish opens its words, editable, with a preview; nothing is public until it is confirmed.
      await outages.getByRole('button', { name: 'Publish the outage of Storefront' }).click()
      const review = page.getByRole('dialog', { name: 'Publish the outage of Storefront' })
      expect(await review.getByLabel(/^Title/).inputValue()).toBe('Storefront is not available')
      await review.getByLabel(/^Message/).fill('Payments **fail** at checkout.')
      await review.getByTestId('incident-preview').locator('strong', { hasText: 'fail' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await visitor.reload()
      expect(await visitor.locator('main').innerText()).not.toContain('Storefront is not available')
      await review.getByRole('button', { name: 'Publish', exact: true }).click()
      await review.waitFor({ state: 'hidden' })
      await outages.waitFor({ state: 'hidden' })
      const published = region(page, 'Incidents').getByRole('listitem', { name: 'Storefront is not available' })
      expect(await published.textContent()).toContain('published from a monitor’s outage')
      // Open incidents first.
      expect(await region(page, 'Incidents').getByTestId('incident').locator('h3').allTextContents()).toEqual([
        'Storefront is not available',
        'Checkout is slow',
      ])

      await page.getByRole('button', { name: 'Schedule maintenance' }).click()
      await field(page, 'Title').fill('Database upgrade')
      expect(await field(page, 'Starts').inputValue()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00$/)
      await dialog(page).getByRole('button', { name: 'Schedule maintenance' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      const window = region(page, 'Maintenance').getByRole('listitem', { name: 'Database upgrade' })
      expect(await window.textContent()).toContain('Scheduled')
      expect(await window.textContent()).toContain('covers the whole page')
      expect(await seriousViolations(page)).toEqual([])
      const windows = await env.server.call(
        'GET',
        `/api/status_pages/${stored.json.data.status_pages[0].id}/maintenance`,
        {
          token: account.token,
        },
      )
      expect(
        Date.parse(windows.json.data.maintenance[0].ends_at) - Date.parse(windows.json.data.maintenance[0].starts_at),
      ).toBe(3_600_000)

      // Edited from the list: renamed.
      await page.getByRole('link', { name: 'All status pages' }).click()
      await waitForPath(page, '/status_page')
      await card(page, 'Shop status').getByRole('button', { name: 'Edit Shop status' }).click()
      await field(page, 'Name').fill('Shop health')
      await dialog(page).getByRole('button', { name: 'Save changes' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      await card(page, 'Shop health').waitFor()

      // Deleted after the confirmation.
      await card(page, 'Shop health').getByRole('button', { name: 'Delete Shop health' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Delete the status page “Shop health”?' })
      await confirm.getByRole('button', { name: 'Delete status page' }).click()
      await page.getByRole('heading', { name: 'No status pages yet' }).waitFor()
      expect(
        (await env.server.call('GET', '/api/status_pages', { token: account.token })).json.data.status_pages,
      ).toEqual([])
    })
  }
})
