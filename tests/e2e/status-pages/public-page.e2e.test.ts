import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { startHttpTarget } from '../../server/support/targets.ts'
import { newPage, proEveryTwoSeconds, seriousViolations, setupAppEnv } from '../app/helpers.ts'

// The public page as a visitor sees it, in a window with no session (a private window): the live state and the
// history, in the visitor's time zone, at desktop and phone widths, with and without JavaScript; a target going
// down and an incident update reaching the page and its feed. The engine runs; the page cache lasts a second.

let web: Awaited<ReturnType<typeof startHttpTarget>>
beforeAll(async () => {
  web = await startHttpTarget()
})
const env = setupAppEnv(
  () => ({ config: { allowPrivateTargets: true, statusCacheMs: 1000 }, clock: realTimeClock(), engine: true }),
  proEveryTwoSeconds,
)
afterAll(async () => {
  await web?.close()
})

/** An owner with a web monitor checked every 2 seconds, on a published page; waits for two checks. */
const publishedPage = async () => {
  const { token } = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const call = (method: string, path: string, body?: unknown) => env.server.call(method, path, { token, body })
  const monitor = await call('POST', '/api/monitors', {
    type: 'web',
    name: 'Shop backend (internal)',
    url: web.url,
    interval_seconds: 2,
    retries: 0,
  })
  expect(monitor.status, monitor.text).toBe(201)
  const slug = `acme-${Date.now().toString(36)}`
  const page = await call('POST', '/api/status_pages', {
    name: 'Acme status',
    slug,
    description: 'Everything **Acme** runs.',
    published: true,
    components: [{ monitor_id: monitor.json.data.monitor.id, display_name: 'Storefront', group: 'Website' }],
  })
  expect(page.status, page.text).toBe(201)
  // Uptime is measured between checks: the second check gives today's bar its colour.
  await expect
    .poll(async () => (await env.server.call('GET', `/api/public/status/${slug}`)).json.data.components[0].uptime_90d, {
      timeout: 15_000,
    })
    .toBe(100)
  return { call, slug, pageId: page.json.data.status_page.id as string }
}

/** Reloads until the page shows `text` (the server keeps a page for a second). */
const reloadUntil = async (page: Page, text: string | RegExp) => {
  await expect
    .poll(
      async () => {
        await page.reload()
        return page.locator('main').innerText()
      },
      { timeout: 20_000, interval: 500 },
    )
    .toMatch(text)
}

const cspErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text())
  })
  return errors
}

