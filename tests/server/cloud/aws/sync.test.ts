import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AwsPart } from '@vigil/domain/aws'
import { syncAwsAccount } from '../../../../src/server/cloud/aws/index.ts'
import { manyInstances, TEN_REGIONS } from '../../../support/aws/fixtures.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { CUSTOMER, NOW, options, seedCustomer, serverKeys, VIGIL } from './loopback.ts'

// A whole account read at once: the parts stand alone, throttling is retried by the SDK, calls in flight are capped.

let aws: LoopbackAws
let keys: ReturnType<LoopbackAws['world']['addUser']>
let server: ReturnType<typeof serverKeys>
beforeAll(async () => {
  aws = await startLoopbackAws()
  keys = aws.world.addUser(CUSTOMER, 'vigil-reader')
  server = serverKeys(aws.world)
})
afterAll(async () => {
  server.restore()
  await aws.close()
})
beforeEach(() => {
  aws.world.reset()
  seedCustomer(aws.world)
})

const sync = (extra: Parameters<typeof options>[1] & { costs?: boolean } = {}, regions = ['eu-west-1', 'us-east-1']) =>
  syncAwsAccount(keys, regions, { ...options(aws, extra), costs: extra.costs ?? false, now: NOW })

const failedParts = (parts: AwsPart[]) => parts.filter((p) => !p.status.ok)

describe('a sync', () => {
  it('reads every part of every region, with statuses and CPU on the instances, and costs when asked', async () => {
    const result = await sync({ costs: true })
    expect(failedParts(result.parts)).toEqual([])
    expect(result.parts.map((p) => `${p.area}@${p.region ?? 'global'}`)).toEqual([
      'ec2@eu-west-1',
      'ec2_status@eu-west-1',
      'ec2_cpu@eu-west-1',
      'rds@eu-west-1',
      'amplify@eu-west-1',
      'lightsail@eu-west-1',
      'ec2@us-east-1',
      'ec2_status@us-east-1',
      'ec2_cpu@us-east-1',
      'rds@us-east-1',
      'amplify@us-east-1',
      'lightsail@us-east-1',
      'health@global',
      'costs@global',
      'cost_forecast@global',
    ])
    expect(result.ec2.map((i) => [i.id, i.state, i.instance_status, i.cpu_average])).toEqual([
      ['i-0aaa000000000001', 'running', 'ok', 20],
      ['i-0aaa000000000002', 'stopped', 'not-applicable', null],
      ['i-0aaa000000000003', 'running', 'impaired', 95],
    ])
    expect(result.rds.map((d) => d.id)).toEqual(['orders-db'])
    expect(result.amplify[0]?.branches[0]?.last_job?.status).toBe('FAILED')
    expect(result.lightsail.map((l) => l.name)).toEqual(['blog'])
    expect(result.health).toMatchObject({ available: true, events: [{ type_code: 'AWS_EC2_OPERATIONAL_ISSUE' }] })
    expect(result.costs).toMatchObject({
      currency: 'USD',
      month: '2025-06',
      month_to_date: 4.25,
      last_month: 40,
      forecast: 64.25,
      services: [
        { service: 'Amazon Elastic Compute Cloud - Compute', amount: 3.75 },
        { service: 'Amazon Simple Storage Service', amount: 0.5 },
      ],
    })
    expect(result.costs?.daily).toHaveLength(15)
    expect(result.services[0]).toEqual({
      service: 'Amazon Elastic Compute Cloud - Compute',
      cost_this_month: 3.75,
      resource_count: 3,
      states: { running: 2, stopped: 1 },
    })
  })

  it('reads no costs unless asked (each Cost Explorer call is billed)', async () => {
    const result = await sync()
    expect(result.costs).toBeNull()
    expect(result.parts.some((p) => p.area === 'costs' || p.area === 'cost_forecast')).toBe(false)
    expect(aws.world.calls.filter((c) => c.action.startsWith('ce:'))).toEqual([])
  })

  it('does not ask Amplify and Lightsail in regions where they have no endpoint', async () => {
    const result = await sync({}, ['af-south-1'])
    expect(result.parts.map((p) => p.area)).toEqual(['ec2', 'ec2_status', 'ec2_cpu', 'rds', 'health'])
    expect(aws.world.calls.filter((c) => c.action.startsWith('amplify:') || c.action.startsWith('lightsail:'))).toEqual(
      [],
    )
  })

  it('sees what changed in the account since the last sync', async () => {
    await sync()
    const [web] = aws.world.account(CUSTOMER).ec2['eu-west-1'] ?? []
    if (web) Object.assign(web, { state: 'stopped', instanceStatus: 'not-applicable', cpu: [] })
    const result = await sync()
    expect(result.ec2[0]).toMatchObject({ state: 'stopped', instance_status: 'not-applicable', cpu_average: null })
  })
})

