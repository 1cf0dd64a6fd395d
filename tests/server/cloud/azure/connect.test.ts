import { inspect } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { verifyAzureAccount } from '../../../../src/server/cloud/azure/index.ts'
import { appCertificate } from '../../../support/azure/app-certificate.ts'
import { json, serveHttps } from '../../../support/azure/https.ts'
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type LoopbackAzure,
  loopbackOptions,
  OTHER_SUBSCRIPTION_ID,
  resetWorld,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
  TENANT_DOMAIN,
  TENANT_ID,
} from '../../../support/azure/index.ts'
import { createCa, issue } from '../../checks/certs.ts'

// Connecting an app registration: the identity platform's answers, through @azure/identity, become the readable
// subscriptions or a message that says what to fix, with Microsoft Entra ID's reason and never the secret.

let az: LoopbackAzure
beforeAll(async () => {
  az = await startLoopbackAzure()
})
afterAll(() => az.close())
beforeEach(() => resetWorld(az))

/** A certificate for 127.0.0.1 from a CA this process does not trust. */
const untrustedCertificate = () =>
  issue(createCa('Untrusted test CA'), {
    commonName: 'localhost',
    names: ['127.0.0.1'],
    notAfter: Date.now() + 86_400_000,
  })

/** Nothing of the secret in the answer, however it is printed. */
const expectNoSecret = (answer: unknown, secret: string) => {
  expect(JSON.stringify(answer)).not.toContain(secret)
  expect(inspect(answer, { depth: 10 })).not.toContain(secret)
}

