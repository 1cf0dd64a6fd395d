import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AwsCallError, AwsRoleSessions, verifyAwsAccount } from '../../../../src/server/cloud/aws/index.ts'
import { type LoopbackAws, startLoopbackAws } from '../../../support/aws/loopback-aws.ts'
import { createCa, issue } from '../../checks/certs.ts'
import { CUSTOMER, closedPort, options, restoreEnv, serverKeys, VIGIL } from './loopback.ts'

// "Connect": the credentials' account, or why AWS refused them, in words that say what to do.

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
beforeEach(() => aws.world.reset())

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AwsCallError)
  return error as AwsCallError
}

describe('verifying access keys', () => {
  it("answers the keys' account and user", async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    expect(await verifyAwsAccount(keys, options(aws))).toEqual({
      account_id: CUSTOMER,
      arn: `arn:aws:iam::${CUSTOMER}:user/alice`,
    })
    expect(aws.world.callsOf('sts:GetCallerIdentity')).toMatchObject([{ accessKeyId: keys.access_key_id, status: 200 }])
  })

  it('says AWS does not know an access key id', async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    const error = await failure(verifyAwsAccount({ ...keys, access_key_id: 'AKIAZZZZZZZZZZZZZZZZ' }, options(aws)))
    expect(error).toMatchObject({
      kind: 'credentials',
      awsCode: 'InvalidClientTokenId',
      action: 'sts:GetCallerIdentity',
    })
    expect(error.message).toMatch(/^AWS does not recognise the access key ID\. Check that it was copied whole/)
  })

  it('says the secret does not match the key, which the server found by checking the signature', async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    const wrong = `${keys.secret_access_key.slice(0, 39)}${keys.secret_access_key.endsWith('A') ? 'B' : 'A'}`
    const error = await failure(verifyAwsAccount({ ...keys, secret_access_key: wrong }, options(aws)))
    expect(error).toMatchObject({ kind: 'credentials', awsCode: 'SignatureDoesNotMatch' })
    expect(error.message).toMatch(/^The secret access key does not match the access key ID\. Paste the secret again/)
    // Not retried: a wrong secret stays wrong.
    expect(aws.world.callsOf('sts:GetCallerIdentity')).toHaveLength(1)
  })

  it('says AWS cannot be reached when nothing listens at the endpoint, after retrying', async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    const endpoint = `http://127.0.0.1:${await closedPort()}`
    const error = await failure(verifyAwsAccount(keys, { ...options(aws), endpoint }))
    expect(error).toMatchObject({
      kind: 'unavailable',
      awsCode: 'ECONNREFUSED',
      action: 'sts:GetCallerIdentity',
      reason: 'connection refused (3 attempts)',
    })
    expect(error.message).toBe(
      'AWS could not be reached for sts:GetCallerIdentity (connection refused, 3 attempts). It is read again at the ' +
        "next sync; if this lasts, check this server's network access to AWS.",
    )
  })

  it('says AWS cannot be reached when its certificate is not one this server trusts', async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    const ca = createCa('Untrusted test CA')
    const pem = issue(ca, { commonName: 'localhost', names: ['127.0.0.1'], notAfter: Date.now() + 86_400_000 })
    const untrusted = https.createServer({ key: pem.key, cert: pem.cert }, (_, res) => res.end())
    untrusted.on('tlsClientError', () => {})
    await new Promise<void>((resolve) => untrusted.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = untrusted.address() as AddressInfo
      const error = await failure(verifyAwsAccount(keys, { ...options(aws), endpoint: `https://127.0.0.1:${port}` }))
      expect(error).toMatchObject({ kind: 'unavailable', action: 'sts:GetCallerIdentity' })
      expect(error.reason).toMatch(
        /^its TLS certificate is (self-signed|not signed by an authority this server trusts)/,
      )
    } finally {
      untrusted.closeAllConnections()
      await new Promise<void>((resolve) => untrusted.close(() => resolve()))
    }
  })

  it('gives up on an endpoint that does not answer in time', async () => {
    const keys = aws.world.addUser(CUSTOMER, 'alice')
    aws.world.latencyMs = 2_000
    const started = performance.now()
    const error = await failure(verifyAwsAccount(keys, { ...options(aws), maxAttempts: 2, timeoutMs: 200 }))
    expect(error).toMatchObject({ kind: 'unavailable', awsCode: 'TimeoutError' })
    expect(error.message).toMatch(
      /^AWS could not be reached for sts:GetCallerIdentity \(no answer in time, 2 attempts\)/,
    )
    expect(performance.now() - started).toBeLessThan(1_500)
  })
})

