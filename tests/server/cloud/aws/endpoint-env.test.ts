import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import {
  AwsRoleSessions,
  listEnabledRegions,
  syncAwsAccount,
  verifyAwsAccount,
} from '../../../../src/server/cloud/aws/index.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { CUSTOMER, closedPort, NOW, restoreEnv, seedCustomer } from './loopback.ts'

// The SDK's own endpoint settings steer the adapter with no option given: AWS_ENDPOINT_URL for every service,
// AWS_ENDPOINT_URL_<SERVICE ID> (spaces as underscores: COST_EXPLORER) for one.

const NAMES = [
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_EC2',
  'AWS_ENDPOINT_URL_COST_EXPLORER',
  'AWS_IGNORE_CONFIGURED_ENDPOINT_URLS',
]
const saved: Record<string, string | undefined> = {}

let aws: LoopbackAws
let keys: ReturnType<LoopbackAws['world']['addUser']>
let nowhere: string
beforeAll(async () => {
  aws = await startLoopbackAws()
  keys = aws.world.addUser(CUSTOMER, 'env')
  nowhere = `http://127.0.0.1:${await closedPort()}`
})
afterAll(() => aws.close())
beforeEach(() => {
  aws.world.reset()
  seedCustomer(aws.world)
  for (const n of NAMES) saved[n] = process.env[n]
  for (const n of NAMES) delete process.env[n]
})
afterEach(() => {
  for (const n of NAMES) restoreEnv(n, saved[n])
})

// No `endpoint` here: only the environment says where AWS is.
const quick = () => ({ retryBaseMs: 1, maxAttempts: 2, roleSessions: new AwsRoleSessions() })

it('sends every service to AWS_ENDPOINT_URL', async () => {
  process.env.AWS_ENDPOINT_URL = aws.url
  expect(await verifyAwsAccount(keys, quick())).toMatchObject({ account_id: CUSTOMER })
  const result = await syncAwsAccount(keys, ['eu-west-1'], { ...quick(), costs: true, now: NOW })
  expect(result.parts.filter((p) => !p.status.ok)).toEqual([])
  expect(new Set(aws.world.calls.map((c) => c.action.split(':')[0]))).toEqual(
    new Set(['sts', 'ec2', 'cloudwatch', 'rds', 'amplify', 'lightsail', 'ce', 'health']),
  )
})

it('sends one service to AWS_ENDPOINT_URL_EC2 and the others to AWS_ENDPOINT_URL', async () => {
  process.env.AWS_ENDPOINT_URL = nowhere
  process.env.AWS_ENDPOINT_URL_EC2 = aws.url
  expect(await listEnabledRegions(keys, quick())).toEqual(['af-south-1', 'eu-west-1', 'us-east-1'])
  await expect(verifyAwsAccount(keys, quick())).rejects.toMatchObject({ kind: 'unavailable', awsCode: 'ECONNREFUSED' })
  expect(aws.world.calls.map((c) => c.action)).toEqual(['ec2:DescribeRegions'])
})

it('takes a service id with a space as underscores (AWS_ENDPOINT_URL_COST_EXPLORER)', async () => {
  process.env.AWS_ENDPOINT_URL = nowhere
  process.env.AWS_ENDPOINT_URL_COST_EXPLORER = aws.url
  const result = await syncAwsAccount(keys, ['eu-west-1'], { ...quick(), costs: true, now: NOW })
  const ok = result.parts.filter((p) => p.status.ok).map((p) => p.area)
  expect(ok).toEqual(['costs', 'cost_forecast'])
  expect(result.costs?.month_to_date).toBe(4.25)
})

it('lets an explicit endpoint option win over the environment', async () => {
  process.env.AWS_ENDPOINT_URL = nowhere
  expect(await verifyAwsAccount(keys, { ...quick(), endpoint: aws.url })).toMatchObject({ account_id: CUSTOMER })
})
