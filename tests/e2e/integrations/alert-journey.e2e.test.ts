import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { type ChatServers, startChatServers } from '../../server/notify/chat-servers.ts'
import { readMail, startSmtp, type TestSmtp } from '../../server/notify/smtp-server.ts'
import { startHttpTarget } from '../../server/support/targets.ts'
import { openSignedIn, proEveryTwoSeconds, setupAppEnv } from '../app/helpers.ts'
import { startServer } from '../server.ts'

// Issue 7's whole journey with the engine running as `npm start` runs it: a user connects a webhook and an
// email address on /integrations and tests both; a monitored site goes down; each channel gets one alert;
// the server restarts while the site is down; the site comes back; each channel gets one recovery alert, and
// nothing twice. The operator lets Pro check every 2 seconds (plans are rows), so this takes seconds.

let chat: ChatServers
let smtp: TestSmtp
let site: Awaited<ReturnType<typeof startHttpTarget>>
const options = () => ({
  config: { allowPrivateTargets: true, smtp: smtp.settings },
  clock: realTimeClock(),
  engine: true,
})

beforeAll(async () => {
  chat = await startChatServers()
  smtp = await startSmtp()
  site = await startHttpTarget()
})
const env = setupAppEnv(options, proEveryTwoSeconds)
afterAll(async () => {
  await chat?.close()
  await smtp?.close()
  await site?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))
const card = (page: Page, name: string) => page.getByRole('listitem', { name })

const addIntegration = async (page: Page, type: string, fields: Record<string, string>) => {
  await page
    .getByRole('button', { name: /^Add (your first )?integration$/ })
    .first()
    .click()
  await dialog(page)
    .getByRole('radio', { name: new RegExp(`^${type}`) })
    .check()
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value)
  await dialog(page).getByRole('button', { name: 'Add integration' }).click()
}

const sendTest = async (page: Page, name: string) => {
  await card(page, name)
    .getByRole('button', { name: `Send test message to ${name}` })
    .click()
  await expect
    .poll(() => card(page, name).getByTestId('test-outcome').textContent(), { timeout: 15_000 })
    .toContain('Delivered')
}

/** The kinds of the alerts the webhook got, and the subjects of the mails, in order. */
const webhookKinds = () =>
  chat.seen.filter((s) => s.service === 'webhook').map((s) => JSON.parse(s.body).kind as string)
const mailSubjects = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => readMail(m.raw).subject)

describe('alerts reach people', () => {
  it('once on each channel when a site goes down and once when it comes back, across a restart', async () => {
    const { page } = await openSignedIn(env, await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' }))
    const inbox = 'oncall@example.com'

    await page.goto('/integrations')
    await addIntegration(page, 'Webhook', { Name: 'Incident bot', URL: chat.webhookUrl })
    const reveal = page.getByRole('dialog', { name: 'Save the signing secret' })
    await reveal.getByRole('button', { name: 'Done' }).click()
    await reveal.waitFor({ state: 'hidden' })
    await addIntegration(page, 'Email', { Name: 'On-call inbox', 'Email address': inbox })
    await dialog(page).waitFor({ state: 'hidden' })
    await sendTest(page, 'Incident bot')
    await sendTest(page, 'On-call inbox')
    expect(webhookKinds()).toEqual(['test'])
    expect(mailSubjects(inbox)).toEqual(['[Vigil] Test message from Vigil'])

    // A website monitor, checked every 2 seconds, alerting all channels (the default).
    await page.goto('/services/web-monitoring')
    await page
      .getByRole('button', { name: /^Add (your first )?website monitor$/i })
      .first()
      .click()
    await field(page, 'Name').fill('Storefront')
    await field(page, 'URL').fill(site.url)
    await field(page, 'Check every').selectOption('2')
    await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
    await dialog(page).waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: 'Storefront', exact: true }).click()
    const badge = page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::*[1]')
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toContain('Up')
    const monitorPath = new URL(page.url()).pathname

    // Down: one alert on each channel.
    await site.down()
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toContain('Down')
    await expect.poll(webhookKinds, { timeout: 15_000 }).toEqual(['test', 'down'])
    await expect
      .poll(() => mailSubjects(inbox), { timeout: 15_000 })
      .toEqual(['[Vigil] Test message from Vigil', '[Vigil] Storefront is down'])
    const down = JSON.parse(chat.seen.filter((s) => s.service === 'webhook')[1]?.body as string)
    expect(down.monitor).toMatchObject({ name: 'Storefront', target: site.url })
    expect(down.monitor.url).toMatch(new RegExp(`${monitorPath}$`))

    // The server restarts while the site is still down: nobody is told again.
    const { port } = new URL(env.server.baseUrl)
    await env.server.close()
    env.server = await startServer(env.db, { ...options(), port: Number(port) })
    await new Promise((resolve) => setTimeout(resolve, 5000))
    expect(webhookKinds()).toEqual(['test', 'down'])
    expect(mailSubjects(inbox)).toHaveLength(2)

    // Back up: one recovery alert on each channel, and nothing twice.
    await site.up()
    await page.goto(monitorPath)
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toContain('Up')
    await expect.poll(webhookKinds, { timeout: 15_000 }).toEqual(['test', 'down', 'up'])
    await expect
      .poll(() => mailSubjects(inbox), { timeout: 15_000 })
      .toEqual(['[Vigil] Test message from Vigil', '[Vigil] Storefront is down', '[Vigil] Storefront is back up'])
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(webhookKinds()).toEqual(['test', 'down', 'up'])
    expect(mailSubjects(inbox)).toHaveLength(3)
  }, 180_000)
})