describe('a part that fails', () => {
  it('fails alone when AWS denies one action to these keys, and names the action to allow', async () => {
    aws.world.deny('ec2:DescribeInstanceStatus', keys.access_key_id)
    aws.world.deny('rds:DescribeDBInstances', 'AKIAOTHEROTHEROTHER0') // another key: no effect here
    const result = await sync()
    expect(failedParts(result.parts)).toEqual([
      {
        area: 'ec2_status',
        region: 'eu-west-1',
        status: {
          ok: false,
          kind: 'denied',
          action: 'ec2:DescribeInstanceStatus',
          message:
            'AWS refused ec2:DescribeInstanceStatus: the IAM policy of these credentials does not allow it. Add ' +
            `"ec2:DescribeInstanceStatus" to the policy (Vigil's read-only policy lists every action it uses).`,
        },
      },
      { area: 'ec2_status', region: 'us-east-1', status: expect.objectContaining({ kind: 'denied' }) },
    ])
    // The instances are still read, with their status checks unknown; CPU still comes.
    expect(result.ec2.map((i) => [i.id, i.instance_status, i.cpu_average])).toEqual([
      ['i-0aaa000000000001', null, 20],
      ['i-0aaa000000000002', null, null],
      ['i-0aaa000000000003', null, 95],
    ])
    expect(result.rds).toHaveLength(1)
  })

  it('names the action in every protocol: CloudWatch (JSON 1.0), Amplify (REST), Cost Explorer (JSON 1.1)', async () => {
    aws.world.deny('cloudwatch:GetMetricData')
    aws.world.deny('amplify:ListApps')
    aws.world.deny('ce:GetCostForecast')
    const result = await sync({ costs: true }, ['eu-west-1'])
    expect(failedParts(result.parts).map((p) => [p.area, p.status.ok || [p.status.kind, p.status.action]])).toEqual([
      ['ec2_cpu', ['denied', 'cloudwatch:GetMetricData']],
      ['amplify', ['denied', 'amplify:ListApps']],
      ['cost_forecast', ['denied', 'ce:GetCostForecast']],
    ])
    expect(result.ec2[0]).toMatchObject({ instance_status: 'ok', cpu_average: null })
    // Costs stand without the forecast.
    expect(result.costs).toMatchObject({ month_to_date: 4.25, forecast: null })
  })

  it('is retried with backoff when throttled, in each protocol, and then succeeds', async () => {
    for (const action of [
      'ec2:DescribeInstances', // EC2: 503 RequestLimitExceeded
      'rds:DescribeDBInstances', // query: Throttling
      'cloudwatch:GetMetricData', // JSON 1.0: ThrottlingException with the query code Throttling
      'lightsail:GetInstances', // JSON 1.1: ThrottlingException
      'amplify:ListApps', // REST: 429
      'health:DescribeEvents',
    ])
      aws.world.throttle(action, 2)
    const result = await sync({ maxAttempts: 3 }, ['eu-west-1'])
    expect(failedParts(result.parts)).toEqual([])
    expect(result.ec2).toHaveLength(3)
    for (const action of ['ec2:DescribeInstances', 'rds:DescribeDBInstances', 'cloudwatch:GetMetricData'])
      expect(aws.world.callsOf(action).map((c) => c.status)).toEqual([
        action.startsWith('ec2') ? 503 : 400,
        expect.any(Number),
        200,
      ])
    expect(aws.world.callsOf('amplify:ListApps').map((c) => c.status)).toEqual([429, 429, 200])
  })

  it('says "throttled" when throttling outlasts the retries, and the other parts are read', async () => {
    aws.world.throttle('rds:DescribeDBInstances', 10)
    const result = await sync({ maxAttempts: 3 }, ['eu-west-1'])
    expect(failedParts(result.parts)).toEqual([
      {
        area: 'rds',
        region: 'eu-west-1',
        status: {
          ok: false,
          kind: 'throttled',
          action: 'rds:DescribeDBInstances',
          message:
            'AWS kept throttling rds:DescribeDBInstances (3 attempts). It is read again at the next sync; other ' +
            'tools calling AWS with these credentials share the same rate limit.',
        },
      },
    ])
    expect(aws.world.callsOf('rds:DescribeDBInstances')).toHaveLength(3)
    expect(result.ec2).toHaveLength(3)
  })

  it('says "unavailable" when AWS keeps failing on its side', async () => {
    aws.world.fail('lightsail:GetInstances', 5, {
      status: 503,
      code: 'ServiceUnavailable',
      message: 'Service unavailable',
    })
    const result = await sync({ maxAttempts: 2 }, ['eu-west-1'])
    expect(failedParts(result.parts)).toEqual([
      {
        area: 'lightsail',
        region: 'eu-west-1',
        status: expect.objectContaining({ kind: 'unavailable', action: 'lightsail:GetInstances' }),
      },
    ])
    expect(aws.world.callsOf('lightsail:GetInstances')).toHaveLength(2)
  })

  it('leaves CPU unread, for the same reason, when the instance list fails', async () => {
    aws.world.deny('ec2:DescribeInstances')
    const result = await sync({}, ['eu-west-1'])
    expect(failedParts(result.parts).map((p) => [p.area, p.status.ok || p.status.action])).toEqual([
      ['ec2', 'ec2:DescribeInstances'],
      ['ec2_cpu', 'ec2:DescribeInstances'],
    ])
    expect(aws.world.callsOf('cloudwatch:GetMetricData')).toEqual([])
    expect(result.ec2).toEqual([])
  })
})

