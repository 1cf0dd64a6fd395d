import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { expect } from 'vitest'
import { sweepBilling } from '../../../src/server/services/billing-sweep.ts'
import { CHECKOUT_FIELDS, type LoopbackStripe, startLoopbackStripe, TEST_CARDS } from '../../support/stripe/index.ts'
import { buildTestApp, type TestApp, type TestClock, type TestDb, testClock } from '../harness.ts'
import { startSmtp, type TestSmtp } from '../notify/smtp-server.ts'

// The app with BILLING=stripe, served on a loopback port so the loopback Stripe's webhook calls reach it, both on
// one test clock (periods, signatures, the trial's calendar), and a loopback SMTP server for the mails.

export const SECRET_KEY = 'sk_test_51LoopbackVigilBilling0123456789abcdef'
export const WEBHOOK_SECRET = 'whsec_loopbackVigilBilling0123456789'
export const DAY = 86_400_000

export interface BillingWorld {
  t: TestApp
  clock: TestClock
  stripe: LoopbackStripe
  smtp: TestSmtp
  close(): Promise<void>
}

export const startBillingWorld = async (db: TestDb, mode: 'stripe' | 'off' = 'stripe'): Promise<BillingWorld> => {
  const clock = testClock()
  const stripe = await startLoopbackStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: clock.now })
  const smtp = await startSmtp()
  const t = buildTestApp(db.database, {
    clock,
    config: {
      allowPrivateTargets: true,
      sessionTtlDays: 400,
      smtp: smtp.settings,
      billing:
        mode === 'stripe'
          ? {
              mode: 'stripe',
              secretKey: SECRET_KEY,
              webhookSecret: WEBHOOK_SECRET,
              prices: {},
              api: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
            }
          : { mode: 'off' },
    },
  })
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
  })
  stripe.world.setWebhookUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/webhook`)
  return {
    t,
    clock,
    stripe,
    smtp,
    close: async () => {
      await stripe.world.webhooksSettled()
      await new Promise<void>((done) => server.close(() => done()))
      await stripe.close()
      await smtp.close()
    },
  }
}

/** The billing sweep as the engine runs it, at the clock's time. */
export const sweep = (w: BillingWorld) =>
  sweepBilling({
    database: w.t.deps.database,
    clock: w.clock,
    logger: w.t.deps.logger,
    deliveries: w.t.deps.deliveries,
    appUrl: w.t.deps.config.appUrl,
  })

export const billingOf = async (w: BillingWorld, token: string) => {
  const res = await w.t.call('GET', '/api/billing', { token })
  expect(res.status).toBe(200)
  return res.json.data.billing
}

/** Checkout as a buyer does it: our API gives Stripe's page, the page's form is posted with a card. */
export const payForPro = async (
  w: BillingWorld,
  token: string,
  billing_frequency: 'Monthly' | 'Yearly',
  card: string = TEST_CARDS.visa,
) => {
  const started = await w.t.call('POST', '/api/billing/checkout', { token, body: { billing_frequency } })
  expect(started.status).toBe(200)
  const pageUrl = started.json.data.checkout_url as string
  const html = await (await fetch(pageUrl)).text()
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('The checkout page has no form')
  const paid = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [CHECKOUT_FIELDS.cardNumber]: card }).toString(),
    redirect: 'manual',
  })
  await w.stripe.world.webhooksSettled()
  return paid
}

/** The mails received for `email`, by subject, but the one every new account gets to confirm its address. */
export const mailsTo = (w: BillingWorld, email: string) =>
  w.smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '')
    .filter((subject) => subject !== 'Confirm your email address')

/** The titles of the user's notifications, newest first. */
export const noticesOf = async (w: BillingWorld, token: string) =>
  (
    (await w.t.call('GET', '/api/user_notification?limit=50', { token })).json.data.notificationList as {
      notification_title: string
    }[]
  ).map((n) => n.notification_title)
