import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { costPeriods } from '@vigil/domain/aws-costs'
import {
  type AwsSession,
  listEnabledRegions,
  openAwsSession,
  readAmplifyApps,
  readCostForecast,
  readCosts,
  readCpuAverages,
  readEc2Instances,
  readEc2Statuses,
  readHealth,
  readLightsailInstances,
  readRdsInstances,
} from '../../../../src/server/cloud/aws/index.ts'
import {
  amplifyApp,
  ec2Instance,
  lightsailInstance,
  manyInstances,
  rdsInstance,
} from '../../../support/aws/fixtures.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { CUSTOMER, NOW, options, seedCustomer } from './loopback.ts'

// Each reader against the loopback AWS, with page sizes small enough that every list takes several pages.

let aws: LoopbackAws
let keys: ReturnType<LoopbackAws['world']['addUser']>
let session: AwsSession
beforeAll(async () => {
  aws = await startLoopbackAws()
  keys = aws.world.addUser(CUSTOMER, 'reader')
})
afterAll(() => aws.close())
beforeEach(() => {
  aws.world.reset()
  seedCustomer(aws.world)
  session = openAwsSession(keys, options(aws))
})
afterEach(() => session.close())

const account = () => aws.world.account(CUSTOMER)
const calls = (action: string) => aws.world.callsOf(action).length

it('lists the regions enabled for the account: opted in or needing no opt-in', async () => {
  expect(await listEnabledRegions(keys, options(aws))).toEqual(['af-south-1', 'eu-west-1', 'us-east-1'])
})

describe('EC2', () => {
  it('reads every instance over several pages, with its name tag, addresses and launch time', async () => {
    account().ec2['eu-west-1'] = [
      ...manyInstances('eu-west-1', 18),
      ec2Instance('i-0bbb000000000001', { name: 'api', publicIp: '198.51.100.4', reservationId: 'r-1' }),
      ec2Instance('i-0bbb000000000002', { reservationId: 'r-1', state: 'terminated' }),
    ]
    aws.world.pageSize['ec2:DescribeInstances'] = 7
    const instances = await readEc2Instances(session, 'eu-west-1')
    expect(instances).toHaveLength(20)
    expect(calls('ec2:DescribeInstances')).toBe(3)
    expect(instances.find((i) => i.id === 'i-0bbb000000000001')).toEqual({
      id: 'i-0bbb000000000001',
      name: 'api',
      type: 't3.micro',
      state: 'running',
      region: 'eu-west-1',
      availability_zone: 'eu-west-1a',
      public_ip: '198.51.100.4',
      private_ip: '10.0.0.10',
      launched_at: '2025-05-01T08:00:00.000Z',
      instance_status: null,
      system_status: null,
      cpu_average: null,
    })
    expect(instances.find((i) => i.id === 'i-0bbb000000000002')).toMatchObject({ name: null, state: 'terminated' })
    expect(new Set(instances.map((i) => i.id)).size).toBe(20)
  })

  it('reads both status checks of every instance, stopped ones included, over several pages', async () => {
    aws.world.pageSize['ec2:DescribeInstanceStatus'] = 2
    const statuses = await readEc2Statuses(session, 'eu-west-1')
    expect(calls('ec2:DescribeInstanceStatus')).toBe(2)
    expect(Object.fromEntries(statuses)).toEqual({
      'i-0aaa000000000001': { instance_status: 'ok', system_status: 'ok' },
      'i-0aaa000000000002': { instance_status: 'not-applicable', system_status: 'not-applicable' },
      'i-0aaa000000000003': { instance_status: 'impaired', system_status: 'ok' },
    })
  })
})

describe('CloudWatch CPU', () => {
  it('averages the last hour of each instance, 500 queries per call at most', async () => {
    // The loopback refuses more than 500 queries in one call, as CloudWatch does.
    const fleet = manyInstances('eu-west-1', 620)
    account().ec2['eu-west-1'] = fleet
    const cpu = await readCpuAverages(
      session,
      'eu-west-1',
      fleet.map((i) => i.id),
      NOW,
    )
    expect(calls('cloudwatch:GetMetricData')).toBe(2)
    expect(cpu.size).toBe(620)
    expect(cpu.get(fleet[7]?.id ?? '')).toBe(12) // points 7 and 17
    expect(cpu.get(fleet[612]?.id ?? '')).toBe(17) // points 12 and 22
  })

  it('joins the points of a query that came over several pages, and answers null without points', async () => {
    account().ec2['eu-west-1'] = [
      ec2Instance('i-1', { cpu: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 5, 15] }),
      ec2Instance('i-2', { cpu: [] }),
      ec2Instance('i-3', { cpu: [33.333] }),
    ]
    aws.world.pageSize['cloudwatch:GetMetricData'] = 5
    const cpu = await readCpuAverages(session, 'eu-west-1', ['i-1', 'i-2', 'i-3'], NOW)
    expect(calls('cloudwatch:GetMetricData')).toBe(3)
    expect(Object.fromEntries(cpu)).toEqual({ 'i-1': 47.5, 'i-2': null, 'i-3': 33.33 })
  })
})

