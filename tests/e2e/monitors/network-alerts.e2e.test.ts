import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { rdapDomain } from '../../server/checks/registry-servers.ts'
import { openSignedIn, waitForPath } from '../app/helpers.ts'
import { setupNetworkWorld } from './network-world.ts'

// Issue 5's alerts as a user gets them: a DNS answer that changes, a certificate and a domain about to expire,
// an address that gets listed. Each check is run from its page with "Check now"; each alert reaches the bell
// and the notification list, and a click opens the monitor's page.

const DAY = 86_400_000
const world = setupNetworkWorld({
  certificate: { commonName: 'localhost', names: ['localhost'], notAfter: Date.now() + 5 * DAY + DAY / 2 },
})

/** Runs "Check now" on the monitor's page and waits for its answer. */
const checkNow = async (page: Page, path: string, name: string) => {
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect.poll(() => page.getByTestId('check-result').textContent(), { timeout: 15_000 }).toMatch(/^Check now: /)
}

describe('alerts of DNS, SSL, domain and blacklist monitors', () => {
  it('reach the bell and the list, and open the monitor they are about', async () => {
    const { env, dns, tls, rdap } = world
    dns.setRecords('shop.example.test', 'A', ['192.0.2.10'])
    rdap.answer('/domain/example.com', { json: rdapDomain('example.com', Date.now() + 9 * DAY + DAY / 2) })
    const account = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const create = async (body: Record<string, unknown>) => {
      const res = await env.server.call('POST', '/api/monitors', { token: account.token, body })
      expect(res.status, res.text).toBe(201)
      const { id, type } = res.json.data.monitor as { id: string; type: keyof typeof MONITOR_PAGES }
      return MONITOR_PAGES[type].detail(id)
    }
    const dnsPage = await create({ type: 'dns', name: 'Shop address', hostname: 'shop.example.test', record_type: 'A' })
    const sslPage = await create({ type: 'ssl', name: 'Shop certificate', host: 'localhost', port: tls.port })
    const domainPage = await create({ type: 'domain', name: 'example.com', domain: 'example.com' })
    const blacklistPage = await create({ type: 'blacklist', name: 'Mail server', target: '127.0.0.2', retries: 0 })

    const { page } = await openSignedIn(env, account)
    await checkNow(page, dnsPage, 'Shop address')
    dns.setRecords('shop.example.test', 'A', ['192.0.2.20'])
    await checkNow(page, dnsPage, 'Shop address')
    await checkNow(page, sslPage, 'Shop certificate')
    await checkNow(page, domainPage, 'example.com')
    await checkNow(page, blacklistPage, 'Mail server')

    // The bell shows the newest three, the list all four, each in the words of its kind.
    await page.goto('/dashboard')
    await page
      .getByRole('button', { name: /notifications/i })
      .first()
      .click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(async () => (await panel.textContent()) ?? '').toContain('Mail server is listed on a blacklist')
    expect(await panel.textContent()).toContain('example.com: registration expires in 9 days')
    expect(await panel.textContent()).toContain('Shop certificate: certificate expires in 5 days')
    await panel.getByText('Mail server is listed on a blacklist').click()
    // A blacklist notification opens /api_monitorings/{id} (the spec's "any other type"), which leads on.
    await waitForPath(page, blacklistPage)

    await page.goto('/notifications')
    const main = page.getByRole('main')
    await main.getByText('Shop address: DNS answer changed').waitFor()
    expect(await main.textContent()).toContain('the answer changed from 192.0.2.10 to 192.0.2.20')
    await main.getByText('Shop certificate: certificate expires in 5 days').click()
    await waitForPath(page, sslPage)
    await page.goto('/notifications')
    await main.getByText('example.com: registration expires in 9 days').click()
    await waitForPath(page, domainPage)
    await page.goto('/notifications')
    await main.getByText('Shop address: DNS answer changed').click()
    await waitForPath(page, dnsPage)
  }, 120_000)
})
