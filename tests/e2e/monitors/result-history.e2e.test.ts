import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpTarget } from '../../server/support/targets.ts'
import { openSignedIn, seriousViolations, setupAppEnv } from '../app/helpers.ts'

// A monitor's result history in the browser: each check says what it found apart from the monitor's state, and
// the response-time chart starts at the first check, shades the outage and the maintenance window, and shows the
// values under the pointer. The history is made through the API on the server's test clock (an hour of checks).

let web: Awaited<ReturnType<typeof startHttpTarget>>
beforeAll(async () => {
  web = await startHttpTarget()
})
const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true } }))
afterAll(async () => {
  await web?.close()
})

const legendText = (page: Page) => page.locator('.u-legend').innerText()

describe('the result history in the browser', () => {
  it('reads a failure waiting for its retry as such, and marks outages and maintenance on the chart; at 360 px too', async () => {
    const { server } = env
    const account = await server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const { token } = account
    const created = await server.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: web.url, interval_seconds: 60, retries: 1 },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.json.data.monitor.id as string
    const statusPage = await server.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Shop status',
        slug: 'shop-history',
        published: true,
        components: [{ monitor_id: id, display_name: 'Shop' }],
      },
    })
    expect(statusPage.status, statusPage.text).toBe(201)
    const check = async () => {
      const res = await server.call('POST', `/api/monitors/${id}/check`, { token })
      expect(res.status, res.text).toBe(200)
    }
    for (let minute = 0; minute < 60; minute++) {
      if (minute === 15) web.state.mode = 'error'
      if (minute === 25) web.state.mode = 'ok'
      if (minute === 40) {
        const now = server.clock.now()
        const window = await server.call(
          'POST',
          `/api/status_pages/${statusPage.json.data.status_page.id}/maintenance`,
          {
            token,
            body: {
              title: 'New host',
              starts_at: new Date(now).toISOString(),
              ends_at: new Date(now + 600_000).toISOString(),
            },
          },
        )
        expect(window.status, window.text).toBe(201)
      }
      await check()
      server.clock.advance(60_000)
    }
    web.state.mode = 'error'
    await check()
    web.state.mode = 'ok'
    // The chart draws a point for each check with a response time: every check of an hour is drawn.
    const history = await server.call('GET', `/api/monitors/${id}/results?limit=100`, { token })
    const timed = (history.json.data.results as { ok: boolean; response_ms: number | null }[]).filter(
      (r) => r.ok && r.response_ms !== null,
    ).length

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 800 },
    ]) {
      const { page } = await openSignedIn(env, account, { viewport })
      await page.goto(`/web_monitorings/${id}`)
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor()

      // The newest result failed; the monitor is still up until the retry confirms it.
      const results = page.getByRole('region', { name: 'Recent results' })
      const newest = results.getByRole('row').nth(1)
      await expect
        .poll(() => newest.getByRole('cell').allInnerTexts())
        .toEqual([
          expect.any(String),
          'Failed — confirming, 1 of 2',
          'Up',
          expect.stringMatching(/ms$/),
          'Expected status 200-299, got 503.',
        ])

      // The chart: its text alternative names the marks, the key shows them, the legend follows the pointer.
      const stats = page.getByRole('region', { name: /The last 24 hours/ })
      const chart = stats.getByRole('img', { name: /^Response time over the last 24 hours/ })
      await stats.locator('canvas').first().waitFor()
      expect(await chart.getAttribute('aria-label')).toMatch(/marked: 1 outage, 1 maintenance window$/)
      expect(await stats.locator('figcaption').innerText()).toMatch(/Outage\s+Maintenance/)
      const figure = stats.locator('figure[data-points]')
      expect(await figure.getAttribute('data-step')).toBe('check')
      expect(await figure.getAttribute('data-points')).toBe(String(timed))
      const over = stats.locator('.u-over')
      await over.scrollIntoViewIfNeeded()
      const box = await over.boundingBox()
      if (!box) throw new Error('no plot area')
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2)
      await expect.poll(() => legendText(page)).toMatch(/Response time:?\s*\d+ ms/)
      const left = await legendText(page)
      await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2)
      await expect.poll(() => legendText(page)).not.toBe(left)
      expect(await legendText(page)).toMatch(/Response time:?\s*\d+ ms/)

      // Nothing wider than the window, and the results fit their card: on a phone each is a line, its message below.
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }))
      expect(widths.page).toBeLessThanOrEqual(widths.window)
      const table = results.getByRole('region', { name: 'Results table' })
      const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth)
      expect(fits).toBe(true)
      expect(await seriousViolations(page)).toEqual([])
    }
  }, 120_000)
})