it('reads every RDS instance, Marker after Marker, with its endpoint as host:port', async () => {
  account().rds['eu-west-1'] = [
    ...Array.from({ length: 45 }, (_, n) => rdsInstance(`db-${n}`)),
    rdsInstance('creating', { status: 'creating', address: undefined }),
  ]
  aws.world.pageSize['rds:DescribeDBInstances'] = 20
  const dbs = await readRdsInstances(session, 'eu-west-1')
  expect(calls('rds:DescribeDBInstances')).toBe(3)
  expect(dbs).toHaveLength(46)
  expect(dbs[0]).toEqual({
    id: 'db-0',
    engine: 'postgres',
    engine_version: '16.3',
    class: 'db.t4g.micro',
    status: 'available',
    allocated_storage_gb: 20,
    multi_az: false,
    endpoint: 'db-0.abcdefghij.eu-west-1.rds.amazonaws.com:5432',
    region: 'eu-west-1',
    availability_zone: 'eu-west-1b',
  })
  expect(dbs.at(-1)).toMatchObject({ id: 'creating', status: 'creating', endpoint: null })
})

it('reads Amplify apps and branches over several pages, with the newest job of each branch', async () => {
  const job = (id: string, status: string, day: number) => ({
    id,
    status,
    start: `2025-06-${day}T10:00:00Z`,
    end: status === 'RUNNING' ? undefined : `2025-06-${day}T10:03:00Z`,
  })
  account().amplify['eu-west-1'] = [
    amplifyApp('d1', {
      branches: [
        { name: 'main', stage: 'PRODUCTION', jobs: [job('1', 'SUCCEED', 10), job('2', 'FAILED', 11)] },
        // A slash and a space: the path label is encoded, and the signature must still match.
        { name: 'feature/login page', stage: 'DEVELOPMENT', jobs: [job('1', 'RUNNING', 12)] },
        { name: 'never-built', stage: 'BETA', jobs: [] },
      ],
    }),
    amplifyApp('d2', { branches: [{ name: 'main', stage: 'PRODUCTION', jobs: [job('9', 'SUCCEED', 13)] }] }),
    amplifyApp('d3', { repository: '' }),
  ]
  aws.world.pageSize['amplify:ListApps'] = 2
  aws.world.pageSize['amplify:ListBranches'] = 2
  const apps = await readAmplifyApps(session, 'eu-west-1')
  expect(calls('amplify:ListApps')).toBe(2)
  expect(calls('amplify:ListBranches')).toBe(4) // d1 twice, d2 and d3 once
  expect(calls('amplify:ListJobs')).toBe(4)
  expect(apps.map((a) => a.id)).toEqual(['d1', 'd2', 'd3'])
  expect(apps[0]).toEqual({
    id: 'd1',
    name: 'site-d1',
    region: 'eu-west-1',
    default_domain: 'd1.amplifyapp.com',
    repository: 'https://github.com/example/d1',
    platform: 'WEB',
    branches: [
      {
        name: 'main',
        stage: 'PRODUCTION',
        last_job: {
          id: '2',
          status: 'FAILED',
          started_at: '2025-06-11T10:00:00.000Z',
          ended_at: '2025-06-11T10:03:00.000Z',
        },
      },
      {
        name: 'feature/login page',
        stage: 'DEVELOPMENT',
        last_job: { id: '1', status: 'RUNNING', started_at: '2025-06-12T10:00:00.000Z', ended_at: null },
      },
      { name: 'never-built', stage: 'BETA', last_job: null },
    ],
  })
  expect(apps[2]).toMatchObject({ repository: null, branches: [] })
})

