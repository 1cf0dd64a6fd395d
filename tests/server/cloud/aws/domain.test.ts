import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AWS_ACTIONS,
  AWS_READ_ONLY_POLICY,
  AWS_READ_ONLY_POLICY_JSON,
  AwsCredentialsInput,
  AwsRegions,
  amplifyUse,
  awsRoleTrustPolicy,
  awsServiceUse,
  costPeriods,
  costSummary,
  resourcesByState,
} from '@vigil/domain/aws'
import { listEnabledRegions, syncAwsAccount, verifyAwsAccount } from '../../../../src/server/cloud/aws/index.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { CUSTOMER, NOW, options, seedCustomer } from './loopback.ts'

// The domain's AWS rules (pure), and the policy checked against what the adapter really calls.

const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? {} : v.flatten(result.issues).nested
}

describe('credentials input', () => {
  const keys = {
    auth: 'keys',
    access_key_id: 'AKIAIOSFODNN7EXAMPLE',
    secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  }
  const role = { auth: 'role', role_arn: 'arn:aws:iam::123456789012:role/VigilReadOnly', external_id: 'vigil-7f3a9c' }

  it('takes access keys and roles, trimmed', () => {
    expect(v.parse(AwsCredentialsInput, { ...keys, access_key_id: ' AKIAIOSFODNN7EXAMPLE ' })).toEqual(keys)
    expect(v.parse(AwsCredentialsInput, role)).toEqual(role)
    for (const arn of [
      'arn:aws-cn:iam::123456789012:role/Reader',
      'arn:aws-us-gov:iam::123456789012:role/Reader',
      'arn:aws:iam::123456789012:role/team/ops/Vigil.Read-Only_1',
    ])
      expect(v.safeParse(AwsCredentialsInput, { ...role, role_arn: arn }).success).toBe(true)
  })

  it('says what an access key id and a secret look like', () => {
    expect(issues(AwsCredentialsInput, { ...keys, access_key_id: 'AKIA123' })).toEqual({
      access_key_id: [
        'An access key ID is 20 capital letters and digits starting with AKIA, such as AKIAIOSFODNN7EXAMPLE.',
      ],
    })
    expect(issues(AwsCredentialsInput, { ...keys, access_key_id: 'akiaiosfodnn7example' })).toHaveProperty(
      'access_key_id',
    )
    expect(issues(AwsCredentialsInput, { ...keys, secret_access_key: 'short' })).toEqual({
      secret_access_key: ['A secret access key is 40 characters long. Copy it again from the CSV file AWS gave you.'],
    })
    expect(issues(AwsCredentialsInput, { ...keys, secret_access_key: `${'a'.repeat(39)}!` })).toEqual({
      secret_access_key: ['A secret access key holds only letters, digits, + and /.'],
    })
    expect(issues(AwsCredentialsInput, { ...keys, secret_access_key: '' })).toEqual({
      secret_access_key: ['Secret access key is required.'],
    })
  })

  it('says what a role ARN and an external id look like', () => {
    const arnMessage = ['A role ARN looks like arn:aws:iam::123456789012:role/VigilReadOnly.']
    for (const arn of [
      'arn:aws:iam::12345:role/X',
      'arn:aws:iam::123456789012:user/alice',
      'arn:aws-xx:iam::123456789012:role/X',
      'arn:aws:sts::123456789012:role/X',
    ])
      expect(issues(AwsCredentialsInput, { ...role, role_arn: arn })).toEqual({ role_arn: arnMessage })
    expect(issues(AwsCredentialsInput, { ...role, external_id: 'x' })).toEqual({
      external_id: ['An external ID is 2 to 1224 characters: letters, digits and + = , . @ : / _ -.'],
    })
    expect(issues(AwsCredentialsInput, { auth: 'password' })).toEqual({ auth: ['Auth must be keys or role.'] })
  })
})

describe('regions', () => {
  it('takes known region codes once each, and names an unknown one', () => {
    expect(v.parse(AwsRegions, ['eu-west-1', 'ap-southeast-7', 'mx-central-1'])).toHaveLength(3)
    expect(issues(AwsRegions, ['eu-west-1', 'eu-west-9'])).toEqual({
      1: ['Unknown AWS region: eu-west-9. Use a code such as eu-west-1.'],
    })
    expect(v.safeParse(AwsRegions, []).issues?.[0]?.message).toBe('Choose at least one region.')
    expect(v.safeParse(AwsRegions, ['eu-west-1', 'eu-west-1']).issues?.[0]?.message).toBe(
      'Each region may be chosen once.',
    )
    // China and GovCloud are other partitions, with other accounts.
    expect(v.safeParse(AwsRegions, ['cn-north-1']).success).toBe(false)
  })
})