describe('with a role', () => {
  it('assumes the role once and reads with its credentials', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'ext-42', [VIGIL])
    const result = await syncAwsAccount(role, ['eu-west-1'], { ...options(aws), costs: false, now: NOW })
    expect(failedParts(result.parts)).toEqual([])
    expect(result.ec2).toHaveLength(3)
    expect(aws.world.callsOf('sts:AssumeRole')).toHaveLength(1)
    const other = aws.world.calls.filter((c) => c.action !== 'sts:AssumeRole')
    expect(other.every((c) => c.accessKeyId?.startsWith('ASIA'))).toBe(true)
  })

  it('assumes the role again at the next sync when AWS stopped taking its session', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'ext-42', [VIGIL])
    const cached = { ...options(aws), costs: false, now: NOW }
    await syncAwsAccount(role, ['eu-west-1'], cached)
    // The customer revokes the role's sessions: AWS no longer knows the temporary key.
    for (const [id, key] of aws.world.keys) if (key.roleArn) aws.world.keys.delete(id)
    const revoked = await syncAwsAccount(role, ['eu-west-1'], cached)
    expect(revoked.parts.every((p) => !p.status.ok && p.status.kind === 'credentials')).toBe(true)
    const next = await syncAwsAccount(role, ['eu-west-1'], cached)
    expect(failedParts(next.parts)).toEqual([])
    expect(aws.world.callsOf('sts:AssumeRole')).toHaveLength(2)
  })

  it('reads nothing when the role cannot be assumed, and every part says why', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'ext-42', [VIGIL])
    const result = await syncAwsAccount({ ...role, external_id: 'ext-wrong' }, ['eu-west-1'], {
      ...options(aws),
      costs: true,
      now: NOW,
    })
    expect(result.parts).toHaveLength(9)
    for (const part of result.parts)
      expect(part.status).toMatchObject({ ok: false, kind: 'credentials', action: 'sts:AssumeRole' })
    expect(aws.world.calls.map((c) => c.action)).toEqual(['sts:AssumeRole'])
  })
})

describe('calls in flight', () => {
  it('are at most maxInFlight for an account', async () => {
    aws.world.latencyMs = 15
    await sync({ maxInFlight: 2 }, ['eu-west-1', 'us-east-1', 'eu-central-1'])
    expect(aws.world.maxInFlight).toBe(2)
  })

  it('are 8 at most by default, with regions read in parallel', async () => {
    aws.world.latencyMs = 15
    await sync({}, ['eu-west-1', 'us-east-1', 'eu-central-1', 'eu-west-2'])
    expect(aws.world.maxInFlight).toBe(8)
  })
})

// How fast is for `npm run bench:cloud` (2,000 instances over 10 regions); this holds what is read at that scale.
it('reads 500 instances over 10 regions, with their status checks and CPU', async () => {
  const regions = [...TEN_REGIONS]
  for (const region of regions) aws.world.account(CUSTOMER).ec2[region] = manyInstances(region, 50)
  const result = await sync({}, regions)
  expect(failedParts(result.parts)).toEqual([])
  expect(result.ec2).toHaveLength(500)
  expect(result.ec2.every((i) => i.cpu_average !== null && i.instance_status === 'ok')).toBe(true)
})
