import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { rdapDomain } from '../../server/checks/registry-servers.ts'
import { openSignedIn, seriousViolations } from '../app/helpers.ts'
import { setupNetworkWorld } from './network-world.ts'

// DNS, SSL, domain and blacklist monitors made through their forms, against the real server and loopback
// stand-ins for the world: an authoritative DNS server (which also serves the test blacklist zone bl.test,
// where 127.0.0.2 is listed), a TLS server whose certificate a test CA signed, and an RDAP registry.

const DAY = 86_400_000
// 20 days and a half left: inside the first warning (30 days), so pages show it in amber.
const world = setupNetworkWorld({
  certificate: { commonName: '127.0.0.1', names: ['127.0.0.1'], notAfter: Date.now() + 20 * DAY + DAY / 2 },
})
const { env } = world

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))
const facts = (page: Page) => page.getByTestId('facts-panel')
/** The value of a term of the facts panel. */
const fact = (page: Page, term: string) =>
  facts(page)
    .locator('dt', { hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]')

/**
 * Opens the add form of a list page, lets `fill` fill it, creates the monitor, opens its page from the list,
 * runs "Check now" and waits for the facts it reported. Returns the page's path and query.
 */
const addMonitor = async (page: Page, list: string, name: string, fill: () => Promise<void>) => {
  await page.goto(list)
  await page
    .getByRole('button', { name: /^Add (your first )?\w+ monitor$/i })
    .first()
    .click()
  await field(page, 'Name').fill(name)
  await fill()
  await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
  await dialog(page).waitFor({ state: 'hidden' })
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect
    .poll(async () => page.getByTestId('check-result').textContent(), { timeout: 15_000 })
    .toMatch(/^Check now: OK/)
  await expect.poll(() => facts(page).textContent(), { timeout: 15_000 }).toContain('As of')
  const url = new URL(page.url())
  return url.pathname + url.search
}

beforeAll(() => {
  world.rdap.answer('/domain/example.com', { json: rdapDomain('example.com', Date.now() + 200 * DAY + DAY / 2) })
})

describe('DNS, SSL, domain and blacklist monitors in the browser', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 768, height: 900 },
  ]) {
    it(`are made through their forms and show what their checks found, at ${viewport.width} px`, async () => {
      const account = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
      const { page } = await openSignedIn(env, account, { viewport })

      // DNS: the MX records of example.test, one of which must be there.
      const dnsPath = await addMonitor(page, '/services/dns-monitoring', 'Mail records', async () => {
        expect(await field(page, 'Resolver').getAttribute('placeholder')).toBe('Server default')
        await field(page, 'Host name').fill('example.test')
        await field(page, 'Record type').selectOption('MX')
        await dialog(page).getByRole('button', { name: 'Add expected value' }).click()
        await field(page, 'Expected value 1').fill('10 mail.example.test')
      })
      expect(dnsPath).toMatch(/^\/dns_monitorings\/[\w-]+$/)
      expect(await fact(page, 'Resolver').textContent()).toBe(world.dns.address)
      expect(await fact(page, 'Record type').textContent()).toBe('MX')
      expect(
        await facts(page).getByRole('list', { name: 'Answer values' }).getByRole('listitem').allTextContents(),
      ).toEqual(['10 mail.example.test', '20 backup.example.test'])
      expect(await facts(page).getByRole('list', { name: 'Expected values' }).textContent()).toBe(
        '10 mail.example.test found',
      )
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/services/dns-monitoring')
      const dnsRow = page.getByRole('row').filter({ hasText: 'Mail records' })
      expect(await dnsRow.textContent()).toContain('MXcontains 1 value')
      expect(await dnsRow.textContent()).toContain('example.test')
      // A wide table scrolls inside its card; the page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)

      // SSL: the loopback TLS server, its certificate signed by the CA the server trusts.
      const sslPath = await addMonitor(page, '/services/ssl-monitoring', 'Local certificate', async () => {
        expect(await field(page, 'Port').inputValue()).toBe('443')
        await field(page, 'Host').fill('127.0.0.1')
        await field(page, 'Port').fill(String(world.tls.port))
      })
      expect(sslPath).toMatch(/^\/ssl_monitoring\/details\?id=[\w-]+$/)
      expect(await fact(page, 'Subject').textContent()).toBe('127.0.0.1')
      expect(await fact(page, 'Issuer').textContent()).toBe('Vigil Test CA')
      expect(await fact(page, 'Days left').textContent()).toBe('20 days left')
      expect(await fact(page, 'Chain').textContent()).toContain('Valid')
      expect(await fact(page, 'Host name').textContent()).toContain('Matches 127.0.0.1')
      expect(await fact(page, 'Protocol').textContent()).toMatch(/^TLSv1\.[23]$/)
      expect(await fact(page, 'SHA-256 fingerprint').textContent()).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/services/ssl-monitoring')
      const sslRow = page.getByRole('row').filter({ hasText: 'Local certificate' })
      expect(await sslRow.textContent()).toContain(`127.0.0.1:${world.tls.port}`)
      expect(await sslRow.locator('[data-expiry]').textContent()).toBe('20 days left')
      expect(await sslRow.locator('[data-expiry]').getAttribute('data-expiry')).toBe('warning')

      // Domain: example.com at the RDAP registry, checked every 24 hours unless told otherwise.
      const domainPath = await addMonitor(page, '/services/domain-monitoring', 'Company domain', async () => {
        expect(await field(page, 'Check every').inputValue()).toBe('86400')
        expect(await field(page, 'Check every').locator('option').first().textContent()).toBe('6 hours')
        await field(page, 'Domain').fill('example.com')
      })
      expect(domainPath).toMatch(/^\/domain_monitoring\/details\?id=[\w-]+$/)
      expect(await fact(page, 'Registrar').textContent()).toBe('RESERVED-Internet Assigned Numbers Authority')
      expect(await fact(page, 'Days left').textContent()).toBe('200 days left')
      expect((await fact(page, 'Name servers').textContent())?.toLowerCase()).toBe(
        'a.iana-servers.netb.iana-servers.net',
      )
      expect(await fact(page, 'Source').textContent()).toBe('RDAP')
      expect(await fact(page, 'Server').textContent()).toBe(`${world.rdap.base}/domain/example.com`)
      expect(await seriousViolations(page)).toEqual([])

      // Blacklist: a one-off check of a listed address, then a monitor of a clean one.
      await page.goto('/services/check_black_list')
      await page.getByRole('heading', { level: 1, name: 'Check Black List' }).waitFor()
      const checkForm = page.getByRole('form', { name: 'Check a target' })
      await checkForm.getByLabel(/^Target/).fill('127.0.0.2')
      await checkForm.getByRole('button', { name: 'Check' }).click()
      const result = page.getByRole('region', { name: 'Result for 127.0.0.2', exact: true })
      await result.waitFor({ timeout: 15_000 })
      expect(await result.getByTestId('blacklist-summary').textContent()).toBe('Listed by 1 of 1 blacklist')
      const listed = result.getByRole('row').filter({ hasText: 'bl.test' })
      expect(await listed.textContent()).toContain('Listed')
      expect(await listed.textContent()).toContain('Listed for testing, see https://bl.test/lookup?ip=127.0.0.2')
      expect(await seriousViolations(page)).toEqual([])

      const blacklistPath = await addMonitor(page, '/services/check_black_list', 'Loopback mail', async () => {
        await field(page, 'Target').fill('127.0.0.1')
      })
      expect(blacklistPath).toMatch(/^\/services\/check_black_list\?id=[\w-]+$/)
      expect(await facts(page).getByTestId('blacklist-summary').textContent()).toBe('Not listed by any of 1 blacklist')
      expect(await facts(page).getByRole('row').filter({ hasText: 'bl.test' }).textContent()).toContain('Not listed')

      // A notification of a blacklist monitor opens /api_monitorings/{id} (the spec's "any other type"),
      // which moves to the monitor's own page.
      const id = new URLSearchParams(blacklistPath.split('?')[1]).get('id') as string
      await page.goto(`/api_monitorings/${id}`)
      await expect.poll(() => new URL(page.url()).search).toBe(`?id=${id}`)
      await page.getByRole('heading', { level: 1, name: 'Loopback mail' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/services/check_black_list')

      // The dashboard lists the certificate among what expires soon, linking to its page.
      await page.goto('/dashboard')
      const expiring = page.getByRole('region', { name: /^Expiring soon/ })
      await expiring.getByRole('link', { name: 'Local certificate' }).waitFor()
      expect(await expiring.getByRole('link', { name: 'Local certificate' }).getAttribute('href')).toBe(sslPath)
      expect(await expiring.getByRole('link', { name: 'Company domain' }).count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
    }, 120_000)
  }
})
