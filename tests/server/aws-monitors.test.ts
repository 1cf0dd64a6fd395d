import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoopbackAws } from '../support/aws/loopback-aws.ts'
import { CUSTOMER, NOW, startCustomerAws } from './cloud/aws/loopback.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestClock, type TestDb, testClock } from './harness.ts'

// AWS monitors on the engine: a resource of a connected account held to its rule, judged on what the account's sync
// read from a loopback AWS. Going down and up opens and closes an incident, rings the bell and queues the alert on
// the user's channels, as for every other type.

const HOUR = 3_600_000

describe.each(dialects)('AWS monitors on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let aws: LoopbackAws
  let clock: TestClock
  let customerAws: Awaited<ReturnType<typeof startCustomerAws>>
  beforeAll(async () => {
    db = await openTestDb(dialect)
    customerAws = await startCustomerAws()
    aws = customerAws.aws
    clock = testClock(NOW)
    t = buildTestApp(db.database, { clock, config: { allowPrivateTargets: true } })
  })
  afterAll(async () => {
    await t.deps.cloudSync.stop()
    await customerAws.close()
    await db.drop()
  })

  const keys = () => aws.world.addUser(CUSTOMER, `reader-${Math.random().toString(36).slice(2, 8)}`)
  /** A Pro user with a connected, read account and a webhook channel. */
  const customer = async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const res = await t.call('POST', '/api/aws/accounts', { token, body: { name: 'Production', ...keys() } })
    expect(res.status, res.text).toBe(201)
    await t.deps.cloudSync.settled()
    const hook = await t.call('POST', '/api/integrations', {
      token,
      body: { type: 'webhook', name: 'Pager', url: 'http://127.0.0.1:9/hook' },
    })
    expect(hook.status, hook.text).toBe(201)
    return { token, accountId: res.json.data.account.id as string, hookId: hook.json.data.integration.id as string }
  }
  const create = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/monitors', { token, body: { type: 'aws', interval_seconds: 300, retries: 0, ...body } })
  const check = (token: string, id: string) => t.call('POST', `/api/monitors/${id}/check`, { token })
  const sync = async (token: string, accountId: string) => {
    expect((await t.call('POST', `/api/aws/accounts/${accountId}/sync`, { token })).status).toBe(200)
  }
  const bell = async (token: string, id: string) =>
    (await t.call('GET', '/api/user_notification?limit=100', { token })).json.data.notificationList.filter(
      (n: { target_id: string | null }) => n.target_id === id,
    )
  const instance = (id: string) => {
    const found = aws.world.account(CUSTOMER).ec2['eu-west-1']?.find((i) => i.id === id)
    if (!found) throw new Error(`no instance ${id}`)
    return found
  }

  it('EC2: down when the instance stops, with the bell, an alert and an incident; up again when it runs', async () => {
    const { token, accountId, hookId } = await customer()
    const made = await create(token, {
      name: 'Web server',
      account_id: accountId,
      rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa000000000001' },
    })
    expect(made.status, made.text).toBe(201)
    const monitor = made.json.data.monitor
    expect(monitor).toMatchObject({ type: 'aws', account_id: accountId, rule: { resource: 'ec2', cpu_above: null } })

    const up = await check(token, monitor.id)
    expect(up.json.data.result).toMatchObject({ ok: true, status: 'up' })
    expect(up.json.data.result.detail).toMatchObject({
      resource: 'ec2',
      instance: { id: 'i-0aaa000000000001', state: 'running' },
    })

    // The loopback AWS stops the instance; the next read of the account sees it.
    Object.assign(instance('i-0aaa000000000001'), {
      state: 'stopped',
      instanceStatus: 'not-applicable',
      systemStatus: 'not-applicable',
    })
    await sync(token, accountId)
    const down = await check(token, monitor.id)
    expect(down.json.data.result.ok).toBe(false)
    expect(down.json.data.result.message).toMatch(/stopped/)
    expect(down.json.data.monitor.status).toBe('down')
    const [alert] = await bell(token, monitor.id)
    expect(alert).toMatchObject({ notification_type: 'aws', notification_title: 'Web server is down' })
    const incidents = (await t.call('GET', `/api/incidents?monitor_id=${monitor.id}`, { token })).json.data
    expect(incidents.incidents[0]).toMatchObject({ resolved_at: null })
    const queued = (await t.call('GET', `/api/integrations/${hookId}/deliveries`, { token })).json.data
    expect(queued.deliveries.map((d: { kind: string }) => d.kind)).toContain('down')

    Object.assign(instance('i-0aaa000000000001'), { state: 'running', instanceStatus: 'ok', systemStatus: 'ok' })
    await sync(token, accountId)
    expect((await check(token, monitor.id)).json.data.monitor.status).toBe('up')
    const closed = (await t.call('GET', `/api/incidents?monitor_id=${monitor.id}`, { token })).json.data
    expect(closed.incidents[0].resolved_at).not.toBeNull()
    expect((await bell(token, monitor.id)).map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Web server is back up',
      'Web server is down',
    ])
  })

  it('EC2: an impaired status check or CPU above the threshold is down', async () => {
    const { token, accountId } = await customer()
    const impaired = await create(token, {
      name: 'Batch',
      account_id: accountId,
      rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa000000000003' },
    })
    const res = await check(token, impaired.json.data.monitor.id)
    expect(res.json.data.result.ok).toBe(false)
    expect(res.json.data.result.message).toMatch(/impaired/)

    const busy = await create(token, {
      name: 'Web CPU',
      account_id: accountId,
      rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa000000000001', cpu_above: 15 },
    })
    const hot = await check(token, busy.json.data.monitor.id)
    expect(hot.json.data.result.ok).toBe(false)
    expect(hot.json.data.result.message).toMatch(/CPU/)
  })

  it('RDS, Amplify and Lightsail: available, the last build, running', async () => {
    const { token, accountId } = await customer()
    const rules = [
      [{ resource: 'rds', region: 'eu-west-1', db_instance_id: 'orders-db' }, true],
      [{ resource: 'amplify', region: 'eu-west-1', app_id: 'd1abc', branch: 'main' }, false],
      [{ resource: 'lightsail', region: 'eu-west-1', instance_name: 'blog' }, true],
    ] as const
    for (const [rule, ok] of rules) {
      const made = await create(token, { name: `${rule.resource} rule`, account_id: accountId, rule })
      expect(made.status, made.text).toBe(201)
      const res = await check(token, made.json.data.monitor.id)
      expect(res.json.data.result.ok, `${JSON.stringify(rule)}: ${res.json.data.result.message}`).toBe(ok)
    }
  })

  it('cost budget: down when the bill passes the budget, read again only after 6 hours', async () => {
    const { token, accountId } = await customer()
    const made = await create(token, {
      name: 'Monthly budget',
      account_id: accountId,
      rule: { resource: 'cost', amount: 10 },
    })
    expect(made.status, made.text).toBe(201)
    const id = made.json.data.monitor.id
    expect((await check(token, id)).json.data.result).toMatchObject({ ok: true })

    // The loopback AWS raises the bill: Cost Explorer is not asked again before its 6 hours are up.
    aws.world.account(CUSTOMER).costs.push({
      date: '2025-06-15',
      service: 'Amazon Relational Database Service',
      amount: 20,
    })
    await sync(token, accountId)
    expect((await check(token, id)).json.data.result.ok).toBe(true)
    clock.advance(6 * HOUR)
    await sync(token, accountId)
    const over = await check(token, id)
    expect(over.json.data.result.ok).toBe(false)
    expect(over.json.data.result.detail).toMatchObject({ resource: 'cost', costs: { month_to_date: 24.25 } })
    aws.world.account(CUSTOMER).costs.pop()
  })

  it("refuses another user's account, an unknown one, and malformed rules with messages at the field", async () => {
    const a = await customer()
    const b = await customer()
    const ec2 = { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa000000000001' }
    for (const account_id of [b.accountId, 'no-such-account']) {
      const res = await create(a.token, { name: 'x', account_id, rule: ec2 })
      expect(res.status, res.text).toBe(400)
      expect(res.json.errors.account_id).toBe('Unknown account: choose one of your connected accounts.')
    }
    const badRegion = await create(a.token, { name: 'x', account_id: a.accountId, rule: { ...ec2, region: 'mars-1' } })
    expect(badRegion.status).toBe(400)
    expect(Object.keys(badRegion.json.errors)).toContain('rule.region')
    const badId = await create(a.token, { name: 'x', account_id: a.accountId, rule: { ...ec2, instance_id: 'web' } })
    expect(badId.json.errors['rule.instance_id']).toBe('An instance ID looks like i-0abc12def34567890.')
    const badBudget = await create(a.token, {
      name: 'x',
      account_id: a.accountId,
      rule: { resource: 'cost', amount: 0 },
    })
    expect(badBudget.json.errors['rule.amount']).toBe('Budget must be more than 0.')

    // Moving a monitor to another user's account is refused too, and the monitor stays as it was.
    const mine = await create(a.token, { name: 'Mine', account_id: a.accountId, rule: ec2 })
    const moved = await t.call('PATCH', `/api/monitors/${mine.json.data.monitor.id}`, {
      token: a.token,
      body: { account_id: b.accountId },
    })
    expect(moved.status).toBe(400)
    const kept = await t.call('GET', `/api/monitors/${mine.json.data.monitor.id}`, { token: a.token })
    expect(kept.json.data.monitor.account_id).toBe(a.accountId)
  })

  it('refuses a resource, branch or region the last read of the account does not have, with the choices, at its field', async () => {
    const { token, accountId } = await customer()
    const count = async () => (await t.call('GET', '/api/monitors', { token })).json.data.monitors.length as number
    const before = await count()
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa0000000000ff' },
        'rule.instance_id',
        'AWS account Production has no EC2 instance "i-0aaa0000000000ff" in eu-west-1. Choose one of: i-0aaa000000000001 (web-1), i-0aaa000000000002 (worker), i-0aaa000000000003.',
      ],
      [
        { resource: 'rds', region: 'eu-west-1', db_instance_id: 'gone-db' },
        'rule.db_instance_id',
        'AWS account Production has no RDS instance "gone-db" in eu-west-1. Choose one of: orders-db.',
      ],
      [
        { resource: 'rds', region: 'us-east-1', db_instance_id: 'orders-db' },
        'rule.db_instance_id',
        'AWS account Production has no RDS instance "orders-db" in us-east-1, nor any other there: choose another region.',
      ],
      [
        { resource: 'amplify', region: 'eu-west-1', app_id: 'd1abc', branch: 'dev' },
        'rule.branch',
        expect.stringMatching(
          /^The Amplify app .+ \(d1abc\) of AWS account Production has no branch "dev"\. Choose one of: main/,
        ),
      ],
      [
        { resource: 'lightsail', region: 'eu-west-1', instance_name: 'shop' },
        'rule.instance_name',
        expect.stringMatching(
          /^AWS account Production has no Lightsail instance "shop" in eu-west-1\. Choose one of: blog/,
        ),
      ],
      [
        { resource: 'ec2', region: 'eu-central-1', instance_id: 'i-0aaa000000000001' },
        'rule.region',
        'AWS account Production does not read eu-central-1. Choose one of: af-south-1, eu-west-1, us-east-1, or add the region to the account.',
      ],
    ]
    for (const [rule, field, message] of cases) {
      const res = await create(token, { name: 'x', account_id: accountId, rule })
      expect(res.status, res.text).toBe(400)
      expect(res.json).toEqual({ message, errors: { [field]: message } })
    }
    expect(await count()).toBe(before)

    // A change to one is refused the same way; the monitor stays as it was.
    const made = await create(token, {
      name: 'Orders',
      account_id: accountId,
      rule: { resource: 'rds', region: 'eu-west-1', db_instance_id: 'orders-db' },
    })
    expect(made.status, made.text).toBe(201)
    const id = made.json.data.monitor.id as string
    const moved = await t.call('PATCH', `/api/monitors/${id}`, {
      token,
      body: { rule: { resource: 'rds', region: 'eu-west-1', db_instance_id: 'gone-db' } },
    })
    expect(moved.status).toBe(400)
    expect(Object.keys(moved.json.errors)).toEqual(['rule.db_instance_id'])
    expect((await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor.rule.db_instance_id).toBe(
      'orders-db',
    )
  })

  it('takes a resource of an account not read yet, with a warning in the answer', async () => {
    const { token, accountId } = await customer()
    const { db: k } = db.database
    // As before the account's first read (under way): nothing read, nothing known.
    await k
      .updateTable('cloud_accounts')
      .set({ synced_at: null, status: 'pending' })
      .where('account_id', '=', accountId)
      .execute()
    await k.deleteFrom('cloud_parts').where('account_id', '=', accountId).execute()
    await k.deleteFrom('cloud_resources').where('account_id', '=', accountId).execute()
    const made = await create(token, {
      name: 'New box',
      account_id: accountId,
      rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa0000000000ff' },
    })
    expect(made.status, made.text).toBe(201)
    expect(made.json.data.warning).toBe(
      'Saved without checking the EC2 instance "i-0aaa0000000000ff" in eu-west-1: AWS account Production has not been read yet. The monitor says so if its first read does not find it.',
    )
    // A region the account does not read is refused even so: the account says which it reads.
    const far = await create(token, {
      name: 'Far box',
      account_id: accountId,
      rule: { resource: 'ec2', region: 'eu-central-1', instance_id: 'i-0aaa0000000000ff' },
    })
    expect(far.status).toBe(400)
    expect(Object.keys(far.json.errors)).toEqual(['rule.region'])
  })

  it('is a Pro feature: a Basic plan may not create AWS monitors', async () => {
    const { token } = await t.register()
    const res = await create(token, { name: 'x', account_id: 'a', rule: { resource: 'cost', amount: 5 } })
    expect(res.status).toBe(403)
  })
})
