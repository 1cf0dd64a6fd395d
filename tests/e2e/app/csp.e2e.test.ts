import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_CSP } from '../../../src/server/static.ts'
import { startHttpTarget } from '../../server/support/targets.ts'
import { newPage, setupAppEnv, signedInUser } from './helpers.ts'

// The app's own pages under a strict Content-Security-Policy: no page may need anything the policy refuses
// (an inline script or style, a foreign origin). Chromium reports each refusal as a securitypolicyviolation.

let site: Awaited<ReturnType<typeof startHttpTarget>>
beforeAll(async () => {
  site = await startHttpTarget()
})
afterAll(() => site.close())
const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true } }))

/** Records every CSP violation of the page, from its first script on. */
const watchViolations = async (page: Page) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  const consoleRefusals: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleRefusals.push(m.text())
  })
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...consoleRefusals,
  ]
}

const PUBLIC = ['/', '/login', '/register', '/forgot-password', '/forgot-password?token=abc', '/no/such/page']

const SIGNED_IN = [
  '/dashboard',
  '/about',
  '/subscriptions',
  '/upgrade_to_pro?is_free_trial=true',
  '/profile',
  '/notifications',
  '/status_page',
  '/services/web-monitoring',
  '/services/api-monitoring',
  '/services/dns-monitoring',
  '/services/ssl-monitoring',
  '/services/domain-monitoring',
  '/services/port-monitoring',
  '/services/ping-monitoring',
  '/services/check_black_list',
  '/services/aws_monitoring',
  '/services/aws_monitoring/acct/billing-summary',
  '/services/aws_monitoring/acct/ec2',
  '/services/azure_monitoring',
  '/services/azure_monitoring/acct/services',
  '/services/azure_monitoring/acct/billing_summary',
  '/services/microsoft365/accounts',
  '/reporting',
  '/support',
  '/settings/security',
  '/integrations',
  '/slack-connected',
]

describe("the app's Content-Security-Policy", () => {
  it('every public page loads under the policy with no violation', async () => {
    const page = await newPage(env)
    const violations = await watchViolations(page)
    for (const path of PUBLIC) {
      const res = await page.goto(path)
      expect(res?.headers()['content-security-policy'], path).toBe(APP_CSP)
      await page.locator('main, h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await violations(), path).toEqual([])
    }
    // The watch sees a refusal: an inline script added to the page is blocked and reported.
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__ran = true'
      document.body.append(script)
    })
    await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src'))).toBe(true)
    expect(await page.evaluate(() => 'ran' in window || '__ran' in window)).toBe(false)
  })

  it('every signed-in page, a monitor page with its chart and the dialogs load with no violation', {
    timeout: 120_000,
  }, async () => {
    const { page, token } = await signedInUser(env, { plan: 'Pro', billing_frequency: 'Monthly' })
    const made = await env.server.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: site.url, interval_seconds: 300 },
    })
    // A response time to chart.
    await env.server.call('POST', `/api/monitors/${made.json.data.monitor.id}/check`, { token })
    const violations = await watchViolations(page)
    for (const path of [...SIGNED_IN, `/web_monitorings/${made.json.data.monitor.id}`]) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      await page.waitForLoadState('networkidle')
      expect(await violations(), path).toEqual([])
    }
    // The lazily loaded parts: the response-time chart, a dialog, the toaster.
    await page.locator('.uplot, canvas').first().waitFor()
    await page.getByRole('button', { name: /edit/i }).first().click()
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page
      .getByRole('banner')
      .getByRole('button', { name: /notifications/i })
      .click()
    await page.waitForLoadState('networkidle')
    expect(await violations()).toEqual([])
  })
})

describe('an unknown address', () => {
  it('shows "404 Not Found" in the app\'s look, with a way home', async () => {
    const page = await newPage(env)
    // The server says so too: the same page, with status 404 (a scanner's /.env is not something there).
    expect((await page.goto('/no/such/page'))?.status()).toBe(404)
    const heading = page.getByRole('heading', { level: 1 })
    await expect.poll(() => heading.textContent()).toBe('404 Not Found')
    expect(await page.getByText('This page does not exist.').isVisible()).toBe(true)
    expect(await page.getByText(/Unknown Error|Unexpected Application Error/).count()).toBe(0)
    await page.getByRole('link', { name: 'Go to the home page' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  })
})