it('reads every Lightsail instance, pageToken after pageToken', async () => {
  account().lightsail['eu-west-1'] = Array.from({ length: 5 }, (_, n) =>
    lightsailInstance(`box-${n}`, {
      state: n === 4 ? 'stopped' : 'running',
      publicIp: n === 4 ? undefined : '203.0.113.9',
    }),
  )
  aws.world.pageSize['lightsail:GetInstances'] = 2
  const boxes = await readLightsailInstances(session, 'eu-west-1')
  expect(calls('lightsail:GetInstances')).toBe(3)
  expect(boxes.map((b) => b.name)).toEqual(['box-0', 'box-1', 'box-2', 'box-3', 'box-4'])
  expect(boxes[4]).toEqual({
    name: 'box-4',
    state: 'stopped',
    bundle_id: 'nano_3_0',
    region: 'eu-west-1',
    availability_zone: 'eu-west-1a',
    public_ip: null,
    private_ip: '172.26.0.10',
  })
})

describe('Cost Explorer', () => {
  it('reads this month by day and service over several pages, and last month', async () => {
    aws.world.pageSize['ce:GetCostAndUsage'] = 4
    const read = await readCosts(session, costPeriods(NOW))
    // Fifteen days of June by four a page, then May.
    expect(calls('ce:GetCostAndUsage')).toBe(5)
    expect(read.lines).toEqual([
      { date: '2025-06-01', service: 'Amazon Elastic Compute Cloud - Compute', amount: 2.5, currency: 'USD' },
      { date: '2025-06-01', service: 'Amazon Simple Storage Service', amount: 0.5, currency: 'USD' },
      { date: '2025-06-15', service: 'Amazon Elastic Compute Cloud - Compute', amount: 1.25, currency: 'USD' },
    ])
    expect(read.lastMonth).toEqual({ amount: 40, currency: 'USD' })
  })

  it('reads the forecast of the rest of the month', async () => {
    expect(await readCostForecast(session, costPeriods(NOW))).toBe(60)
  })

  it('answers no forecast when Cost Explorer has too little data (DataUnavailableException)', async () => {
    account().forecast = null
    expect(await readCostForecast(session, costPeriods(NOW))).toBeNull()
    expect(aws.world.callsOf('ce:GetCostForecast')).toMatchObject([{ status: 400 }])
  })

  it('asks no forecast on the last day of a month', async () => {
    expect(await readCostForecast(session, costPeriods(Date.parse('2025-06-30T18:00:00Z')))).toBeUndefined()
    expect(calls('ce:GetCostForecast')).toBe(0)
  })
})

describe('Health', () => {
  it('reads the open and upcoming events over several pages', async () => {
    const event = (n: number, status: 'open' | 'upcoming' | 'closed') => ({
      arn: `arn:aws:health:us-east-1::event/RDS/X/${n}`,
      service: 'RDS',
      typeCode: 'AWS_RDS_MAINTENANCE_SCHEDULED',
      category: 'scheduledChange',
      region: n === 3 ? 'global' : 'us-east-1',
      status,
      start: '2025-06-20T00:00:00Z',
      updated: '2025-06-14T00:00:00Z',
    })
    account().health = [event(1, 'open'), event(2, 'closed'), event(3, 'upcoming'), event(4, 'upcoming')]
    aws.world.pageSize['health:DescribeEvents'] = 2
    const health = await readHealth(session)
    expect(calls('health:DescribeEvents')).toBe(2)
    expect(health.available && health.events.map((e) => [e.arn.at(-1), e.status, e.region])).toEqual([
      ['1', 'open', 'us-east-1'],
      ['3', 'upcoming', null],
      ['4', 'upcoming', 'us-east-1'],
    ])
    expect(health.available && health.events[0]).toEqual({
      arn: 'arn:aws:health:us-east-1::event/RDS/X/1',
      service: 'RDS',
      type_code: 'AWS_RDS_MAINTENANCE_SCHEDULED',
      category: 'scheduledChange',
      region: 'us-east-1',
      status: 'open',
      started_at: '2025-06-20T00:00:00.000Z',
      ended_at: null,
      updated_at: '2025-06-14T00:00:00.000Z',
    })
  })

  it('answers "not available" for an account without a Business support plan', async () => {
    account().health = 'no-subscription'
    expect(await readHealth(session)).toEqual({
      available: false,
      reason:
        'AWS Health events need a Business, Enterprise On-Ramp or Enterprise support plan, which this account does not have.',
    })
  })
})
