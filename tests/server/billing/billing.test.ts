import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../support/stripe/index.ts'
import { dialects, openTestDb, type TestDb } from '../harness.ts'
import {
  type BillingWorld,
  billingOf,
  DAY,
  mailsTo,
  noticesOf,
  payForPro,
  startBillingWorld,
  sweep,
} from './billing-setup.ts'

// Billing with BILLING=stripe against the loopback Stripe: the official client for our calls, Stripe's hosted
// checkout page posted as a browser would, webhooks signed as Stripe signs them and delivered over HTTP to the
// app, every plan change and notice through the real database, and mails to a loopback SMTP server.

describe.each(dialects)('billing with Stripe on %s', (dialect) => {
  let db: TestDb
  let w: BillingWorld
  beforeAll(async () => {
    db = await openTestDb(dialect)
    w = await startBillingWorld(db)
  })
  afterAll(async () => {
    await w.close()
    await db.drop()
  })

  const subscriptionOf = async (token: string) =>
    (await w.t.call('GET', '/api/user_subscription', { token })).json.data.subscription
  const web = (token: string, name: string) =>
    w.t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name, url: `http://127.0.0.1:9/${name}`, interval_seconds: 300 },
    })
  const running = async (token: string) =>
    (
      (await w.t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
        name: string
        paused: boolean
        paused_by_plan: boolean
      }[]
    ).filter((m) => !m.paused).length

  it('checkout to Pro Monthly: the plan changes when Stripe confirms, with a notice, the card and the invoice', async () => {
    const { token, email } = await w.t.register({ plan: 'Basic' })
    const before = await billingOf(w, token)
    expect(before).toMatchObject({ mode: 'stripe', paid: null, invoices: [], trial_available: true })

    const started = await w.t.call('POST', '/api/billing/checkout', { token, body: { billing_frequency: 'Monthly' } })
    expect(started.json.data.checkout_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\//)
    // Starting a checkout is not paying: the plan waits for Stripe.
    expect((await subscriptionOf(token)).title).toBe('Basic')

    const paid = await payForPro(w, token, 'Monthly')
    expect(paid.headers.get('location')).toBe('http://app.test/upgrade_to_pro?checkout=done')
    const sub = await subscriptionOf(token)
    expect(sub).toMatchObject({ title: 'Pro', billing_frequency: 'Monthly', is_free_trial: false })
    const billing = await billingOf(w, token)
    expect(billing.paid).toMatchObject({
      status: 'active',
      billing_frequency: 'Monthly',
      period_end: '2026-12-22T09:00:00.000Z',
      cancel_at_period_end: false,
      amount_cents: 1500,
      currency: 'usd',
      card_last4: '4242',
      grace_ends_at: null,
    })
    expect(billing.invoices).toEqual([
      expect.objectContaining({
        amount_cents: 1500,
        currency: 'usd',
        status: 'paid',
        date: '2026-11-22T09:00:00.000Z',
      }),
    ])
    expect(billing.invoices[0].pdf_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/.+\/pdf$/)
    expect(await noticesOf(w, token)).toContain('Pro Plan Activated')
    expect(mailsTo(w, email)).toContain('Pro Plan Activated')
    // A second checkout while paying is refused.
    const again = await w.t.call('POST', '/api/billing/checkout', { token, body: { billing_frequency: 'Yearly' } })
    expect(again.status).toBe(409)
    expect(again.json.message).toMatch(/already pay for Pro/)
  })

  it('checkout to Pro Yearly, its events delivered in reverse order, and each event processed once', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    w.stripe.world.holdWebhooks()
    await payForPro(w, token, 'Yearly')
    expect((await subscriptionOf(token)).title).toBe('Basic')
    await w.stripe.world.releaseWebhooks('reverse')
    await w.stripe.world.webhooksSettled()
    expect(await subscriptionOf(token)).toMatchObject({ title: 'Pro', billing_frequency: 'Yearly' })
    expect((await billingOf(w, token)).paid).toMatchObject({
      billing_frequency: 'Yearly',
      period_end: '2027-11-22T09:00:00.000Z',
      amount_cents: 15000,
    })
    // Stripe retrying an event (a fresh signature, the same id) changes nothing and is answered as a duplicate.
    const last = w.stripe.world.events.at(-1)
    if (!last) throw new Error('no event')
    const replay = await w.stripe.world.resendEvent(last.id)
    expect(replay?.status).toBe(200)
    expect(JSON.parse(replay?.answer ?? '{}')).toEqual({ received: true, outcome: 'duplicate' })
    expect((await noticesOf(w, token)).filter((n) => n === 'Pro Plan Activated')).toHaveLength(1)
  })

  it('refuses forged, tampered, stale and unsigned webhook calls, and changes nothing', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    w.stripe.world.holdWebhooks()
    await payForPro(w, token, 'Monthly')
    const completed = w.stripe.world.eventsOfType('checkout.session.completed').at(-1)
    for (const how of ['wrong-secret', 'tampered', 'stale', 'unsigned'] as const) {
      const forged = await w.stripe.world.sendForgedEvent(how, completed)
      expect(forged?.status, how).toBe(400)
      expect(JSON.parse(forged?.answer ?? '{}').message, how).toMatch(/signature|Stripe-Signature/)
    }
    expect((await subscriptionOf(token)).title).toBe('Basic')
    await w.stripe.world.releaseWebhooks()
    await w.stripe.world.webhooksSettled()
    expect((await subscriptionOf(token)).title).toBe('Pro')
  })

  it('renews: an invoice paid at the period end moves the validity on by a month', async () => {
    const local = await startBillingWorld(db)
    try {
      const { token } = await local.t.register({ plan: 'Basic' })
      await payForPro(local, token, 'Monthly')
      const id = [...local.stripe.world.subscriptions.keys()][0] as string
      local.clock.set(Date.parse('2026-12-22T09:00:00Z'))
      local.stripe.world.renew(id)
      await local.stripe.world.webhooksSettled()
      await sweep(local)
      expect((await billingOf(local, token)).paid.period_end).toBe('2027-01-22T09:00:00.000Z')
      expect((await subscriptionOn(local, token)).title).toBe('Pro')
      expect((await billingOf(local, token)).invoices).toHaveLength(2)
    } finally {
      await local.close()
    }
  })

  it('a failed renewal: told by notification and mail, Pro through 7 days of grace, then Basic with monitors paused', async () => {
    const local = await startBillingWorld(db)
    try {
      await db.database.db.updateTable('plans').set({ max_monitors: 2 }).where('title', '=', 'Basic').execute()
      const { token, email } = await local.t.register({ plan: 'Basic' })
      await payForPro(local, token, 'Monthly')
      for (const name of ['one', 'two', 'three']) expect((await webOn(local, token, name)).status).toBe(201)
      const id = [...local.stripe.world.subscriptions.keys()][0] as string
      local.stripe.world.failNextPayment(id)
      local.clock.set(Date.parse('2026-12-22T09:00:00Z'))
      local.stripe.world.renew(id)
      await local.stripe.world.webhooksSettled()
      const billing = await billingOf(local, token)
      expect(billing.paid).toMatchObject({ status: 'past_due', grace_ends_at: '2026-12-29T09:00:00.000Z' })
      expect(await noticesOf(local, token)).toContain('Your payment for Pro failed')
      expect(mailsTo(local, email)).toContain('Your payment for Pro failed')

      local.clock.set(Date.parse('2026-12-29T08:59:00Z'))
      await sweep(local)
      expect((await subscriptionOn(local, token)).title).toBe('Pro')
      local.clock.set(Date.parse('2026-12-29T09:00:00Z'))
      expect(await sweep(local)).toEqual({ ended: 1, reminded: 0 })
      expect((await subscriptionOn(local, token)).title).toBe('Basic')
      const notices = await noticesOf(local, token)
      expect(notices[0]).toBe('Your Pro plan has ended')
      expect(notices).not.toContain('Your Basic plan is active')
      expect(mailsTo(local, email)).toContain('Your Pro plan has ended')
      const monitors = (await local.t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors
      expect(monitors.filter((m: { paused_by_plan: boolean }) => m.paused_by_plan)).toHaveLength(1)
      expect(monitors).toHaveLength(3)
      // Sweeping again changes nothing and tells nobody twice.
      expect(await sweep(local)).toEqual({ ended: 0, reminded: 0 })
    } finally {
      await db.database.db.updateTable('plans').set({ max_monitors: 20 }).where('title', '=', 'Basic').execute()
      await local.close()
    }
  })

  it('cancels at the period end and takes it back; cancelled, Pro ends with the period', async () => {
    const local = await startBillingWorld(db)
    try {
      const { token } = await local.t.register({ plan: 'Basic' })
      await payForPro(local, token, 'Monthly')
      const cancel = (value: boolean) =>
        local.t.call('POST', '/api/billing/cancel', { token, body: { cancel_at_period_end: value } })
      expect((await cancel(true)).json.data.billing.paid).toMatchObject({ cancel_at_period_end: true })
      expect((await cancel(false)).json.data.billing.paid).toMatchObject({ cancel_at_period_end: false })
      expect((await cancel(true)).status).toBe(200)
      await local.stripe.world.webhooksSettled()
      // Cancelled: Pro lasts exactly to the period's end, with no leeway.
      expect((await subscriptionOn(local, token)).validity_end_date).toBe('2026-12-22T09:00:00.000Z')
      local.clock.set(Date.parse('2026-12-22T09:00:00Z'))
      local.stripe.world.renew([...local.stripe.world.subscriptions.keys()][0] as string)
      await local.stripe.world.webhooksSettled()
      await sweep(local)
      expect((await subscriptionOn(local, token)).title).toBe('Basic')
      expect((await billingOf(local, token)).paid).toBeNull()
      expect((await noticesOf(local, token)).filter((n) => n === 'Your Pro plan has ended')).toHaveLength(1)
      const bad = await local.t.call('POST', '/api/billing/cancel', { token, body: { cancel_at_period_end: 'yes' } })
      expect(bad.status).toBe(400)
      expect(bad.json.message).toBe('cancel_at_period_end must be true or false.')
    } finally {
      await local.close()
    }
  })

  it('with Stripe away, still shows what is ours and says the invoices could not be read; actions answer 503', async () => {
    const local = await startBillingWorld(db)
    try {
      const { token } = await local.t.register({ plan: 'Basic' })
      await payForPro(local, token, 'Monthly')
      await local.stripe.world.webhooksSettled()
      await local.stripe.close()
      const billing = await billingOf(local, token)
      expect(billing).toMatchObject({ subscription: { title: 'Pro' }, paid: { card_last4: '4242' }, invoices: [] })
      expect(billing.stripe_error).toMatch(/^Your invoices could not be read from Stripe just now: /)
      const cancel = await local.t.call('POST', '/api/billing/cancel', { token, body: { cancel_at_period_end: true } })
      expect(cancel.status).toBe(503)
      expect((await billingOf(local, token)).paid.cancel_at_period_end).toBe(false)
    } finally {
      await local.close()
    }
  })

  it('switches monthly to yearly at Stripe, charged at once', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    await payForPro(w, token, 'Monthly')
    const res = await w.t.call('POST', '/api/billing/frequency', { token, body: { billing_frequency: 'Yearly' } })
    expect(res.status).toBe(200)
    expect(res.json.data.billing.paid).toMatchObject({ billing_frequency: 'Yearly', amount_cents: 15000 })
    expect(res.json.data.billing.subscription).toMatchObject({ title: 'Pro', billing_frequency: 'Yearly' })
    await w.stripe.world.webhooksSettled()
    expect((await subscriptionOf(token)).billing_frequency).toBe('Yearly')
  })

  it('downgrades to Basic with 25 monitors: Stripe cancels now, the 5 newest pause, upgrading again brings them back', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    await payForPro(w, token, 'Monthly')
    for (let i = 1; i <= 25; i++) expect((await web(token, `m${String(i).padStart(2, '0')}`)).status).toBe(201)
    const down = await w.t.call('POST', '/api/billing/downgrade', { token })
    expect(down.status).toBe(200)
    expect(down.json.data.billing).toMatchObject({ subscription: { title: 'Basic' }, paid: null })
    await w.stripe.world.webhooksSettled()
    expect(await running(token)).toBe(20)
    const list = (await w.t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
      name: string
      paused_by_plan: boolean
    }[]
    expect(
      list
        .filter((m) => m.paused_by_plan)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['m21', 'm22', 'm23', 'm24', 'm25'])
    const subscription = [...w.stripe.world.subscriptions.values()].find((s) => s.status === 'canceled')
    expect(subscription).toBeDefined()
    await payForPro(w, token, 'Monthly')
    expect(await running(token)).toBe(25)
  })

  it('a declined card at checkout leaves the plan as it was', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    const paid = await payForPro(w, token, 'Monthly', TEST_CARDS.declined)
    expect(paid.status).toBe(402)
    expect((await subscriptionOf(token)).title).toBe('Basic')
  })

  it('with Stripe, paid Pro is not given away: PUT refuses it, sign-up starts on Basic, the trial needs no card', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    const put = await w.t.call('PUT', '/api/user_subscription', {
      token,
      body: { plan: 'Pro', billing_frequency: 'Monthly' },
    })
    expect(put.status).toBe(402)
    expect(put.json.errors.plan).toMatch(/paid by card/)
    const signup = await w.t.register({ plan: 'Pro', billing_frequency: 'Yearly' })
    expect((await subscriptionOf(signup.token)).title).toBe('Basic')
    const trial = await w.t.call('PUT', '/api/user_subscription', { token, body: { plan: 'Pro', is_free_trial: true } })
    expect(trial.json.data.subscription).toMatchObject({ title: 'Pro', is_free_trial: true })
    expect((await billingOf(w, token)).trial_days_left).toBe(15)
  })

  it("keeps users apart: another user's billing, actions and Stripe events do not reach them", async () => {
    const a = await w.t.register({ plan: 'Basic' })
    const b = await w.t.register({ plan: 'Basic' })
    await payForPro(w, a.token, 'Monthly')
    const bView = await billingOf(w, b.token)
    expect(bView).toMatchObject({ paid: null, invoices: [] })
    expect(bView.subscription.title).toBe('Basic')
    for (const [path, body] of [
      ['/api/billing/cancel', { cancel_at_period_end: true }],
      ['/api/billing/frequency', { billing_frequency: 'Yearly' }],
    ] as const) {
      const res = await w.t.call('POST', path, { token: b.token, body })
      expect(res.status, path).toBe(409)
      expect(res.json.message).toMatch(/no paid plan/)
    }
    expect((await w.t.call('POST', '/api/billing/portal', { token: b.token })).status).toBe(409)
    expect((await billingOf(w, a.token)).paid.cancel_at_period_end).toBe(false)
    expect((await subscriptionOf(b.token)).title).toBe('Basic')
    const portal = await w.t.call('POST', '/api/billing/portal', { token: a.token })
    expect(portal.json.data.portal_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//)
    expect((await w.t.call('GET', '/api/billing')).status).toBe(401)
  })
})

