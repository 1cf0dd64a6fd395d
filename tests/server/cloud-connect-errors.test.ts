import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CloudProviderOptions } from '../../src/server/cloud/providers.ts'
import {
  awsUnknownKey,
  awsUnreachable,
  awsWrongSecret,
  entraWrongSecret,
  signInHungUp,
  signInUnreachable,
} from '../fixtures/cloud-refusals.ts'
import type { LoopbackAws } from '../support/aws/loopback-aws.ts'
import {
  createWorld,
  type LoopbackAzure,
  loopbackOptions,
  secretCredentials,
  startLoopbackAzure,
} from '../support/azure/index.ts'
import { CUSTOMER, closedPort, startCustomerAws, VIGIL } from './cloud/aws/loopback.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// Connecting a cloud account that fails says what went wrong where it went wrong (issue 37, point 6): a provider that
// cannot be reached, or a permission that is missing, is the message on top of the form (no field messages) naming
// the service and the cause in words; a credential the provider refuses is a message at that field alone. Nothing is
// saved, so nothing speaks of a next sync. Against loopback AWS, Microsoft Entra ID, Resource Manager and Graph
// servers, some of them stopped.

const AWS_QUICK = { maxAttempts: 2, retryBaseMs: 1, timeoutMs: 5000 }

describe.each(dialects)('connecting a cloud account that fails, on %s', (dialect) => {
  let db: TestDb
  let customerAws: Awaited<ReturnType<typeof startCustomerAws>>
  let aws: LoopbackAws
  /** A loopback Azure that answers. */
  let az: LoopbackAzure
  /** One whose Resource Manager and Graph are stopped (their addresses refuse connections). */
  let azDown: LoopbackAzure
  let closed: string
  const apps: TestApp[] = []

  beforeAll(async () => {
    db = await openTestDb(dialect)
    customerAws = await startCustomerAws()
    aws = customerAws.aws
    az = await startLoopbackAzure(createWorld())
    azDown = await startLoopbackAzure(createWorld())
    await azDown.stop('arm')
    await azDown.stop('graph')
    closed = `127.0.0.1:${await closedPort()}`
  })
  afterAll(async () => {
    for (const t of apps) await t.deps.cloudSync.stop()
    await customerAws.close()
    await az.close()
    await azDown.close()
    await db.drop()
  })
  beforeEach(() => {
    Object.assign(az.world, createWorld())
  })

  const made = new Map<string, Promise<Awaited<ReturnType<typeof makeApp>>>>()
  /** The app with these cloud settings, and a Pro user's token on it. */
  const makeApp = async (cloud: CloudProviderOptions) => {
    const t = buildTestApp(db.database, { cloud: { aws: AWS_QUICK, ...cloud } })
    apps.push(t)
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const post = async (path: string, body: Record<string, unknown>) =>
      t.call('POST', path, { token, body: { name: 'Production', ...body } })
    const list = async (path: string) => (await t.call('GET', path, { token })).json.data.accounts
    return { t, token, post, list }
  }
  /**
   * One app per setting (sign-ups are limited): `healthy` reaches every loopback server; `awsClosed` and
   * `signInClosed` find nothing listening at AWS's or the sign-in service's address; `down`'s Resource Manager and
   * Graph are stopped.
   */
  const appOf = (name: 'healthy' | 'awsClosed' | 'signInClosed' | 'down') => {
    const settings: Record<typeof name, () => CloudProviderOptions> = {
      healthy: () => ({ azure: loopbackOptions(az), m365: loopbackOptions(az) }),
      awsClosed: () => ({ aws: { ...AWS_QUICK, endpoint: `http://${closed}` } }),
      signInClosed: () => ({
        azure: { ...loopbackOptions(az), authorityHost: `https://${closed}` },
        m365: { ...loopbackOptions(az), authorityHost: `https://${closed}` },
      }),
      down: () => ({ azure: loopbackOptions(azDown), m365: loopbackOptions(azDown) }),
    }
    const app = made.get(name) ?? makeApp(settings[name]())
    made.set(name, app)
    return app
  }

  /** A refusal with only a message, for the top of the form, that promises no sync of an account not saved. */
  const expectTopOnly = (res: { status: number; json: { message: string; errors?: unknown } }) => {
    expect(res.status).toBe(400)
    expect(res.json.errors ?? {}).toEqual({})
    expect(res.json.message).not.toMatch(/next sync|read again/i)
    return res.json.message
  }

  describe('AWS', () => {
    it('says AWS STS could not be reached, and why, on top, for keys and for a role', async () => {
      const { t, token, post, list } = await appOf('awsClosed')
      const keys = aws.world.addUser(CUSTOMER, 'closed-port')
      const res = await post('/api/aws/accounts', keys)
      const message = expectTopOnly(res)
      expect(res.json).toEqual(awsUnreachable(2))
      const externalId = (await t.call('GET', '/api/aws/setup', { token })).json.data.setup.external_id
      const role = aws.world.addRole(CUSTOMER, 'VigilClosedPort', externalId, [VIGIL])
      expect(expectTopOnly(await post('/api/aws/accounts', { ...role, regions: ['eu-west-1'] }))).toBe(message)
      expect(await list('/api/aws/accounts')).toEqual([])
    })

    it('puts a refused key at the key, a refused secret at the secret, a refused role at the role', async () => {
      const { t, token, post, list } = await appOf('healthy')
      const keys = aws.world.addUser(CUSTOMER, 'refusals')
      const unknownKey = await post('/api/aws/accounts', { ...keys, access_key_id: 'AKIAZZZZZZZZZZZZZZZZ' })
      expect(unknownKey.status).toBe(400)
      expect(unknownKey.json).toEqual(awsUnknownKey)

      const last = keys.secret_access_key.at(-1) === 'A' ? 'B' : 'A'
      const wrongSecret = await post('/api/aws/accounts', {
        ...keys,
        secret_access_key: `${keys.secret_access_key.slice(0, 39)}${last}`,
      })
      expect(wrongSecret.status).toBe(400)
      expect(wrongSecret.json).toEqual(awsWrongSecret)

      const externalId = (await t.call('GET', '/api/aws/setup', { token })).json.data.setup.external_id
      const untrusting = aws.world.addRole(CUSTOMER, 'TrustsSomeoneElse', externalId, ['444455556666'])
      const role = await post('/api/aws/accounts', { ...untrusting, regions: ['eu-west-1'] })
      expect(role.status).toBe(400)
      expect(role.json.errors).toEqual({ role_arn: role.json.message })
      expect(role.json.message).toMatch(/^Vigil could not assume the role .*TrustsSomeoneElse\./)
      expect(await list('/api/aws/accounts')).toEqual([])
    })

    it('changing an account to a wrong secret is refused at the secret, and the account keeps its keys', async () => {
      const { t, token, post } = await appOf('healthy')
      const keys = aws.world.addUser(CUSTOMER, 'changed')
      const created = await post('/api/aws/accounts', { ...keys, regions: ['eu-west-1'] })
      expect(created.status, created.text).toBe(201)
      await t.deps.cloudSync.settled()
      const id = created.json.data.account.id
      const other = aws.world.addUser(CUSTOMER, 'other')
      const res = await t.call('PATCH', `/api/aws/accounts/${id}`, {
        token,
        body: { credentials: { auth: 'keys', access_key_id: other.access_key_id, secret_access_key: 'y'.repeat(40) } },
      })
      expect(res.status).toBe(400)
      expect(Object.keys(res.json.errors)).toEqual(['secret_access_key'])
      const account = (await t.call('GET', `/api/aws/accounts/${id}`, { token })).json.data.account
      expect(account.access_key_id).toBe(`${keys.access_key_id.slice(0, 4)}…${keys.access_key_id.slice(-4)}`)
    })

    it('says which permission is missing when the regions cannot be listed, and asks for them', async () => {
      const { post } = await appOf('healthy')
      const keys = aws.world.addUser(CUSTOMER, 'no-regions')
      aws.world.deny('ec2:DescribeRegions', keys.access_key_id)
      const res = await post('/api/aws/accounts', keys)
      expect(res.status).toBe(400)
      expect(res.json.errors).toEqual({ regions: 'Choose the regions to watch.' })
      expect(res.json.message).toMatch(
        /^The account's regions could not be listed\. AWS refused ec2:DescribeRegions: .* Or choose the regions to watch\.$/,
      )
      expect(res.json.message).not.toMatch(/next sync/)
    })
  })

  describe('Azure and Microsoft 365', () => {
    const paths = { azure: '/api/azure/accounts', m365: '/api/microsoft365/accounts' } as const

    it.each(Object.entries(paths))(
      '%s: says the Microsoft sign-in service could not be reached, on top',
      async (_, path) => {
        const authorityHost = `https://${closed}`
        const { post, list } = await appOf('signInClosed')
        const res = await post(path, secretCredentials())
        expectTopOnly(res)
        expect(res.json).toEqual(signInUnreachable(authorityHost))
        expect(await list(path)).toEqual([])
      },
    )

    it.each(Object.entries(paths))("%s: puts MSAL's bare network_error in words, on top", async (_, path) => {
      const { post } = await appOf('healthy')
      az.world.hangUps = 100
      const res = await post(path, secretCredentials())
      expect(expectTopOnly(res)).not.toMatch(/network_error|aka\.ms/)
      expect(res.json).toEqual(signInHungUp(az.authorityHost))
    })

    it.each(Object.entries(paths))(
      '%s: puts a refused secret, an unknown app and an unknown directory each at its field alone',
      async (_, path) => {
        const { post } = await appOf('healthy')
        const cases: [Record<string, string>, string, string][] = [
          [{ client_secret: 'Wrong~secret.value-000000000000000000' }, 'client_secret', 'AADSTS7000215'],
          [{ client_id: '11111111-2222-4333-8444-555555555555' }, 'client_id', 'AADSTS700016'],
          [{ tenant_id: '99999999-8888-4777-8666-555555555555' }, 'tenant_id', 'AADSTS90002'],
        ]
        for (const [over, field, code] of cases) {
          const res = await post(path, secretCredentials(over))
          expect(res.status, field).toBe(400)
          expect(res.json.errors, field).toEqual({ [field]: res.json.message })
          expect(res.json.message).toContain(code)
        }
        expect((await post(path, secretCredentials(cases[0]?.[0]))).json).toEqual(entraWrongSecret)
      },
    )

    it('Azure: says Resource Manager could not be reached, on top', async () => {
      const { post } = await appOf('down')
      expect(expectTopOnly(await post(paths.azure, secretCredentials()))).toBe(
        `Could not reach Azure Resource Manager at ${azDown.armUrl}: connection refused.`,
      )
    })

    it('Azure: says the Reader role is missing, on top and not at the application ID', async () => {
      const { post } = await appOf('healthy')
      az.world.apps[0]?.deniedActions.push('Microsoft.Resources/subscriptions/read')
      const message = expectTopOnly(await post(paths.azure, secretCredentials()))
      expect(message).toMatch(/^The app signed in but can read no subscription: assign it the Reader role/)
    })

    it('Microsoft 365: says Graph could not be reached, on top', async () => {
      const { post } = await appOf('down')
      expect(expectTopOnly(await post(paths.m365, secretCredentials()))).toBe(
        `Could not reach Microsoft Graph at ${azDown.graphUrl}: connection refused.`,
      )
    })

    it('Microsoft 365: names the missing permission on top, not at the application ID', async () => {
      const { post } = await appOf('healthy')
      const app = az.world.apps[0]
      if (app) app.graphRoles = []
      const message = expectTopOnly(await post(paths.m365, secretCredentials()))
      expect(message).toMatch(/^The app lacks the Microsoft Graph permission ServiceHealth\.Read\.All/)
    })
  })
})
