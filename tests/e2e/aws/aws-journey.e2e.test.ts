import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUSTOMER, restoreEnv, seedCustomer } from '../../server/cloud/aws/loopback.ts'
import { realTimeClock, testConfig } from '../../server/harness.ts'
import { type ChatServers, startChatServers } from '../../server/notify/chat-servers.ts'
import { type LoopbackAws, startLoopbackAws } from '../../support/aws/loopback-aws.ts'
import { openSignedIn, seriousViolations, setupAppEnv } from '../app/helpers.ts'

// Issue 14's whole journey, with the engine running as `npm start` runs it and the AWS SDK pointed at a loopback
// AWS through its own endpoint setting: a new Pro user connects an account, sees each of its six pages filled,
// adds an EC2 monitor and a cost budget from the pages; the instance stops and the bill passes the budget; the
// user reads the account again, the monitors go down with a notification in the bell and an alert on their
// webhook; the instance runs again and its incident closes.

let aws: LoopbackAws
let chat: ChatServers
let savedEndpoint: string | undefined

beforeAll(async () => {
  aws = await startLoopbackAws()
  chat = await startChatServers()
  savedEndpoint = process.env.AWS_ENDPOINT_URL
  process.env.AWS_ENDPOINT_URL = aws.url
  const account = seedCustomer(aws.world)
  // Costs of this month (the server reads them with the real clock): 12.50 so far, 40 last month.
  const now = new Date()
  const today = now.toISOString().slice(0, 10)
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10)
  account.costs = [
    { date: lastMonth, service: 'Amazon Elastic Compute Cloud - Compute', amount: 40 },
    { date: today, service: 'Amazon Elastic Compute Cloud - Compute', amount: 10 },
    { date: today, service: 'Amazon Simple Storage Service', amount: 2.5 },
  ]
  account.forecast = 30
})
const env = setupAppEnv(() => ({
  // Cost Explorer is read on every sync here (6 hours in production), so a raised bill shows on the next read.
  config: { allowPrivateTargets: true, cloud: { ...testConfig().cloud, costReadMs: 0 } },
  clock: realTimeClock(),
  engine: true,
}))
afterAll(async () => {
  restoreEnv('AWS_ENDPOINT_URL', savedEndpoint)
  await aws?.close()
  await chat?.close()
})

const dialog = (page: Page) => page.getByRole('dialog')
const main = (page: Page) => page.getByRole('main')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const badge = (page: Page) => heading(page).locator('xpath=following-sibling::*[1]')

/** Fills in the monitor form that "Monitor this" opened: checked every minute, down at the first failure. */
const createMonitor = async (page: Page, fields: Record<string, string> = {}) => {
  const form = dialog(page)
  await expect.poll(() => form.getByLabel('AWS account').inputValue()).not.toBe('')
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(new RegExp(`^${label}\\b`)).fill(value)
  await form.getByLabel(/^Check every/).selectOption('60')
  await form.getByText('Advanced').click()
  await form.getByLabel(/^Retries before down/).fill('0')
  await form.getByRole('button', { name: 'Create monitor' }).click()
  await form.waitFor({ state: 'hidden' })
}

