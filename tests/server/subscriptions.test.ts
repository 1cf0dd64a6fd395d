import { NAVIGATION_LABELS } from '@vigil/domain/navigation'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/server/http/env.ts'
import { toErrorResponse } from '../../src/server/http/errors.ts'
import { requireFeature } from '../../src/server/http/plan-access.middleware.ts'
import { requireSession } from '../../src/server/http/session.middleware.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

const DAY = 86_400_000
const BASIC_LOCKED = [
  'DNS Monitoring',
  'Check Black List',
  'AWS Monitoring',
  'Azure Monitoring',
  'Microsoft 365',
  'Reporting',
]

describe.each(dialects)('plans and subscriptions on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  const subscriptionOf = async (token: string) => {
    const res = await t.call('GET', '/api/user_subscription', { token })
    expect(res.status).toBe(200)
    return res.json.data.subscription
  }

  it('GET /api/plans is public and lists Basic and Pro with limits and an access per navigation label', async () => {
    const res = await t.call('GET', '/api/plans')
    expect(res.status).toBe(200)
    const [basic, pro] = res.json.data.plans
    expect(basic.title).toBe('Basic')
    expect(pro.title).toBe('Pro')
    expect(pro.trial_days).toBe(15)
    for (const plan of [basic, pro]) {
      expect(plan.planAccesses.map((a: { feature: string }) => a.feature).sort()).toEqual([...NAVIGATION_LABELS].sort())
      expect(Object.keys(plan.limits).sort()).toEqual([
        'max_monitors',
        'max_status_pages',
        'min_interval_seconds',
        'retention_days',
      ])
    }
    const lockedBasic = basic.planAccesses
      .filter((a: { access: boolean }) => !a.access)
      .map((a: { feature: string }) => a.feature)
    expect(lockedBasic.sort()).toEqual([...BASIC_LOCKED].sort())
    expect(pro.planAccesses.every((a: { access: boolean }) => a.access)).toBe(true)
  })

  it("GET /api/plans names the operator's contact address when CONTACT_EMAIL is set, else null", async () => {
    expect((await t.call('GET', '/api/plans')).json.data.contact_email).toBeNull()
    const contact = buildTestApp(db.database, { config: { contactEmail: 'hello@example.com' } })
    expect((await contact.call('GET', '/api/plans')).json.data.contact_email).toBe('hello@example.com')
  })

  it('plans are rows: an operator change shows up without a release', async () => {
    await db.database.db.updateTable('plans').set({ max_monitors: 25 }).where('plan_id', '=', 'basic').execute()
    const res = await t.call('GET', '/api/plans')
    expect(res.json.data.plans[0].limits.max_monitors).toBe(25)
    await db.database.db.updateTable('plans').set({ max_monitors: 20 }).where('plan_id', '=', 'basic').execute()
  })

  it('Basic: no validity end, Basic accesses', async () => {
    const { token } = await t.register({ plan: 'Basic' })
    const sub = await subscriptionOf(token)
    expect(sub).toMatchObject({
      title: 'Basic',
      billing_frequency: 'Monthly',
      is_free_trial: false,
      validity_end_date: null,
    })
    expect(sub.start_date).toBe('2026-11-22T09:00:00.000Z')
    expect(sub.plan.planAccesses).toHaveLength(NAVIGATION_LABELS.length)
    expect(sub.plan.planAccesses.find((a: { feature: string }) => a.feature === 'DNS Monitoring').access).toBe(false)
  })

  it.each([
    ['Monthly', '2026-12-22T09:00:00.000Z'],
    ['Yearly', '2027-11-22T09:00:00.000Z'],
  ])('Pro %s is valid one month or one year from its start', async (billing_frequency, end) => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency })
    const sub = await subscriptionOf(token)
    expect(sub).toMatchObject({ title: 'Pro', billing_frequency, is_free_trial: false, validity_end_date: end })
  })

  it('a Pro trial lasts 15 days, then the user falls back to Basic', async () => {
    const local = buildTestApp(db.database)
    const { token } = await local.register({ plan: 'Pro', is_free_trial: true })
    const get = async () => (await local.call('GET', '/api/user_subscription', { token })).json.data.subscription
    const trial = await get()
    expect(trial).toMatchObject({ title: 'Pro', is_free_trial: true, validity_end_date: '2026-12-07T09:00:00.000Z' })

    local.clock.advance(15 * DAY - 1)
    expect((await get()).title).toBe('Pro')
    local.clock.advance(1)
    const after = await get()
    expect(after).toMatchObject({
      title: 'Basic',
      is_free_trial: false,
      validity_end_date: null,
      start_date: '2026-12-07T09:00:00.000Z',
    })
    // reading again neither duplicates nor changes the fallback
    expect((await get()).subscription_id).toBe(after.subscription_id)
  })

  it('a monthly Pro falls back to Basic once its month is over', async () => {
    const local = buildTestApp(db.database, { config: { sessionTtlDays: 90 } })
    const { token } = await local.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    local.clock.advance(30 * DAY - 1)
    expect((await local.call('GET', '/api/user_subscription', { token })).json.data.subscription.title).toBe('Pro')
    local.clock.advance(1)
    const sub = (await local.call('GET', '/api/user_subscription', { token })).json.data.subscription
    expect(sub.title).toBe('Basic')
  })

  describe('PUT /api/user_subscription', () => {
    const put = (token: string, body: unknown) => t.call('PUT', '/api/user_subscription', { token, body })

    it('starts new terms now: Basic to the Pro trial, then to Pro Yearly', async () => {
      const { token } = await t.register({ plan: 'Basic' })
      const trial = await put(token, { plan: 'Pro', is_free_trial: true })
      expect(trial.status).toBe(200)
      expect(trial.json.data.subscription).toMatchObject({ title: 'Pro', is_free_trial: true })
      t.clock.advance(DAY)
      const yearly = await put(token, { plan: 'Pro', billing_frequency: 'Yearly' })
      expect(yearly.json.data.subscription).toMatchObject({
        title: 'Pro',
        is_free_trial: false,
        billing_frequency: 'Yearly',
      })
      expect((await subscriptionOf(token)).billing_frequency).toBe('Yearly')
    })

    it('allows the free trial once per account', async () => {
      const { token } = await t.register({ plan: 'Pro', is_free_trial: true })
      await put(token, { plan: 'Basic' })
      const again = await put(token, { plan: 'Pro', is_free_trial: true })
      expect(again.status).toBe(409)
      expect(again.json.message).toBe('Your free trial has already been used. Choose Pro Monthly or Pro Yearly.')
      expect((await subscriptionOf(token)).title).toBe('Basic')
    })

    it('validates the terms and needs a session', async () => {
      const { token } = await t.register()
      const bad = await put(token, { plan: 'Gold' })
      expect(bad.status).toBe(400)
      expect(bad.json.errors.plan).toBe('Choose a plan: Basic or Pro.')
      const basicTrial = await put(token, { plan: 'Basic', is_free_trial: true })
      expect(basicTrial.json.errors.is_free_trial).toBe('The free trial is only for the Pro plan.')
      expect((await t.call('PUT', '/api/user_subscription', { body: { plan: 'Pro' } })).status).toBe(401)
    })

    it("changes only the caller's own plan", async () => {
      const a = await t.register({ plan: 'Basic' })
      const b = await t.register({ plan: 'Basic' })
      await put(a.token, { plan: 'Pro' })
      expect((await subscriptionOf(b.token)).title).toBe('Basic')
    })
  })

  it('needs a session, and each user reads only their own', async () => {
    expect((await t.call('GET', '/api/user_subscription')).status).toBe(401)
    const a = await t.register({ plan: 'Pro' })
    const b = await t.register({ plan: 'Basic' })
    expect((await subscriptionOf(a.token)).title).toBe('Pro')
    expect((await subscriptionOf(b.token)).title).toBe('Basic')
  })

  describe('server-side plan access', () => {
    const guarded = () => {
      const app = new Hono<AppEnv>()
      app.onError((err, c) => toErrorResponse(err, c, () => {}))
      app.get('/dns', requireSession(t.deps), requireFeature(t.deps, 'DNS Monitoring'), (c) => c.json({ data: 'ok' }))
      app.get('/web', requireSession(t.deps), requireFeature(t.deps, 'Website Monitoring'), (c) =>
        c.json({ data: 'ok' }),
      )
      return app
    }
    const get = (app: Hono<AppEnv>, path: string, token: string) =>
      app.request(path, { headers: { authorization: `Bearer ${token}` } })

    it('answers 403 with the premium message to Basic for a locked feature, and lets Pro through', async () => {
      const app = guarded()
      const basic = await t.register({ plan: 'Basic' })
      const pro = await t.register({ plan: 'Pro', is_free_trial: true })
      const denied = await get(app, '/dns', basic.token)
      expect(denied.status).toBe(403)
      expect(await denied.json()).toEqual({
        message: 'The DNS Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!',
      })
      expect((await get(app, '/web', basic.token)).status).toBe(200)
      expect((await get(app, '/dns', pro.token)).status).toBe(200)
    })

    it('locks again when the trial ends', async () => {
      const app = guarded()
      const pro = await t.register({ plan: 'Pro', is_free_trial: true })
      t.clock.advance(16 * DAY)
      expect((await get(app, '/dns', pro.token)).status).toBe(403)
    })
  })
})
