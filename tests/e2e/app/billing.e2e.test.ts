import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepBilling } from '../../../src/server/services/billing-sweep.ts'
import { testClock } from '../../server/harness.ts'
import { type LoopbackStripe, startLoopbackStripe, TEST_CARDS } from '../../support/stripe/index.ts'
import { bellButton, type Env, newAccount, newPage, setupAppEnv, signUp, waitForPath } from './helpers.ts'

// The two ways Pro is had, as a buyer sees them: BILLING=off, where the welcome dialog's Upgrade starts the free
// trial, whose end (moved by the server's test clock) is warned of and lands on Basic with nothing lost; and
// BILLING=stripe, where Pro Yearly is paid on the loopback Stripe's hosted page in the browser, and the plan
// changes when Stripe's signed webhook reaches the server.

const DAY = 86_400_000
const SECRET_KEY = 'sk_test_51LoopbackVigilBrowser0123456789abcdef'
const WEBHOOK_SECRET = 'whsec_loopbackVigilBrowser0123456789'

const sweep = (env: Env) => {
  const { database, clock, logger, deliveries, config } = env.server.deps
  return sweepBilling({ database, clock, logger, deliveries, appUrl: config.appUrl })
}

describe('billing off: the free trial, from the welcome dialog to Basic', () => {
  const clock = testClock()
  const env = setupAppEnv(
    () => ({ clock }),
    // Basic has room for one monitor here, so the trial's end has something to pause.
    async (db) => {
      await db.database.db.updateTable('plans').set({ max_monitors: 1 }).where('title', '=', 'Basic').execute()
    },
  )

  it('starts the trial, sees the days left, is warned, and lands on Basic with a monitor paused, not lost', async () => {
    const page = await newPage(env)
    const start = clock.now()
    await signUp(page, 'Basic', newAccount())
    const dialog = page.getByRole('dialog', { name: 'Basic Plan Activated', exact: true })
    await dialog.getByRole('button', { name: 'Upgrade' }).click()
    await waitForPath(page, '/upgrade_to_pro?is_free_trial=true')
    await page.getByText('Billing is off on this server: plan changes are free and immediate.').waitFor()
    await page.getByRole('button', { name: 'Start the 15-day free trial' }).click()
    await waitForPath(page, '/subscriptions')
    await page.getByText('Free trial: 15 days left, ends on 07 Dec 2026').waitFor()

    // Two monitors while on Pro (through the API, with the page's session); Basic here has room for one.
    const ids: string[] = []
    for (const name of ['Shop', 'Blog']) {
      const id = await page.evaluate(async (name) => {
        const res = await fetch('/api/monitors', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'web',
            name,
            url: `https://${name.toLowerCase()}.example.test/`,
            interval_seconds: 300,
          }),
        })
        return ((await res.json()) as { data: { monitor: { id: string } } }).data.monitor.id
      }, name)
      ids.push(id)
    }

    clock.set(start + 12 * DAY)
    expect(await sweep(env)).toMatchObject({ reminded: 1 })
    await page.reload()
    await page.getByText('Free trial: 3 days left, ends on 07 Dec 2026').waitFor()
    await bellButton(page).click()
    await page
      .getByRole('dialog', { name: 'Notifications', exact: true })
      .getByText('Your Pro trial ends in 3 days')
      .waitFor()
    await page.keyboard.press('Escape')

    clock.set(start + 15 * DAY)
    expect(await sweep(env)).toMatchObject({ ended: 1 })
    await page.reload()
    await page.getByRole('link', { name: 'Upgrade to Pro' }).waitFor()
    expect(await page.locator('dl').textContent()).toContain('PlanBasic')
    await bellButton(page).click()
    const ended = page.getByRole('dialog', { name: 'Notifications', exact: true }).getByText('Your Pro trial has ended')
    await ended.waitFor()
    await page.keyboard.press('Escape')

    // The newer monitor is paused by the plan, with its reason; nothing was deleted.
    await page.goto(`/web_monitorings/${ids[1]}`)
    await page.getByText(/^Paused by a plan change/).waitFor()
    await page.goto(`/web_monitorings/${ids[0]}`)
    await page.getByRole('heading', { name: 'Shop' }).waitFor()
    expect(await page.getByText(/^Paused by a plan change/).count()).toBe(0)

    // Billing is off: Pro is chosen, free and at once, and what the trial's end paused runs again.
    await page.goto('/upgrade_to_pro')
    await page.getByRole('radio', { name: /^Yearly/ }).check()
    await page.getByRole('button', { name: 'Choose Pro Yearly' }).click()
    await waitForPath(page, '/subscriptions')
    await page.getByText('Valid until 07 Dec 2027').waitFor()
    await page.goto(`/web_monitorings/${ids[1]}`)
    await page.getByRole('heading', { name: 'Blog' }).waitFor()
    expect(await page.getByText(/^Paused by a plan change/).count()).toBe(0)
  })
})

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.on('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

describe('billing with Stripe: Pro Yearly paid on the hosted page', () => {
  const clock = testClock()
  let stripe: LoopbackStripe
  let port: number
  beforeAll(async () => {
    port = await freePort()
    stripe = await startLoopbackStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: clock.now })
    stripe.world.setWebhookUrl(`http://127.0.0.1:${port}/api/billing/webhook`)
  })
  afterAll(async () => {
    await stripe?.world.webhooksSettled()
    await stripe?.close()
  })
  const env = setupAppEnv(() => ({
    clock,
    port,
    config: {
      appUrl: `http://127.0.0.1:${port}`,
      billing: {
        mode: 'stripe',
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        prices: {},
        api: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
      },
    },
  }))

  it('signs up for Pro Yearly, pays on Stripe’s page, waits for the confirmation and sees the invoice', async () => {
    const page = await newPage(env)
    const account = newAccount()
    await page.goto('/register')
    await page.getByText('Pro Monthly and Pro Yearly are paid by card through Stripe right after sign-up.').waitFor()
    await page.getByLabel('Name', { exact: true }).fill(account.name)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('radio', { name: 'Pro Yearly' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await waitForPath(page, '/upgrade_to_pro?billing_frequency=Yearly')
    await page
      .getByText('Your account is ready. It is on Basic until Stripe has your payment for Pro Yearly.')
      .waitFor()
    expect(await page.getByRole('radio', { name: /^Yearly/ }).isChecked()).toBe(true)

    await page.getByRole('button', { name: 'Pay for Pro Yearly' }).click()
    await page.waitForURL((url) => url.port === String(stripe.port) && url.pathname.startsWith('/c/pay/'))
    await page.getByLabel('Card number').fill(TEST_CARDS.visa)
    await page.getByRole('button', { name: 'Pay' }).click()

    await page.waitForURL((url) => url.port === String(port) && url.pathname === '/upgrade_to_pro')
    expect(new URL(page.url()).search).toBe('?checkout=done')
    await page.getByText('Pro Plan Activated: Pro Yearly is paid until 22 Nov 2027.').waitFor()

    await page.getByRole('link', { name: 'See Billing' }).click()
    await waitForPath(page, '/subscriptions')
    await page.getByText('Renews on 22 Nov 2027 for $150.00').waitFor()
    await page.getByText('Card ending in 4242').waitFor()
    const invoices = page.getByRole('region', { name: 'Invoices', exact: true })
    const row = invoices.getByRole('row').nth(1)
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(/^22 Nov 2026 \S+ \$150\.00 Paid Download$/)
    const pdf = await invoices.getByRole('link', { name: /^PDF of invoice/ }).getAttribute('href')
    const res = await fetch(pdf ?? '')
    expect(res.headers.get('content-type')).toBe('application/pdf')
  })
})