describe('the read-only policy', () => {
  let aws: LoopbackAws
  beforeAll(async () => {
    aws = await startLoopbackAws()
  })
  afterAll(() => aws.close())

  it('allows every action the adapter calls, and only those', async () => {
    seedCustomer(aws.world)
    const keys = aws.world.addUser(CUSTOMER, 'policy')
    await verifyAwsAccount(keys, options(aws))
    await listEnabledRegions(keys, options(aws))
    await syncAwsAccount(keys, ['eu-west-1'], { ...options(aws), costs: true, now: NOW })
    const called = new Set(aws.world.calls.map((c) => c.action))
    const allowed = AWS_READ_ONLY_POLICY.Statement[0].Action
    expect([...called].sort()).toEqual([...allowed].sort())
    expect(allowed.every((a) => /^[a-z0-9]+:(Get|Describe|List)[A-Za-z]+$/.test(a))).toBe(true)
  })

  it('is the JSON the IAM console takes', () => {
    const parsed = JSON.parse(AWS_READ_ONLY_POLICY_JSON)
    expect(parsed).toEqual({
      Version: '2012-10-17',
      Statement: [{ Sid: 'VigilReadOnly', Effect: 'Allow', Action: Object.values(AWS_ACTIONS), Resource: '*' }],
    })
    expect(awsRoleTrustPolicy('999988887777', 'ext-1').Statement[0]).toEqual({
      Effect: 'Allow',
      Principal: { AWS: 'arn:aws:iam::999988887777:root' },
      Action: 'sts:AssumeRole',
      Condition: { StringEquals: { 'sts:ExternalId': 'ext-1' } },
    })
  })
})

describe('cost arithmetic', () => {
  it('takes the month in UTC, whatever day it is', () => {
    expect(costPeriods(Date.parse('2025-03-01T00:30:00Z'))).toEqual({
      monthStart: '2025-03-01',
      tomorrow: '2025-03-02',
      nextMonthStart: '2025-04-01',
      lastMonthStart: '2025-02-01',
    })
    expect(costPeriods(Date.parse('2025-01-31T23:59:00Z'))).toEqual({
      monthStart: '2025-01-01',
      tomorrow: '2025-02-01',
      nextMonthStart: '2025-02-01',
      lastMonthStart: '2024-12-01',
    })
  })

  it('sums days and services, in cents, and adds the forecast to what is spent', () => {
    const periods = costPeriods(Date.parse('2025-06-03T10:00:00Z'))
    const line = (date: string, service: string, amount: number) => ({ date, service, amount, currency: 'EUR' })
    const lines = [line('2025-06-01', 'A', 0.104), line('2025-06-01', 'B', 1.2), line('2025-06-03', 'A', 0.003)]
    expect(costSummary(periods, lines, { amount: 31.456, currency: 'EUR' }, 10)).toEqual({
      currency: 'EUR',
      month: '2025-06',
      month_to_date: 1.31,
      last_month: 31.46,
      forecast: 11.31,
      daily: [
        { date: '2025-06-01', amount: 1.3 },
        { date: '2025-06-02', amount: 0 },
        { date: '2025-06-03', amount: 0 },
      ],
      services: [
        { service: 'B', amount: 1.2 },
        { service: 'A', amount: 0.11 },
      ],
    })
    expect(costSummary(periods, lines, null, null).forecast).toBeNull()
    expect(costSummary(periods, lines, null, undefined).forecast).toBe(1.31)
  })
})

it('lists the services in use, highest cost first, with resources and their states', () => {
  const rows = awsServiceUse({
    costs: {
      services: [
        { service: 'Amazon Simple Storage Service', amount: 9 },
        { service: 'Amazon Relational Database Service', amount: 20 },
      ],
    },
    resources: {
      ec2: resourcesByState([
        { state: 'running', n: 2 },
        { state: 'stopped', n: 1 },
      ]),
      rds: resourcesByState([{ state: 'available', n: 1 }]),
      amplify: amplifyUse([{ branches: [{ last_job: { status: 'FAILED' } }, { last_job: null }] } as never]),
      lightsail: resourcesByState([]),
    },
  })
  expect(rows).toEqual([
    {
      service: 'Amazon Relational Database Service',
      cost_this_month: 20,
      resource_count: 1,
      states: { available: 1 },
    },
    { service: 'Amazon Simple Storage Service', cost_this_month: 9, resource_count: null, states: null },
    {
      service: 'Amazon Elastic Compute Cloud - Compute',
      cost_this_month: 0,
      resource_count: 3,
      states: { running: 2, stopped: 1 },
    },
    { service: 'AWS Amplify', cost_this_month: 0, resource_count: 1, states: { FAILED: 1, NOT_BUILT: 1 } },
  ])
  expect(
    awsServiceUse({
      costs: null,
      resources: {
        ec2: resourcesByState([{ state: 'running', n: 1 }]),
        rds: resourcesByState([]),
        amplify: amplifyUse([]),
        lightsail: resourcesByState([]),
      },
    })[0]?.cost_this_month,
  ).toBeNull()
})
