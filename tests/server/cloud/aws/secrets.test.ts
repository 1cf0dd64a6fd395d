import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import {
  type AwsCallError,
  listEnabledRegions,
  syncAwsAccount,
  verifyAwsAccount,
} from '../../../../src/server/cloud/aws/index.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { CUSTOMER, closedPort, NOW, options, seedCustomer, serverKeys, VIGIL } from './loopback.ts'

// No secret leaves the adapter: not in an error's message, not in what a sync answers, even when AWS's own text
// repeats one (some services echo parts of a request in their messages).

let aws: LoopbackAws
let server: ReturnType<typeof serverKeys>
beforeAll(async () => {
  aws = await startLoopbackAws()
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

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as AwsCallError,
  )

/** Everything an error carries that a caller could log or store. */
const exposed = (e: AwsCallError) => JSON.stringify({ ...e, message: e.message, status: e.status, stack: e.stack })

it('keeps keys and secrets out of every error and every part status', async () => {
  const keys = aws.world.addUser(CUSTOMER, 'leaky')
  const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'ext-1', [VIGIL])
  const secrets = [keys.secret_access_key, server.keys.secret_access_key]
  // A service whose message repeats the caller's secret and key id, as a badly written proxy might.
  aws.world.fail('rds:DescribeDBInstances', 10, {
    status: 400,
    code: 'InvalidParameterCombination',
    message: `Bad request from ${keys.access_key_id} signed with ${keys.secret_access_key}`,
  })
  aws.world.deny('lightsail:GetInstances')
  aws.world.throttle('amplify:ListApps', 10)

  const errors = [
    await caught(verifyAwsAccount({ ...keys, access_key_id: 'AKIAZZZZZZZZZZZZZZZZ' }, options(aws))),
    await caught(verifyAwsAccount({ ...keys, secret_access_key: 'x'.repeat(40) }, options(aws))),
    await caught(verifyAwsAccount({ ...role, external_id: 'ext-2' }, options(aws))),
    await caught(listEnabledRegions(keys, { ...options(aws), endpoint: `http://127.0.0.1:${await closedPort()}` })),
  ]
  const result = await syncAwsAccount(keys, ['eu-west-1'], { ...options(aws), costs: true, now: NOW })
  const statuses = result.parts.filter((p) => !p.status.ok)
  expect(statuses.map((p) => p.area)).toEqual(['rds', 'amplify', 'lightsail'])

  const rds = statuses[0]?.status
  expect(rds).toMatchObject({ kind: 'other', action: 'rds:DescribeDBInstances' })
  expect(rds?.ok === false && rds.message).toBe(
    'AWS answered rds:DescribeDBInstances with InvalidParameterCombination: Bad request from [redacted] signed with [redacted]',
  )
  const everything = [...errors.map(exposed), JSON.stringify(result)].join('\n')
  for (const secret of secrets) expect(everything).not.toContain(secret)
  expect(everything).not.toContain(keys.access_key_id)
})

it('keeps an assumed role’s temporary secret and session token out of messages', async () => {
  const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'ext-1', [VIGIL])
  const cached = options(aws)
  expect((await syncAwsAccount(role, ['eu-west-1'], { ...cached, costs: false, now: NOW })).parts).not.toContainEqual(
    expect.objectContaining({ status: expect.objectContaining({ ok: false }) }),
  )
  const session = [...aws.world.keys.values()].find((k) => k.roleArn)
  expect(session?.sessionToken).toBeTruthy()

  // The next sync uses the cached session; AWS now echoes its token and secret in an error.
  aws.world.fail('ec2:DescribeInstances', 10, {
    status: 400,
    code: 'InvalidRequest',
    message: `token=${session?.sessionToken} secret=${session?.secretAccessKey}`,
  })
  const again = await syncAwsAccount(role, ['eu-west-1'], { ...cached, costs: false, now: NOW })
  expect(aws.world.callsOf('sts:AssumeRole')).toHaveLength(1)
  expect(again.parts.find((p) => p.area === 'ec2')?.status).toEqual({
    ok: false,
    kind: 'other',
    action: 'ec2:DescribeInstances',
    message: 'AWS answered ec2:DescribeInstances with InvalidRequest: token=[redacted] secret=[redacted]',
  })
  const text = JSON.stringify(again)
  expect(text).not.toContain(session?.secretAccessKey)
  expect(text).not.toContain(session?.sessionToken)
})