describe('verifyAzureAccount', () => {
  it('lists the subscriptions a client secret can read', async () => {
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toEqual({
      ok: true,
      subscriptions: [
        {
          subscriptionId: SUBSCRIPTION_ID,
          name: 'Production',
          state: 'Enabled',
          tenantId: TENANT_ID,
          quotaId: 'PayAsYouGo_2014-09-01',
          offer: 'Pay-As-You-Go',
          spendingLimit: 'Off',
          tags: { owner: 'ops' },
        },
        expect.objectContaining({ subscriptionId: OTHER_SUBSCRIPTION_ID, offer: 'Visual Studio subscription' }),
      ],
    })
    const token = az.world.requests.find((r) => r.server === 'identity' && r.path.endsWith('/oauth2/v2.0/token'))
    expect(token?.path).toBe(`/${TENANT_ID}/oauth2/v2.0/token`)
  })

  it('signs in with a tenant named by its domain', async () => {
    const answer = await verifyAzureAccount(secretCredentials({ tenant_id: TENANT_DOMAIN }), loopbackOptions(az))
    expect(answer.ok).toBe(true)
  })

  it('signs in with a certificate uploaded to the app (a signed client assertion)', async () => {
    const cert = appCertificate()
    az.world.apps[0]?.certificates.push(cert.certificate)
    const input = { auth: 'certificate' as const, tenant_id: TENANT_ID, client_id: CLIENT_ID, certificate: cert.pem }
    const answer = await verifyAzureAccount(input, loopbackOptions(az))
    expect(answer.ok && answer.subscriptions.map((s) => s.name)).toEqual(['Production', 'Development'])
  })

  it('refuses a certificate the app does not know, in plain words', async () => {
    const registered = appCertificate()
    az.world.apps[0]?.certificates.push(registered.certificate)
    const other = appCertificate()
    const input = { auth: 'certificate' as const, tenant_id: TENANT_ID, client_id: CLIENT_ID, certificate: other.pem }
    const answer = await verifyAzureAccount(input, loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'bad_certificate' })
    expect(!answer.ok && answer.message).toMatch(/^The app does not know this certificate: upload its public part/)
    expect(!answer.ok && answer.message).toContain('AADSTS700027')
    expectNoSecret(answer, other.pem.split('\n')[1] as string)
  })

  it('says a wrong client secret is wrong, with the reason, and without the secret', async () => {
    const secret = 'Wrong~secret.value-that-must-not-leak-0123'
    const answer = await verifyAzureAccount(secretCredentials({ client_secret: secret }), loopbackOptions(az))
    expect(answer).toEqual({
      ok: false,
      problem: 'invalid_secret',
      message:
        'The client secret is wrong or expired: create a new secret in Microsoft Entra ID > App registrations > ' +
        'your app > Certificates & secrets, and paste its Value (not its Secret ID). (Microsoft Entra ID: ' +
        'AADSTS7000215: Invalid client secret provided.)',
    })
    expectNoSecret(answer, secret)
  })

  it('says an expired secret has expired', async () => {
    const app = az.world.apps[0]
    if (app) app.expiredSecrets = app.secrets.splice(0)
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'expired_secret' })
    expect(!answer.ok && answer.message).toMatch(/has expired.*AADSTS7000222/)
    expectNoSecret(answer, CLIENT_SECRET)
  })

  it('says an unknown application id is not in the directory', async () => {
    const clientId = '11111111-2222-4333-8444-555555555555'
    const answer = await verifyAzureAccount(secretCredentials({ client_id: clientId }), loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'unknown_app' })
    expect(!answer.ok && answer.message).toContain(
      `No application with client ID ${clientId} exists in directory ${TENANT_ID}`,
    )
    expect(!answer.ok && answer.message).toContain(
      `AADSTS700016: Application with identifier '${clientId}' was not found`,
    )
    expectNoSecret(answer, CLIENT_SECRET)
  })

  it.each([
    ['a GUID', '99999999-8888-4777-8666-555555555555'],
    ['a domain', 'fabrikam.onmicrosoft.com'],
  ])('says an unknown tenant (%s) was not found, with the platform reason', async (_, tenant) => {
    const answer = await verifyAzureAccount(secretCredentials({ tenant_id: tenant }), loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'unknown_tenant' })
    expect(!answer.ok && answer.message).toContain(`Directory (tenant) ${tenant} was not found`)
    expect(!answer.ok && answer.message).toContain(`AADSTS90002: Tenant '${tenant}' not found.`)
    expectNoSecret(answer, CLIENT_SECRET)
  })

  it('says when the sign-in service cannot be reached', async () => {
    const closed = await startLoopbackAzure()
    await closed.close()
    const answer = await verifyAzureAccount(secretCredentials(), {
      ...loopbackOptions(az),
      authorityHost: closed.authorityHost,
    })
    expect(answer).toEqual({
      ok: false,
      problem: 'unreachable',
      message:
        `Could not reach the Microsoft sign-in service at ${closed.authorityHost}: connection refused. Check that ` +
        'this server can reach it, then try again.',
    })
  })

  it("puts MSAL's network_error in words: the token request's connection broke, and why when it can be found", async () => {
    // The tenant's configuration is read; every token request's connection is then closed without an answer.
    az.world.hangUps = 100
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toEqual({
      ok: false,
      problem: 'unreachable',
      message:
        `Could not reach the Microsoft sign-in service at ${az.authorityHost}: the sign-in request failed ` +
        '(connection closed). Check that this server can reach it, then try again.',
    })
    expect(JSON.stringify(answer)).not.toMatch(/network_error|aka\.ms/)
    const tokenRequests = az.world.requests.filter((r) => r.path.endsWith('/oauth2/v2.0/token'))
    // @azure/identity's retries, then one more to find the cause.
    expect(tokenRequests.length).toBeGreaterThan(1)
    expect(az.world.requests.some((r) => r.server === 'arm')).toBe(false)
  })

  it('says the connection broke when the token endpoint answers again when asked why', async () => {
    // As many hang-ups as @azure/identity makes requests: the question after them is answered.
    az.world.hangUps = 4
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toEqual({
      ok: false,
      problem: 'unreachable',
      message:
        `Could not reach the Microsoft sign-in service at ${az.authorityHost}: the connection broke off before the ` +
        'sign-in request was answered. Check that this server can reach it, then try again.',
    })
  })

  it('says when the sign-in service is not one this server trusts (TLS)', async () => {
    const other = await serveHttps(untrustedCertificate(), () => json(200, {}))
    try {
      const answer = await verifyAzureAccount(secretCredentials(), {
        ...loopbackOptions(az),
        authorityHost: other.origin,
      })
      expect(answer).toMatchObject({ ok: false, problem: 'unreachable' })
      expect(!answer.ok && answer.message).toMatch(
        new RegExp(`^Could not reach the Microsoft sign-in service at ${other.origin}: its TLS certificate is `),
      )
    } finally {
      await other.close()
    }
  })

  it('says Resource Manager could not be reached, without promising a next sync for an account not saved', async () => {
    const other = await startLoopbackAzure()
    try {
      await other.stop('arm')
      const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(other))
      expect(answer).toEqual({
        ok: false,
        problem: 'arm_failed',
        message: `Could not reach Azure Resource Manager at ${other.armUrl}: connection refused.`,
      })
    } finally {
      await other.close()
    }
  })

  it('says what to grant when the app can read no subscription', async () => {
    az.world.apps[0]?.deniedActions.push('Microsoft.Resources/subscriptions/read')
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'no_subscriptions' })
    expect(!answer.ok && answer.message).toContain('assign it the Reader role on each subscription')
  })
})