describe.each(dialects)('billing off on %s', (dialect) => {
  let db: TestDb
  let w: BillingWorld
  beforeAll(async () => {
    db = await openTestDb(dialect)
    w = await startBillingWorld(db, 'off')
  })
  afterAll(async () => {
    await w.close()
    await db.drop()
  })

  it('upgrades for free at once, says billing is off, and has no checkout or webhook', async () => {
    const { token } = await w.t.register({ plan: 'Basic' })
    const put = await w.t.call('PUT', '/api/user_subscription', {
      token,
      body: { plan: 'Pro', billing_frequency: 'Yearly' },
    })
    expect(put.json.data.subscription).toMatchObject({ title: 'Pro', billing_frequency: 'Yearly' })
    expect(await billingOf(w, token)).toMatchObject({ mode: 'off', paid: null, invoices: [], stripe_error: null })
    const checkout = await w.t.call('POST', '/api/billing/checkout', { token, body: { billing_frequency: 'Monthly' } })
    expect(checkout.status).toBe(409)
    expect(checkout.json.message).toMatch(/^Billing is off on this server/)
    const hook = await w.t.call('POST', '/api/billing/webhook', { body: '{}' })
    expect(hook.status).toBe(404)
    expect((await w.t.call('GET', '/api/plans')).json.data.billing).toBe('off')
    const down = await w.t.call('POST', '/api/billing/downgrade', { token })
    expect(down.json.data.billing.subscription.title).toBe('Basic')
  })

  it('the trial: reminded 3 days and 1 day before its end, then Basic with what is over the limit paused; once only', async () => {
    const { token, email } = await w.t.register({ plan: 'Basic' })
    const start = w.clock.now()
    const trial = await w.t.call('PUT', '/api/user_subscription', { token, body: { plan: 'Pro', is_free_trial: true } })
    expect(trial.status).toBe(200)
    await db.database.db.updateTable('plans').set({ max_monitors: 3 }).where('title', '=', 'Basic').execute()
    try {
      for (const name of ['a', 'b', 'c', 'd', 'e'])
        expect(
          (
            await w.t.call('POST', '/api/monitors', {
              token,
              body: { type: 'web', name, url: `http://127.0.0.1:9/${name}`, interval_seconds: 300 },
            })
          ).status,
        ).toBe(201)
      expect((await billingOf(w, token)).trial_days_left).toBe(15)
      w.clock.set(start + 11 * DAY)
      expect(await sweep(w)).toMatchObject({ reminded: 0 })
      expect((await billingOf(w, token)).trial_days_left).toBe(4)
      w.clock.set(start + 12 * DAY)
      expect(await sweep(w)).toMatchObject({ reminded: 1 })
      expect(await sweep(w)).toMatchObject({ reminded: 0 })
      expect(await noticesOf(w, token)).toContain('Your Pro trial ends in 3 days')
      w.clock.set(start + 14 * DAY + 3_600_000)
      expect(await sweep(w)).toMatchObject({ reminded: 1 })
      expect((await noticesOf(w, token))[0]).toBe('Your Pro trial ends tomorrow')
      expect(mailsTo(w, email)).toEqual(['Your Pro trial ends in 3 days', 'Your Pro trial ends tomorrow'])

      w.clock.set(start + 15 * DAY)
      expect(await sweep(w)).toMatchObject({ ended: 1 })
      const after = await billingOf(w, token)
      expect(after.subscription.title).toBe('Basic')
      expect(after).toMatchObject({ trial_days_left: null, trial_available: false })
      const monitors = (await w.t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
        name: string
        paused_by_plan: boolean
      }[]
      expect(monitors).toHaveLength(5)
      expect(
        monitors
          .filter((m) => m.paused_by_plan)
          .map((m) => m.name)
          .sort(),
      ).toEqual(['d', 'e'])
      expect(mailsTo(w, email)).toContain('Your Pro trial has ended')
      expect(await sweep(w)).toEqual({ ended: 0, reminded: 0 })

      // The trial once per account.
      const again = await w.t.call('PUT', '/api/user_subscription', {
        token,
        body: { plan: 'Pro', is_free_trial: true },
      })
      expect(again.status).toBe(409)
      expect(again.json.message).toMatch(/free trial has already been used/)
      // Pro again: the paused ones run again.
      await w.t.call('PUT', '/api/user_subscription', { token, body: { plan: 'Pro', billing_frequency: 'Monthly' } })
      const back = (await w.t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
        paused: boolean
      }[]
      expect(back.filter((m) => m.paused)).toHaveLength(0)
    } finally {
      await db.database.db.updateTable('plans').set({ max_monitors: 20 }).where('title', '=', 'Basic').execute()
    }
  })
})

// For the tests with a world of their own (a fresh clock, to move time).
const subscriptionOn = async (w: BillingWorld, token: string) =>
  (await w.t.call('GET', '/api/user_subscription', { token })).json.data.subscription
const webOn = (w: BillingWorld, token: string, name: string) =>
  w.t.call('POST', '/api/monitors', {
    token,
    body: { type: 'web', name, url: `http://127.0.0.1:9/${name}`, interval_seconds: 300 },
  })
