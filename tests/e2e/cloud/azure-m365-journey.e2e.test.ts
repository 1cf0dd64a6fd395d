import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { type ChatServers, startChatServers } from '../../server/notify/chat-servers.ts'
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createWorld,
  graphIssue,
  type LoopbackAzure,
  loopbackOptions,
  SUBSCRIPTION_ID,
  startLoopbackAzure,
  TENANT_ID,
} from '../../support/azure/index.ts'
import { openSignedIn, seriousViolations, setupAppEnv } from '../app/helpers.ts'

// Issue 15's whole journey, with the engine running and the official Azure clients and Graph calls pointed at a
// loopback identity platform, Resource Manager and Graph over HTTPS: a new Pro user connects an Azure account and a
// Microsoft 365 tenant, sees the services, one service, the billing summary, the subscription details and the
// tenant's health; watches a web app and Exchange Online from the pages; the web app becomes unavailable and an
// Exchange incident opens: the bell and the webhook say so, and both close when they recover.

let az: LoopbackAzure
let chat: ChatServers

beforeAll(async () => {
  az = await startLoopbackAzure(createWorld())
  chat = await startChatServers()
})
const env = setupAppEnv(() => ({
  config: { allowPrivateTargets: true },
  clock: realTimeClock(),
  engine: true,
  cloud: { azure: loopbackOptions(az), m365: loopbackOptions(az) },
}))
afterAll(async () => {
  await az?.close()
  await chat?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const main = (page: Page) => page.getByRole('main')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const badge = (page: Page) => heading(page).locator('xpath=following-sibling::*[1]')

/** Connects an app registration in the open dialog: a wrong secret first (refused at its field), then the right one. */
const connect = async (page: Page, button: string, submit: string) => {
  await main(page).getByRole('button', { name: button }).first().click()
  const form = dialog(page)
  await form.getByLabel(/^Name\b/).fill('Contoso')
  await form.getByLabel(/^Directory \(tenant\) ID/).fill(TENANT_ID)
  await form.getByLabel(/^Application \(client\) ID/).fill(CLIENT_ID)
  await form.getByLabel(/^Client secret/).fill('Wrong~secret.value-000000')
  await form.getByRole('button', { name: submit }).click()
  await expect.poll(() => form.textContent(), { timeout: 15_000 }).toMatch(/AADSTS7000215/)
  await form.getByLabel(/^Client secret/).fill(CLIENT_SECRET)
  await form.getByRole('button', { name: submit }).click()
  await form.waitFor({ state: 'hidden', timeout: 15_000 })
  const card = main(page).getByRole('listitem', { name: 'Contoso' })
  // Its first read, in the background: the card follows it.
  await expect.poll(() => card.textContent(), { timeout: 20_000 }).not.toContain('Reading…')
  expect(await card.textContent()).toMatch(/^ContosoRead/)
  expect(await page.content()).not.toContain(CLIENT_SECRET)
  return card
}

/** Creates the monitor "Monitor this" opened: checked every minute, down at the first failure. */
const createMonitor = async (page: Page) => {
  const form = dialog(page)
  await form.getByLabel(/^Check every/).selectOption('60')
  await form.getByText('Advanced').click()
  await form.getByLabel(/^Retries before down/).fill('0')
  await form.getByRole('button', { name: 'Create monitor' }).click()
  await form.waitFor({ state: 'hidden' })
}

/** Opens a monitor from its provider's list and checks it now; answers the page's address. */
const checkNow = async (page: Page, list: string, region: string, name: string, state: 'Up' | 'Down') => {
  await page.goto(list)
  await page.getByRole('region', { name: region }).getByRole('link', { name, exact: true }).click()
  await heading(page).filter({ hasText: name }).waitFor()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain(state)
  return `${new URL(page.url()).pathname}${new URL(page.url()).search}`
}

describe('Azure and Microsoft 365, from connecting them to closed incidents', () => {
  it('connects both, shows their pages, alerts on an unavailable app and an Exchange incident, and recovers', async () => {
    const registered = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const hook = await env.server.call('POST', '/api/integrations', {
      token: registered.token,
      body: { type: 'webhook', name: 'Pager', url: chat.webhookUrl },
    })
    expect(hook.status, hook.text).toBe(201)
    const { page } = await openSignedIn(env, registered)

    // Azure: connect, then each page.
    await page.goto('/services/azure_monitoring')
    const azureCard = await connect(page, 'Connect Azure account', 'Connect account')
    expect(await azureCard.textContent()).toContain('2 subscriptions')
    expect(await seriousViolations(page)).toEqual([])
    await azureCard.getByRole('link', { name: 'Services' }).click()
    await expect.poll(() => main(page).textContent(), { timeout: 10_000 }).toContain('App Service')
    const tabs = page.getByRole('navigation', { name: 'Account pages' })
    for (const [tab, text] of [
      ['Billing', 'Month to date'],
      ['Subscriptions', SUBSCRIPTION_ID],
      ['Services', 'Storage'],
    ] as const) {
      await tabs.getByRole('link', { name: tab }).click()
      await expect.poll(() => main(page).textContent(), { timeout: 10_000 }).toContain(text)
    }
    expect(await seriousViolations(page)).toEqual([])
    await main(page).getByRole('link', { name: 'App Service', exact: true }).click()
    await heading(page).filter({ hasText: 'App Service' }).waitFor()
    await expect.poll(() => main(page).textContent()).toContain('shop-web')
    await page.getByRole('button', { name: 'Monitor this: shop-web' }).click()
    await expect
      .poll(() =>
        dialog(page)
          .getByLabel(/^Resource ID/)
          .inputValue(),
      )
      .toMatch(/\/sites\/shop-web$/)
    await createMonitor(page)

    // Microsoft 365: connect, the tenant's health, watch Exchange Online.
    await page.goto('/services/microsoft365/accounts')
    const tenantCard = await connect(page, 'Connect Microsoft 365 tenant', 'Connect tenant')
    expect(await tenantCard.textContent()).toContain('All 3 services operational')
    await tenantCard.getByRole('link', { name: 'Service health' }).click()
    await expect.poll(() => main(page).textContent(), { timeout: 10_000 }).toContain('No open incidents or advisories')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Monitor this: Exchange Online' }).click()
    await expect.poll(() => dialog(page).getByLabel('Service').inputValue()).toBe('Exchange')
    await createMonitor(page)
    const tenantPath = new URL(page.url()).pathname

    // The web app becomes unavailable and Exchange has an incident; each account is read again with Refresh.
    const subscription = az.world.subscriptions.find((s) => s.subscriptionId === SUBSCRIPTION_ID)
    const shop = subscription?.resources.find((r) => r.name === 'shop-web')
    const tenant = az.world.tenants[0]
    if (!shop || !tenant) throw new Error('no shop-web or tenant')
    shop.health = { state: 'Unavailable', summary: 'The app is stopped.', since: new Date().toISOString() }
    tenant.m365.issues = [
      graphIssue('EX226792', {
        startDateTime: new Date().toISOString(),
        lastModifiedDateTime: new Date().toISOString(),
      }),
    ]
    tenant.m365.health = tenant.m365.health.map((h) =>
      h.id === 'Exchange' ? { ...h, status: 'serviceDegradation' } : h,
    )
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => main(page).textContent(), { timeout: 20_000 }).toContain('EX226792')
    await page.goto('/services/azure_monitoring')
    await main(page)
      .getByRole('listitem', { name: 'Contoso' })
      .getByRole('button', { name: 'Read now Contoso' })
      .click()
    await expect
      .poll(() => main(page).getByRole('listitem', { name: 'Contoso' }).textContent(), { timeout: 20_000 })
      .toContain('1 unavailable')

    const shopPage = await checkNow(page, '/services/azure_monitoring', 'Azure Monitoring monitors', 'shop-web', 'Down')
    await expect.poll(() => main(page).textContent()).toContain('The app is stopped')
    const exchangePage = await checkNow(
      page,
      '/services/microsoft365/accounts',
      'Microsoft 365 monitors',
      'Exchange Online',
      'Down',
    )
    await expect.poll(() => main(page).textContent()).toContain('EX226792')

    // The bell has both; a click opens the monitor's page.
    await page.goto('/dashboard')
    await page
      .getByRole('banner')
      .getByRole('button', { name: /notifications/i })
      .click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('shop-web is down')
    expect(await panel.textContent()).toContain('Exchange Online is down')
    await panel.getByText('shop-web is down').click()
    await heading(page).filter({ hasText: 'shop-web' }).waitFor()
    expect(new URL(page.url()).searchParams.get('id')).not.toBeNull()

    // The webhook got one alert per monitor.
    await expect
      .poll(() => chat.seen.filter((s) => s.service === 'webhook' && /is down/.test(s.body)).length, {
        timeout: 30_000,
      })
      .toBe(2)

    // Both recover: read again, checked, up; their incidents close.
    shop.health = { state: 'Available', summary: 'There are no known problems.', since: new Date().toISOString() }
    const now = new Date().toISOString()
    tenant.m365.issues = [
      graphIssue('EX226792', {
        isResolved: true,
        status: 'serviceRestored',
        endDateTime: now,
        lastModifiedDateTime: now,
      }),
    ]
    tenant.m365.health = tenant.m365.health.map((h) => ({ ...h, status: 'serviceOperational' }))
    await page.goto(tenantPath)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => main(page).textContent(), { timeout: 20_000 }).toContain('Recently resolved')
    await page.goto('/services/azure_monitoring')
    await main(page)
      .getByRole('listitem', { name: 'Contoso' })
      .getByRole('button', { name: 'Read now Contoso' })
      .click()
    await expect
      .poll(() => main(page).getByRole('listitem', { name: 'Contoso' }).textContent(), { timeout: 20_000 })
      .toContain('0 unavailable')
    for (const path of [shopPage, exchangePage]) {
      await page.goto(path)
      await page.getByRole('button', { name: 'Check now' }).click()
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain('Up')
      const incidents = page.getByRole('region', { name: 'Incidents', exact: true })
      await expect.poll(() => incidents.textContent(), { timeout: 15_000 }).not.toContain('ongoing')
    }
    await expect
      .poll(() => chat.seen.filter((s) => s.service === 'webhook' && /is back up/.test(s.body)).length, {
        timeout: 30_000,
      })
      .toBe(2)
  }, 240_000)
})
