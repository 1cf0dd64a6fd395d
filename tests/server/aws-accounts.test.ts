import type { LiveEvent } from '@vigil/domain/live-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoopbackAws } from '../support/aws/loopback-aws.ts'
import { CUSTOMER, NOW, startCustomerAws, VIGIL } from './cloud/aws/loopback.ts'
import {
  buildTestApp,
  dialects,
  openTestDb,
  type TestApp,
  type TestClock,
  type TestDb,
  testClock,
  until,
} from './harness.ts'

// AWS accounts through the API, against a loopback AWS that speaks each service's protocol and checks signatures.
// The SDK finds it through its own setting, AWS_ENDPOINT_URL.

describe.each(dialects)('AWS accounts on %s', (dialect) => {
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
    t = buildTestApp(db.database, { clock })
  })
  afterAll(async () => {
    await t.deps.cloudSync.stop()
    await customerAws.close()
    await db.drop()
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const keys = () => aws.world.addUser(CUSTOMER, `reader-${Math.random().toString(36).slice(2, 8)}`)
  const connect = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/aws/accounts', { token, body: { name: 'Production', ...body } })
    await t.deps.cloudSync.settled()
    return res
  }
  const page = (token: string, id: string, name: string) => t.call('GET', `/api/aws/accounts/${id}/${name}`, { token })

  it('is a Pro feature: a Basic plan gets 403 on every route', async () => {
    const { token } = await t.register()
    const message =
      'The AWS Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!'
    for (const [method, path] of [
      ['GET', '/api/aws/setup'],
      ['GET', '/api/aws/accounts'],
      ['POST', '/api/aws/accounts'],
      ['GET', '/api/aws/accounts/x/ec2'],
    ] as const) {
      const res = await t.call(method, path, { token, body: method === 'POST' ? { name: 'x' } : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json.message).toBe(message)
    }
  })

  it("connects with an IAM user's keys: identity checked, enabled regions found, the account read and its pages filled", async () => {
    const { token } = await pro()
    const setup = await t.call('GET', '/api/aws/setup', { token })
    expect(setup.json.data.setup.policy).toContain('ec2:DescribeInstances')
    expect(setup.json.data.setup.external_id).toMatch(/^vigil-[\w-]{32}$/)

    const credentials = keys()
    const res = await connect(token, credentials)
    expect(res.status, res.text).toBe(201)
    const account = res.json.data.account
    expect(account).toMatchObject({
      provider: 'aws',
      name: 'Production',
      auth: 'keys',
      aws_account_id: CUSTOMER,
      regions: ['af-south-1', 'eu-west-1', 'us-east-1'],
      status: 'pending',
    })
    expect(account.access_key_id).toBe(
      `${credentials.access_key_id.slice(0, 4)}…${credentials.access_key_id.slice(-4)}`,
    )
    expect(res.text).not.toContain(credentials.secret_access_key)

    const read = (await t.call('GET', `/api/aws/accounts/${account.id}`, { token })).json.data.account
    expect(read).toMatchObject({
      status: 'ok',
      counts: { ec2: 3, rds: 1, amplify: 1, lightsail: 1 },
      cost_this_month: { amount: 4.25, currency: 'USD' },
      failed_parts: 0,
    })

    const billing = (await page(token, account.id, 'billing-summary')).json.data
    // The forecast is the month's total: what is spent (4.25) and what AWS expects for the rest (60).
    expect(billing.costs).toMatchObject({ month: '2025-06', month_to_date: 4.25, last_month: 40, forecast: 64.25 })
    expect(billing.costs.daily.length).toBeGreaterThan(0)
    expect(billing.read_every_hours).toBe(6)
    expect(billing.read_at).toBe(new Date(NOW).toISOString())

    const ec2 = (await page(token, account.id, 'ec2')).json.data
    expect(ec2.instances.map((i: { id: string }) => i.id).sort()).toEqual([
      'i-0aaa000000000001',
      'i-0aaa000000000002',
      'i-0aaa000000000003',
    ])
    expect(ec2.instances.find((i: { id: string }) => i.id === 'i-0aaa000000000001')).toMatchObject({
      name: 'web-1',
      state: 'running',
      region: 'eu-west-1',
      public_ip: '203.0.113.7',
      instance_status: 'ok',
    })
    expect(ec2.parts.every((p: { ok: boolean }) => p.ok)).toBe(true)
    expect((await page(token, account.id, 'rds')).json.data.instances[0]).toMatchObject({
      id: 'orders-db',
      multi_az: true,
    })
    expect((await page(token, account.id, 'amplify')).json.data.apps[0].branches[0].last_job.status).toBe('FAILED')
    expect((await page(token, account.id, 'lightsail')).json.data.instances[0]).toMatchObject({ name: 'blog' })
    const services = (await page(token, account.id, 'services')).json.data
    expect(services.services[0]).toMatchObject({
      service: 'Amazon Elastic Compute Cloud - Compute',
      resource_count: 3,
      states: { running: 2, stopped: 1 },
    })
    const byName = (name: string) => services.services.find((s: { service: string }) => s.service === name)
    expect(byName('Amazon Relational Database Service')).toMatchObject({ resource_count: 1, states: { available: 1 } })
    expect(byName('AWS Amplify')).toMatchObject({ resource_count: 1, states: { FAILED: 1 } })
    expect(byName('Amazon Lightsail')).toMatchObject({ resource_count: 1, states: { running: 1 } })
    expect(services.health).toMatchObject({ available: true })
    expect(services.currency).toBe('USD')
    for (const name of ['billing-summary', 'ec2', 'rds', 'amplify', 'lightsail', 'services'])
      expect((await page(token, account.id, name)).text).not.toContain(credentials.secret_access_key)

    // At rest the credentials are one sealed value (AES-256-GCM under the server key), never the keys in clear.
    const row = await db.database.db
      .selectFrom('cloud_accounts')
      .select('credentials')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow()
    expect(row.credentials).toMatch(/^v1:/)
    expect(row.credentials).not.toContain(credentials.secret_access_key)
    expect(row.credentials).not.toContain(credentials.access_key_id)
  })

  it("tells its owner's open pages each time the account is read (live updates), and nobody else", async () => {
    await t.deps.live.start() // PostgreSQL's LISTEN; nothing on SQLite
    try {
      const owner = await pro()
      const other = await pro()
      const seen: LiveEvent[] = []
      const otherSeen: LiveEvent[] = []
      const streams = [
        t.deps.live.open(owner.user.user_id, undefined, (d) => d.event && seen.push(d.event)),
        t.deps.live.open(other.user.user_id, undefined, (d) => d.event && otherSeen.push(d.event)),
      ]
      const reads = () => seen.filter((e) => e.kind === 'cloud')
      const id = (await connect(owner.token, keys())).json.data.account.id
      await until(() => reads().length === 1)
      expect(reads()).toEqual([{ kind: 'cloud', account_id: id, provider: 'aws' }])
      expect((await t.call('POST', `/api/aws/accounts/${id}/sync`, { token: owner.token })).status).toBe(200)
      await until(() => reads().length === 2)
      expect(otherSeen.filter((e) => e.kind === 'cloud')).toEqual([])
      for (const s of streams) s?.close()
    } finally {
      await t.deps.live.stop()
    }
  })

  it('refuses bad keys, a wrong secret, malformed input and unknown regions with a clear 400, storing nothing', async () => {
    const { token } = await pro()
    const good = keys()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...good, access_key_id: 'AKIAAAAAAAAAAAAAAAAA' }, 'access_key_id', /access key ID/i],
      [{ ...good, secret_access_key: 'x'.repeat(40) }, 'secret_access_key', /^The secret access key does not match/],
      [{ ...good, access_key_id: 'nope' }, 'access_key_id', /^An access key ID is 20 capital letters/],
      [{ ...good, secret_access_key: 'short' }, 'secret_access_key', /40 characters/],
      [{ ...good, regions: ['eu-west-1', 'mars-north-1'] }, 'regions.1', /Unknown AWS region: mars-north-1/],
      [{ auth: 'role', role_arn: 'arn:aws:iam::12:role/x', external_id: 'abc' }, 'role_arn', /role ARN looks like/],
      [{ auth: 'password' }, 'auth', /Choose how Vigil signs in/],
      [{ ...good, name: '' }, 'name', /Name is required/],
    ]
    for (const [body, field, message] of cases) {
      const res = await t.call('POST', '/api/aws/accounts', { token, body: { name: 'x', ...body } })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.errors[field], JSON.stringify(res.json)).toMatch(message)
    }
    expect((await t.call('GET', '/api/aws/accounts', { token })).json.data.accounts).toEqual([])
  })

  it('assumes a role with the external ID it gave, and only with that one', async () => {
    const { token } = await pro()
    const externalId = (await t.call('GET', '/api/aws/setup', { token })).json.data.setup.external_id
    const role = aws.world.addRole(CUSTOMER, `VigilReadOnly${Math.random().toString(36).slice(2, 6)}`, externalId, [
      VIGIL,
    ])
    const wrong = await t.call('POST', '/api/aws/accounts', {
      token,
      body: { name: 'Role', ...role, external_id: 'someone-elses-id', regions: ['eu-west-1'] },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors.external_id).toBe(
      'Use the external ID shown on this page: Vigil assumes roles only with the ID it gave you.',
    )
    const res = await connect(token, { name: 'Role', ...role, regions: ['eu-west-1'] })
    expect(res.status, res.text).toBe(201)
    expect(res.json.data.account).toMatchObject({ auth: 'role', role_arn: role.role_arn, external_id: externalId })
    const read = (await t.call('GET', `/api/aws/accounts/${res.json.data.account.id}`, { token })).json.data.account
    expect(read).toMatchObject({ status: 'ok', regions: ['eu-west-1'], counts: { ec2: 3 } })
  })

  it('keeps what a denied part read before, marks it stale with the action to allow, and reads the others', async () => {
    const { token } = await pro()
    const credentials = keys()
    const { id } = (await connect(token, { ...credentials, regions: ['eu-west-1'] })).json.data.account
    aws.world.deny('rds:DescribeDBInstances', credentials.access_key_id)
    aws.world.throttle('ec2:DescribeInstances', 1)
    const synced = await t.call('POST', `/api/aws/accounts/${id}/sync`, { token })
    expect(synced.status).toBe(200)
    expect(synced.json.data.account).toMatchObject({ status: 'partial', failed_parts: 1 })
    const rds = (await page(token, id, 'rds')).json.data
    // The instance read before stays, with the reason it is not fresh.
    expect(rds.instances).toHaveLength(1)
    expect(rds.parts).toEqual([
      expect.objectContaining({
        area: 'rds',
        scope: 'eu-west-1',
        ok: false,
        kind: 'denied',
        action: 'rds:DescribeDBInstances',
      }),
    ])
    expect(rds.parts[0].read_at).not.toBeNull()
    // A throttled call was retried by the SDK: EC2 read well.
    expect((await page(token, id, 'ec2')).json.data.parts.every((p: { ok: boolean }) => p.ok)).toBe(true)
    aws.world.reset()
  })

  it('reads costs at most every 6 hours, whatever the refreshes', async () => {
    const { token } = await pro()
    const { id } = (await connect(token, { ...keys(), regions: ['eu-west-1'] })).json.data.account
    const before = aws.world.callsOf('ce:GetCostAndUsage').length
    await t.call('POST', `/api/aws/accounts/${id}/sync`, { token })
    await t.call('POST', `/api/aws/accounts/${id}/sync`, { token })
    expect(aws.world.callsOf('ce:GetCostAndUsage').length).toBe(before)
    clock.advance(6 * 3_600_000)
    await t.call('POST', `/api/aws/accounts/${id}/sync`, { token })
    expect(aws.world.callsOf('ce:GetCostAndUsage').length).toBeGreaterThan(before)
    const billing = (await page(token, id, 'billing-summary')).json.data
    expect(billing.read_at).toBe(new Date(clock.now()).toISOString())
    expect(billing.next_read_at).toBe(new Date(clock.now() + 6 * 3_600_000).toISOString())
  })

  it('changes name and regions, refuses credentials AWS refuses, re-tests, and removes', async () => {
    const { token } = await pro()
    const credentials = keys()
    const { id } = (await connect(token, { ...credentials, regions: ['eu-west-1'] })).json.data.account
    const renamed = await t.call('PATCH', `/api/aws/accounts/${id}`, {
      token,
      body: { name: 'Prod', regions: ['us-east-1'] },
    })
    expect(renamed.json.data.account).toMatchObject({ name: 'Prod', regions: ['us-east-1'] })
    await t.deps.cloudSync.settled()
    const bad = await t.call('PATCH', `/api/aws/accounts/${id}`, {
      token,
      body: { credentials: { ...credentials, secret_access_key: 'y'.repeat(40) } },
    })
    expect(bad.status).toBe(400)
    expect((await t.call('PATCH', `/api/aws/accounts/${id}`, { token, body: { provider: 'azure' } })).status).toBe(400)
    expect((await t.call('POST', `/api/aws/accounts/${id}/test`, { token })).json.data).toMatchObject({ ok: true })

    // The key is deleted in IAM: the re-test says so, and the account shows the error.
    aws.world.keys.delete(credentials.access_key_id)
    const test = (await t.call('POST', `/api/aws/accounts/${id}/test`, { token })).json.data
    expect(test.ok).toBe(false)
    expect(test.message).toMatch(/access key/i)
    expect(test.account.status).toBe('error')

    const removed = await t.call('DELETE', `/api/aws/accounts/${id}`, { token })
    expect(removed.json.data.message).toBe('AWS account removed.')
    expect((await t.call('GET', `/api/aws/accounts/${id}`, { token })).status).toBe(404)
  })

  it("answers 404 for another user's account on every route, and leaves it alone", async () => {
    const owner = await pro()
    const { id } = (await connect(owner.token, { ...keys(), regions: ['eu-west-1'] })).json.data.account
    const other = await pro()
    for (const [method, path] of [
      ['GET', `/api/aws/accounts/${id}`],
      ['PATCH', `/api/aws/accounts/${id}`],
      ['DELETE', `/api/aws/accounts/${id}`],
      ['POST', `/api/aws/accounts/${id}/test`],
      ['POST', `/api/aws/accounts/${id}/sync`],
      ...['billing-summary', 'ec2', 'rds', 'amplify', 'lightsail', 'services'].map((p) => [
        'GET',
        `/api/aws/accounts/${id}/${p}`,
      ]),
    ] as const) {
      const res = await t.call(method, path, {
        token: other.token,
        body: method === 'PATCH' ? { name: 'Mine now' } : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    expect((await t.call('GET', '/api/aws/accounts', { token: other.token })).json.data.accounts).toEqual([])
    expect((await t.call('GET', `/api/aws/accounts/${id}`, { token: owner.token })).json.data.account.name).toBe(
      'Production',
    )
  })
})
