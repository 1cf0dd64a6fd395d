import { createHmac } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realTimeClock } from '../../server/harness.ts'
import { type ChatServers, startChatServers } from '../../server/notify/chat-servers.ts'
import { readMail, startSmtp, type TestSmtp } from '../../server/notify/smtp-server.ts'
import { newPage, openSignedIn, seriousViolations, setupAppEnv, waitForPath } from '../app/helpers.ts'

// The alert channels against the real server: a webhook pointed at an HTTP receiver on loopback and an email
// address delivered through an SMTP server on loopback, both started here; test messages to each, their
// deliveries, and a monitor that alerts one of them. Private targets are allowed, as tests run them.

let chat: ChatServers
let smtp: TestSmtp

beforeAll(async () => {
  chat = await startChatServers()
  smtp = await startSmtp()
})
const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true, smtp: smtp.settings }, clock: realTimeClock() }))
afterAll(async () => {
  await chat?.close()
  await smtp?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label}\\b`))
const card = (page: Page, name: string) => page.getByRole('listitem', { name })

/** Opens the add form (the empty state's button or the header's), chooses the type and fills the fields. */
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

/** Sends a test message from the channel's card and waits for its outcome. */
const sendTest = async (page: Page, name: string) => {
  await card(page, name)
    .getByRole('button', { name: `Send test message to ${name}` })
    .click()
  const outcome = card(page, name).getByTestId('test-outcome')
  await expect.poll(() => outcome.textContent(), { timeout: 15_000 }).toMatch(/Delivered|Failed|could not/)
  return outcome.textContent()
}

describe('integrations in the browser', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 768, height: 900 },
  ]) {
    it(`connects a webhook and an email address, tests both and lists their deliveries at ${viewport.width} px`, async () => {
      const { page } = await openSignedIn(env, await env.server.register({ plan: 'Basic' }), { viewport })
      const inbox = `oncall-${viewport.width}@example.com`
      chat.reset()

      await page.goto('/integrations')
      await page.getByRole('heading', { name: 'No integrations yet' }).waitFor()
      expect(await page.getByRole('link', { name: 'Add to Slack' }).count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])

      // Inline validation first: nothing is sent.
      await page.getByRole('button', { name: 'Add your first integration' }).click()
      await dialog(page)
        .getByRole('radio', { name: /^Webhook/ })
        .check()
      await field(page, 'Signing secret').fill('short')
      await dialog(page).getByRole('button', { name: 'Add integration' }).click()
      await dialog(page).getByText('Name is required.').waitFor()
      await dialog(page).getByText('URL is required.').waitFor()
      await dialog(page).getByText('The secret must be at least 16 characters.').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'hidden' })

      // The webhook: its signing secret is shown once.
      await addIntegration(page, 'Webhook', { Name: 'Incident bot', URL: chat.webhookUrl })
      const reveal = page.getByRole('dialog', { name: 'Save the signing secret' })
      await reveal.getByText('It will not be shown again.').waitFor()
      const secret = await reveal.getByLabel('Signing secret').inputValue()
      expect(secret.length).toBeGreaterThanOrEqual(16)
      await reveal.getByRole('button', { name: 'Copy secret' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await reveal.getByRole('button', { name: 'Done' }).click()
      await reveal.waitFor({ state: 'hidden' })
      // A webhook's URL may hold a token: the card shows its host and last four characters only.
      const { host } = new URL(chat.webhookUrl)
      expect(await card(page, 'Incident bot').textContent()).toContain(
        `Webhook · http://${host}/…${chat.webhookUrl.slice(-4)}`,
      )
      expect(await card(page, 'Incident bot').textContent()).not.toContain(chat.webhookUrl)

      expect(await sendTest(page, 'Incident bot')).toContain('Delivered')
      const hooks = chat.seen.filter((s) => s.service === 'webhook')
      expect(hooks).toHaveLength(1)
      const hook = hooks[0] as (typeof hooks)[number]
      // Signed with the secret the page showed.
      expect(hook.headers['x-signature-256']).toBe(
        `sha256=${createHmac('sha256', secret).update(hook.raw).digest('hex')}`,
      )
      expect(JSON.parse(hook.body)).toMatchObject({ kind: 'test', title: 'Test message from Vigil' })

      // The email address, through the SMTP server on loopback.
      await addIntegration(page, 'Email', { Name: 'On-call inbox', 'Email address': inbox })
      await dialog(page).waitFor({ state: 'hidden' })
      expect(await sendTest(page, 'On-call inbox')).toContain('Delivered')
      const mail = smtp.received.find((m) => m.to.includes(inbox))
      expect(mail).toBeDefined()
      expect(readMail(mail?.raw ?? '').subject).toBe('[Vigil] Test message from Vigil')

      // Each card's last delivery, read again from the server.
      await expect.poll(() => card(page, 'On-call inbox').textContent()).toMatch(/Last delivery\s*Delivered/)
      expect(await seriousViolations(page)).toEqual([])

      // The deliveries of the webhook.
      await card(page, 'Incident bot').getByRole('button', { name: 'Deliveries of Incident bot' }).click()
      const deliveries = page.getByRole('dialog', { name: 'Deliveries to Incident bot' })
      const rows = deliveries.getByRole('row')
      await expect.poll(() => rows.count()).toBe(2)
      const row = await rows.nth(1).textContent()
      expect(row).toContain('Test message from Vigil')
      expect(row).toContain('Delivered')
      expect(await deliveries.getByText('Page 1 of 1 · 1 delivery').count()).toBe(1)
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await deliveries.waitFor({ state: 'hidden' })

      // Switched off, it stays off.
      const toggle = card(page, 'On-call inbox').getByRole('switch', { name: /^Enabled\W+On-call inbox$/ })
      await toggle.click({ force: true })
      await expect.poll(() => toggle.isChecked()).toBe(false)
      await page.reload()
      await expect
        .poll(() => card(page, 'On-call inbox').getByRole('switch').isChecked(), { timeout: 10_000 })
        .toBe(false)

      // A monitor that alerts the webhook only, reminded every 30 minutes.
      await page.goto('/services/web-monitoring')
      await page.getByRole('button', { name: 'Add your first website monitor' }).click()
      await field(page, 'Name').fill('Shop')
      await field(page, 'URL').fill(`${chat.base}/shop`)
      const alerts = dialog(page).getByRole('group', { name: 'Alerts' })
      await alerts.getByRole('radio', { name: 'Choose channels' }).check()
      await alerts.getByRole('checkbox', { name: /^Incident bot/ }).check()
      await alerts.getByLabel('Remind every').selectOption('30')
      expect(await seriousViolations(page)).toEqual([])
      await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
      await dialog(page).waitFor({ state: 'hidden' })
      await page.getByRole('link', { name: 'Shop', exact: true }).click()
      const section = page.getByRole('region', { name: 'Alerts' })
      await expect
        .poll(() => section.getByTestId('alerted-channels').textContent())
        .toBe('These channels:Incident bot(Webhook)')
      expect(await section.textContent()).toContain('Reminders while down: every 30 minutes')
    }, 120_000)
  }

  it('asks a visitor whose session is over to sign in', async () => {
    const page = await newPage(env)
    // A stored name keeps the top bar from sending the visitor to /login; the API still answers 401.
    await page.addInitScript(() => localStorage.setItem('Name', 'Grace'))
    await page.goto('/integrations')
    await page.getByRole('heading', { name: 'Sign in to manage your integrations' }).waitFor()
    await page.getByRole('link', { name: 'Sign in' }).click()
    await waitForPath(page, '/login')
  })

  it('Add to Slack without a Slack app set up comes back to /slack-connected with the reason', async () => {
    const { page } = await openSignedIn(env, await env.server.register({ plan: 'Basic' }))
    await page.goto('/api/integrations/slack/install')
    await page.getByRole('heading', { level: 1, name: 'Could not connect Slack' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/slack-connected')
    expect(await page.getByRole('alert').textContent()).toContain('Add to Slack is not set up on this server')
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/api/integrations/slack/install',
    )
    expect(await seriousViolations(page)).toEqual([])
  })
})
