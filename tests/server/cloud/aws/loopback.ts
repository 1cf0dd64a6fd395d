import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AwsRoleSessions } from '../../../../src/server/cloud/aws/index.ts'
import { amplifyApp, ec2Instance, lightsailInstance, rdsInstance } from '../../../support/aws/fixtures.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import type { World } from '../../../support/aws/world.ts'

// What the AWS adapter's tests share: the customer's account, Vigil's own account (whose keys the server
// assumes roles with), a fixed "now", and options that make retries quick.

export const CUSTOMER = '111122223333'
export const VIGIL = '999988887777'
/** Mid-June: the cost month runs from June 1 to June 15 (today included). */
export const NOW = Date.parse('2025-06-15T12:00:00Z')

/** The adapter's options for the loopback: its URL, retries after about a millisecond, a fresh role cache. */
export const options = (aws: LoopbackAws, extra: { maxAttempts?: number; maxInFlight?: number } = {}) => ({
  endpoint: aws.url,
  retryBaseMs: 1,
  maxAttempts: 3,
  roleSessions: new AwsRoleSessions(),
  ...extra,
})

/**
 * The server's own credentials, as the SDK's default provider chain finds them (environment variables). Returns
 * the keys; `restore` puts the environment back.
 */
export const serverKeys = (world: World) => {
  const keys = world.addUser(VIGIL, 'vigil-server')
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }
  process.env.AWS_ACCESS_KEY_ID = keys.access_key_id
  process.env.AWS_SECRET_ACCESS_KEY = keys.secret_access_key
  return {
    keys,
    restore() {
      restoreEnv('AWS_ACCESS_KEY_ID', saved.id)
      restoreEnv('AWS_SECRET_ACCESS_KEY', saved.secret)
    },
  }
}

export const restoreEnv = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
export const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The customer's account with a little of everything in eu-west-1, and costs for June and May. */
export const seedCustomer = (world: World) => {
  const account = world.account(CUSTOMER)
  account.regions = {
    'us-east-1': 'opt-in-not-required',
    'eu-west-1': 'opt-in-not-required',
    'af-south-1': 'opted-in',
    'me-south-1': 'not-opted-in',
  }
  account.ec2['eu-west-1'] = [
    ec2Instance('i-0aaa000000000001', { name: 'web-1', publicIp: '203.0.113.7', cpu: [10, 20, 30] }),
    ec2Instance('i-0aaa000000000002', {
      name: 'worker',
      state: 'stopped',
      instanceStatus: 'not-applicable',
      systemStatus: 'not-applicable',
    }),
    ec2Instance('i-0aaa000000000003', { state: 'running', instanceStatus: 'impaired', cpu: [95] }),
  ]
  account.rds['eu-west-1'] = [rdsInstance('orders-db', { multiAz: true, storageGb: 100 })]
  account.amplify['eu-west-1'] = [
    amplifyApp('d1abc', {
      branches: [
        {
          name: 'main',
          stage: 'PRODUCTION',
          jobs: [
            { id: '1', status: 'SUCCEED', start: '2025-06-10T09:00:00Z', end: '2025-06-10T09:04:00Z' },
            { id: '2', status: 'FAILED', start: '2025-06-14T09:00:00Z', end: '2025-06-14T09:02:00Z' },
          ],
        },
      ],
    }),
  ]
  account.lightsail['eu-west-1'] = [lightsailInstance('blog')]
  account.costs = [
    { date: '2025-05-20', service: 'Amazon Elastic Compute Cloud - Compute', amount: 40 },
    { date: '2025-06-01', service: 'Amazon Elastic Compute Cloud - Compute', amount: 2.5 },
    { date: '2025-06-01', service: 'Amazon Simple Storage Service', amount: 0.5 },
    { date: '2025-06-15', service: 'Amazon Elastic Compute Cloud - Compute', amount: 1.25 },
  ]
  account.forecast = 60
  account.health = [
    {
      arn: 'arn:aws:health:eu-west-1::event/EC2/AWS_EC2_OPERATIONAL_ISSUE/1',
      service: 'EC2',
      typeCode: 'AWS_EC2_OPERATIONAL_ISSUE',
      category: 'issue',
      region: 'eu-west-1',
      status: 'open',
      start: '2025-06-15T08:00:00Z',
      updated: '2025-06-15T09:00:00Z',
    },
  ]
  return account
}

/**
 * A loopback AWS holding the customer's account, which the SDK reaches through its own setting (AWS_ENDPOINT_URL),
 * with the server's own keys in the environment; `close` stops it and puts the environment back.
 */
export const startCustomerAws = async () => {
  const aws = await startLoopbackAws()
  seedCustomer(aws.world)
  const savedEndpoint = process.env.AWS_ENDPOINT_URL
  process.env.AWS_ENDPOINT_URL = aws.url
  const server = serverKeys(aws.world)
  return {
    aws,
    close: async () => {
      server.restore()
      restoreEnv('AWS_ENDPOINT_URL', savedEndpoint)
      await aws.close()
    },
  }
}