describe('an AWS account, from connecting it to a closed incident', () => {
  it('connects, shows its six pages, alerts on a stopped instance and a passed budget, and recovers', async () => {
    const registered = await env.server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const hook = await env.server.call('POST', '/api/integrations', {
      token: registered.token,
      body: { type: 'webhook', name: 'Pager', url: chat.webhookUrl },
    })
    expect(hook.status, hook.text).toBe(201)
    const { page } = await openSignedIn(env, registered)

    // Connect: the empty page offers it; bad keys are refused with AWS's reason at the key's field.
    await page.goto('/services/aws_monitoring')
    await main(page).getByRole('button', { name: 'Connect AWS account' }).first().click()
    const form = dialog(page)
    await form.getByLabel(/^Name\b/).fill('Production')
    await form.getByLabel(/^Access key ID/).fill('AKIAIOSFODNN7EXAMPLE')
    await form.getByLabel(/^Secret access key/).fill('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')
    await form.getByRole('button', { name: 'Connect account' }).click()
    await expect.poll(() => form.textContent(), { timeout: 15_000 }).toMatch(/does not recognise the access key ID/)
    const keys = aws.world.addUser(CUSTOMER, 'vigil-reader')
    await form.getByLabel(/^Access key ID/).fill(keys.access_key_id)
    await form.getByLabel(/^Secret access key/).fill(keys.secret_access_key)
    // The set-up steps are open for a new account; the second shows the policy to attach.
    const steps = form.locator('details', { hasText: 'How to set up the IAM user' })
    expect(await steps.getByRole('listitem').count()).toBe(3)
    expect(await steps.getByRole('region', { name: 'IAM policy' }).textContent()).toContain('ec2:DescribeInstances')
    await form.getByRole('button', { name: 'Connect account' }).click()
    await form.waitFor({ state: 'hidden', timeout: 15_000 })

    const card = main(page).getByRole('listitem', { name: 'Production' })
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('Read')
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toMatch(/\$12\.50/)
    expect(await card.textContent()).toContain(`AWS account ${CUSTOMER}`)
    expect(await card.textContent()).toContain('3 EC2')
    expect(await seriousViolations(page)).toEqual([])
    // The secret is not on the page, and the key only masked.
    expect(await page.content()).not.toContain(keys.secret_access_key)
    expect(await page.content()).not.toContain(keys.access_key_id)

    // The six pages, each filled.
    const pages: [string, string][] = [
      ['Billing', '$12.50'],
      ['EC2', 'web-1'],
      ['RDS', 'orders-db'],
      ['Amplify', 'main'],
      ['Lightsail', 'blog'],
      ['Services', 'Amazon Simple Storage Service'],
    ]
    await card.getByRole('link', { name: 'Billing' }).click()
    for (const [tab, text] of pages) {
      await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: tab }).click()
      await expect.poll(() => main(page).textContent(), { timeout: 10_000 }).toContain(text)
    }
    const accountPath = new URL(page.url()).pathname.replace(/\/services$/, '')

    // EC2: filter by state, then watch web-1 from its row.
    await page.goto(`${accountPath}/ec2`)
    const table = page.getByRole('region', { name: 'EC2 instances table' })
    await page.getByLabel('State').selectOption('stopped')
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await page.getByLabel('State').selectOption('')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Monitor this: web-1' }).click()
    expect(
      await dialog(page)
        .getByLabel(/^Instance ID/)
        .inputValue(),
    ).toBe('i-0aaa000000000001')
    // An instance the account's last read does not have is refused at its field, with those it has.
    await expect.poll(() => dialog(page).getByLabel('AWS account').inputValue()).not.toBe('')
    await dialog(page)
      .getByLabel(/^Instance ID/)
      .fill('i-0aaa0000000000ff')
    await dialog(page).getByRole('button', { name: 'Create monitor' }).click()
    await dialog(page)
      .getByText(/^AWS account Production has no EC2 instance "i-0aaa0000000000ff" in eu-west-1\. Choose one of: /)
      .waitFor()
    if (process.env.SHOTS) {
      await page.screenshot({ path: `${process.env.SHOTS}/aws-refused-1280.png` })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${process.env.SHOTS}/aws-refused-390.png` })
      await page.setViewportSize({ width: 1280, height: 800 })
    }
    await dialog(page)
      .getByLabel(/^Instance ID/)
      .fill('i-0aaa000000000001')
    await createMonitor(page)

    // Billing: a budget of $20 for the month to date.
    await page.goto(`${accountPath}/billing-summary`)
    await page.getByRole('button', { name: 'Set a budget' }).click()
    await createMonitor(page, { Budget: '20' })

    // Both are up, on AWS Monitoring's list of monitors.
    await page.goto('/services/aws_monitoring')
    const monitors = page.getByRole('region', { name: 'AWS Monitoring monitors' })
    await expect.poll(() => monitors.textContent(), { timeout: 20_000 }).toMatch(/web-1/)
    await expect.poll(() => monitors.textContent(), { timeout: 20_000 }).toMatch(/Production budget/)

    // AWS: the instance stops and the bill passes the budget. The user reads the account again.
    const instance = aws.world.account(CUSTOMER).ec2['eu-west-1']?.find((i) => i.name === 'web-1')
    if (!instance) throw new Error('no web-1')
    instance.state = 'stopped'
    instance.instanceStatus = 'not-applicable'
    instance.systemStatus = 'not-applicable'
    aws.world.account(CUSTOMER).costs.push({
      date: new Date().toISOString().slice(0, 10),
      service: 'Amazon Relational Database Service',
      amount: 30,
    })
    await page.goto(`${accountPath}/ec2`)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => table.getByRole('row', { name: /web-1/ }).textContent(), { timeout: 20_000 })
      .toContain('stopped')

    // Each monitor is checked now from its page: down.
    for (const name of ['web-1', 'Production budget']) {
      await page.goto('/services/aws_monitoring')
      await monitors.getByRole('link', { name, exact: true }).click()
      await heading(page).filter({ hasText: name }).waitFor()
      await page.getByRole('button', { name: 'Check now' }).click()
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain('Down')
    }
    await expect.poll(() => main(page).textContent(), { timeout: 10_000 }).toContain('above the budget')

    // The bell has both; a click opens the monitor's page (/aws_monitorings/{id}).
    await page.goto('/dashboard')
    await page
      .getByRole('banner')
      .getByRole('button', { name: /notifications/i })
      .click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('web-1 is down')
    await panel.getByText('web-1 is down').click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/aws_monitorings\//)
    await heading(page).filter({ hasText: 'web-1' }).waitFor()
    const incidents = page.getByRole('region', { name: 'Incidents', exact: true })
    await expect.poll(() => incidents.textContent(), { timeout: 15_000 }).toContain('ongoing')

    // The webhook got one alert per monitor.
    await expect
      .poll(() => chat.seen.filter((s) => s.service === 'webhook' && /is down/.test(s.body)).length, {
        timeout: 30_000,
      })
      .toBe(2)

    // The instance runs again: read, checked, up; its incident closes.
    instance.state = 'running'
    instance.instanceStatus = 'ok'
    instance.systemStatus = 'ok'
    const monitorPath = new URL(page.url()).pathname
    await page.goto(`${accountPath}/ec2`)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => table.getByRole('row', { name: /web-1/ }).textContent(), { timeout: 20_000 })
      .toContain('running')
    await page.goto(monitorPath)
    await page.getByRole('button', { name: 'Check now' }).click()
    await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toContain('Up')
    await expect.poll(() => incidents.textContent(), { timeout: 15_000 }).not.toContain('ongoing')
  }, 180_000)
})
