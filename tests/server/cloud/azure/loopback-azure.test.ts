import { ClientSecretCredential } from '@azure/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type LoopbackAzure,
  SUBSCRIPTION_ID,
  startLoopbackAzure,
  TENANT_ID,
} from '../../../support/azure/index.ts'

// The loopback servers hold the clients to the real protocols: a token must come from the identity endpoint for
// the server's own audience, and ARM calls carry api-version. Otherwise a client that skipped them would pass.

let az: LoopbackAzure
let armToken: string
let graphToken: string
beforeAll(async () => {
  az = await startLoopbackAzure()
  const credential = new ClientSecretCredential(TENANT_ID, CLIENT_ID, CLIENT_SECRET, {
    authorityHost: az.authorityHost,
    disableInstanceDiscovery: true,
  })
  armToken = (await credential.getToken(`${az.armUrl}/.default`)).token
  graphToken = (await credential.getToken(`${new URL(az.graphUrl).origin}/.default`)).token
})
afterAll(() => az.close())

const get = async (url: string, token?: string) => {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.status, body: (await res.json()) as { error?: { code?: string } } }
}

describe('loopback Resource Manager', () => {
  const subscriptions = () => `${az.armUrl}/subscriptions/${SUBSCRIPTION_ID}?api-version=2022-12-01`

  it('answers a token for its audience', async () => {
    expect((await get(subscriptions(), armToken)).status).toBe(200)
  })

  it('refuses a call without a token, with a token for Graph, and without api-version', async () => {
    expect(await get(subscriptions())).toMatchObject({ status: 401, body: { error: { code: 'AuthenticationFailed' } } })
    expect(await get(subscriptions(), graphToken)).toMatchObject({
      status: 401,
      body: { error: { code: 'InvalidAuthenticationTokenAudience' } },
    })
    expect(await get(`${az.armUrl}/subscriptions/${SUBSCRIPTION_ID}`, armToken)).toMatchObject({
      status: 400,
      body: { error: { code: 'MissingApiVersionParameter' } },
    })
    expect(await get(subscriptions(), `${armToken.slice(0, -2)}xx`)).toMatchObject({ status: 401 })
  })
})

describe('loopback Graph', () => {
  it('refuses a token for Resource Manager', async () => {
    const url = `${az.graphUrl}/admin/serviceAnnouncement/healthOverviews`
    expect((await get(url, graphToken)).status).toBe(200)
    expect(await get(url, armToken)).toMatchObject({
      status: 401,
      body: { error: { code: 'InvalidAuthenticationToken' } },
    })
  })
})

describe('loopback identity platform', () => {
  it('refuses a token for a resource the tenant does not know', async () => {
    const res = await fetch(`${az.authorityHost}/${TENANT_ID}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        scope: 'https://vault.example/.default',
      }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error_codes: number[] }).error_codes).toEqual([500011])
  })
})