describe('the public status page', () => {
  it('shows the live state and 90 days of history to a visitor without a session, in their time zone', async () => {
    const { slug } = await publishedPage()
    const page = await newPage(env, { timezoneId: 'America/New_York', locale: 'en-US' })
    const blocked = cspErrors(page)
    await page.goto(`/status/${slug}`)
    expect(await page.title()).toBe('Acme status status')
    await expect.poll(() => page.getByRole('status').innerText()).toBe('All systems operational')
    await page.getByRole('heading', { level: 1, name: 'Acme status' }).waitFor()
    expect(await page.locator('.desc strong').innerText()).toBe('Acme')
    const component = page.locator('.component', { hasText: 'Storefront' })
    expect(await component.locator('.state').innerText()).toBe('Operational')
    expect(await component.locator('.bars > span').count()).toBe(90)
    expect(await component.locator('.bars > span').last().getAttribute('class')).toBe('up')
    expect(await page.locator('footer').innerText()).toContain('Times in America/New_York')
    // The script rewrote the update time from UTC to the visitor's zone.
    expect(await page.locator('footer time').innerText()).not.toContain('UTC')
    expect(await page.locator('footer time').innerText()).toMatch(/(AM|PM)$/)

    // A day's tooltip on hover, and the arrow keys move across days.
    const today = component.locator('.bars > span').last()
    await today.hover()
    const tip = await today.evaluate((el) => getComputedStyle(el, '::after').content)
    expect(tip).toMatch(/: no downtime, no incidents"$/)
    await component.locator('.bars').focus()
    await page.keyboard.press('ArrowLeft')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      await today.getAttribute('aria-label'),
    )
    await page.keyboard.press('ArrowLeft')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /: no data, no incidents$/,
    )
    expect(blocked).toEqual([])
    // Nothing of the monitor itself reaches the visitor.
    const html = await page.content()
    expect(html).not.toContain('Shop backend')
    expect(html).not.toContain(web.url)
  })

  it('changes when the target goes down, and shows incident updates on the page and in the feed', async () => {
    const { slug, call, pageId } = await publishedPage()
    const page = await newPage(env)
    await page.goto(`/status/${slug}`)
    await expect.poll(() => page.getByRole('status').innerText()).toBe('All systems operational')

    await web.down()
    try {
      await reloadUntil(page, /Major outage/)
      expect(await page.locator('.component .state').innerText()).toBe('Outage')

      const posted = await call('POST', `/api/status_pages/${pageId}/incidents`, {
        title: 'Storefront unreachable',
        impact: 'major',
        status: 'investigating',
        message: 'Our shop does not answer. We are **on it**.',
        component_ids: [],
      })
      expect(posted.status, posted.text).toBe(201)
      await reloadUntil(page, /Active incidents\s+Storefront unreachable/)
      const update = await call(
        'POST',
        `/api/status_pages/${pageId}/incidents/${posted.json.data.incident.id}/updates`,
        {
          status: 'identified',
          message: 'A failed disk on the web server; replacing it.',
        },
      )
      expect(update.status, update.text).toBe(201)
      await reloadUntil(page, /Identified\s+.*\s+A failed disk on the web server; replacing it\./)
      const incident = page.locator('article.incident')
      expect(await incident.locator('.updates li > strong').allInnerTexts()).toEqual(['Identified', 'Investigating'])
      expect(await incident.locator('.updates li').last().locator('p strong').innerText()).toBe('on it')

      const feed = await page.request.get(`/status/${slug}/feed.xml`)
      expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8')
      const xml = await feed.text()
      expect(xml).toContain('<title>Storefront unreachable (Identified)</title>')
      expect(xml).toContain('A failed disk on the web server; replacing it.')
      await page.getByRole('link', { name: 'Atom feed' }).waitFor()
    } finally {
      await web.up()
    }
    await reloadUntil(page, /All systems operational/)
  })

  it('reads on a phone: no sideways scrolling, the last 30 days, tooltips inside the screen', async () => {
    const { slug } = await publishedPage()
    const page = await newPage(env, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    await page.goto(`/status/${slug}`)
    await page.getByRole('status').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const bars = page.locator('.component .bars > span')
    expect(await bars.evaluateAll((all) => all.filter((li) => (li as HTMLElement).offsetParent !== null).length)).toBe(
      30,
    )
    expect(await page.locator('.axis').innerText()).toMatch(/^30 days ago/)
    const last = bars.last()
    await last.tap()
    const box = await last.evaluate((el) => {
      const style = getComputedStyle(el, '::after')
      return { content: style.content, right: style.right }
    })
    expect(box.content).toMatch(/: no downtime, no incidents"$/)
    expect(box.right).toBe('0px')
  })

  it('reads without JavaScript, in UTC, and passes axe', async () => {
    const { slug } = await publishedPage()
    const plain = await newPage(env, { javaScriptEnabled: false })
    await plain.goto(`/status/${slug}`)
    expect(await plain.getByRole('status').innerText()).toBe('All systems operational')
    expect(await plain.locator('footer time').innerText()).toMatch(/ UTC$/)
    expect(await plain.locator('.component .bars > span').count()).toBe(90)

    // axe is injected as a script, which the page's policy would refuse: this visitor's browser ignores it.
    const audited = await newPage(env, { bypassCSP: true })
    await audited.goto(`/status/${slug}`)
    await audited.getByRole('status').waitFor()
    const violations = await seriousViolations(audited)
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([])
  })

  it('answers an unknown id with a 404 page', async () => {
    const page = await newPage(env)
    const res = await page.goto('/status/no-such-page')
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { level: 1, name: 'Status page not found' }).waitFor()
  })
})