describe('verifying a role', () => {
  it('assumes the role with the external id, using the server’s own credentials, and answers the role', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
    expect(await verifyAwsAccount(role, options(aws))).toEqual({
      account_id: CUSTOMER,
      arn: `arn:aws:sts::${CUSTOMER}:assumed-role/VigilReadOnly/vigil`,
    })
    const [assume] = aws.world.callsOf('sts:AssumeRole')
    const [identity] = aws.world.callsOf('sts:GetCallerIdentity')
    expect(assume).toMatchObject({ accessKeyId: server.keys.access_key_id, status: 200 })
    // The identity call is signed with the temporary keys (and their session token, checked by the server).
    expect(identity?.accessKeyId).toMatch(/^ASIA[A-Z0-9]{16}$/)
    expect(identity?.status).toBe(200)
  })

  it('says what to check when the external id is wrong', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
    const error = await failure(verifyAwsAccount({ ...role, external_id: 'vigil-ext-other' }, options(aws)))
    expect(error).toMatchObject({ kind: 'credentials', action: 'sts:AssumeRole', awsCode: 'AccessDenied' })
    expect(error.message).toBe(
      `Vigil could not assume the role arn:aws:iam::${CUSTOMER}:role/VigilReadOnly. Check that the role exists, ` +
        "that its trust policy allows Vigil's AWS account, and that its sts:ExternalId condition is exactly the " +
        'external ID shown.',
    )
    expect(aws.world.callsOf('sts:GetCallerIdentity')).toHaveLength(0)
  })

  it('says AWS cannot be reached when STS does not answer the AssumeRole', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
    const endpoint = `http://127.0.0.1:${await closedPort()}`
    const error = await failure(verifyAwsAccount(role, { ...options(aws), endpoint }))
    expect(error).toMatchObject({ kind: 'unavailable', action: 'sts:AssumeRole', awsCode: 'ECONNREFUSED' })
    expect(error.message).toMatch(/^AWS could not be reached for sts:AssumeRole \(connection refused, 3 attempts\)/)
  })

  it('says the same of a role that does not trust Vigil’s account', async () => {
    const role = aws.world.addRole(CUSTOMER, 'OtherRole', 'vigil-ext-7f3a', ['444455556666'])
    const error = await failure(verifyAwsAccount(role, options(aws)))
    expect(error.message).toMatch(/^Vigil could not assume the role .*OtherRole\. Check that the role exists/)
  })

  it('keeps assumed credentials until five minutes before they expire', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
    // Sessions of 15 minutes, the shortest AWS gives; the cache reads its own clock.
    aws.world.sessionSeconds = 900
    let clock = Date.now()
    const cached = { ...options(aws), roleSessions: new AwsRoleSessions(() => clock) }
    await verifyAwsAccount(role, cached)
    clock += 9 * 60_000
    await verifyAwsAccount(role, cached)
    expect(aws.world.callsOf('sts:AssumeRole')).toHaveLength(1)
    // Ten and a half minutes in, less than five are left: the role is assumed again (for an hour this time).
    clock += 90_000
    aws.world.sessionSeconds = 3600
    await verifyAwsAccount(role, cached)
    expect(aws.world.callsOf('sts:AssumeRole')).toHaveLength(2)
    expect(aws.world.callsOf('sts:GetCallerIdentity')).toHaveLength(3)
  })

  it('says when AWS refuses the server’s own credentials', async () => {
    const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
    process.env.AWS_ACCESS_KEY_ID = 'AKIAZZZZZZZZZZZZZZZZ'
    try {
      const error = await failure(verifyAwsAccount(role, options(aws)))
      expect(error).toMatchObject({ kind: 'credentials', action: 'sts:AssumeRole', awsCode: 'InvalidClientTokenId' })
      expect(error.message).toMatch(
        /^AWS refused this server's own credentials, which it assumes roles with: AWS does not/,
      )
    } finally {
      process.env.AWS_ACCESS_KEY_ID = server.keys.access_key_id
    }
  })

  describe('on a server without credentials of its own', () => {
    const saved: Record<string, string | undefined> = {}
    const names = [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_PROFILE',
      'AWS_CONFIG_FILE',
      'AWS_SHARED_CREDENTIALS_FILE',
      'AWS_EC2_METADATA_DISABLED',
      'AWS_WEB_IDENTITY_TOKEN_FILE',
      'AWS_CONTAINER_CREDENTIALS_FULL_URI',
      'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
    ]
    beforeEach(() => {
      for (const n of names) saved[n] = process.env[n]
      for (const n of names) delete process.env[n]
      process.env.AWS_CONFIG_FILE = '/nonexistent/aws-config'
      process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/aws-credentials'
      // No instance metadata service here: the chain would wait for one.
      process.env.AWS_EC2_METADATA_DISABLED = 'true'
    })
    afterEach(() => {
      for (const n of names) restoreEnv(n, saved[n])
    })

    it('says the server needs credentials, or keys instead of a role', async () => {
      const role = aws.world.addRole(CUSTOMER, 'VigilReadOnly', 'vigil-ext-7f3a', [VIGIL])
      const error = await failure(verifyAwsAccount(role, options(aws)))
      expect(error).toMatchObject({ kind: 'credentials', action: 'sts:AssumeRole' })
      expect(error.message).toMatch(/^This server has no AWS credentials of its own to assume the role with\./)
      expect(aws.world.calls).toHaveLength(0)
    })
  })
})
