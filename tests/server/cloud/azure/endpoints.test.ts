import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { armUrlOf, isMicrosoftAuthority, scopeFor } from '../../../../src/server/cloud/azure/endpoints.ts'
import { syncAzureAccount, verifyAzureAccount } from '../../../../src/server/cloud/azure/index.ts'
import {
  type LoopbackAzure,
  resetWorld,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
} from '../../../support/azure/index.ts'

// The settings an operator uses steer the libraries: AZURE_AUTHORITY_HOST (read by @azure/identity itself) and
// AZURE_RESOURCE_MANAGER_URL (every ARM client's endpoint and token audience), with no option given.

let az: LoopbackAzure
beforeAll(async () => {
  az = await startLoopbackAzure()
})
afterAll(() => az.close())
beforeEach(() => resetWorld(az))
afterEach(() => vi.unstubAllEnvs())

const retry = { retryDelayInMs: 10, maxRetryDelayInMs: 50 }

describe('settings from the environment', () => {
  it('AZURE_AUTHORITY_HOST and AZURE_RESOURCE_MANAGER_URL point verify and sync at their servers', async () => {
    vi.stubEnv('AZURE_AUTHORITY_HOST', az.authorityHost)
    vi.stubEnv('AZURE_RESOURCE_MANAGER_URL', `${az.armUrl}/`)
    const verified = await verifyAzureAccount(secretCredentials(), { retry })
    expect(verified.ok && verified.subscriptions.map((s) => s.subscriptionId)).toContain(SUBSCRIPTION_ID)
    const sync = await syncAzureAccount(secretCredentials(), { retry, subscriptionIds: [SUBSCRIPTION_ID] })
    const parts = sync.ok ? sync.subscriptions[0] : undefined
    expect([parts?.details.status, parts?.resources.status, parts?.availability.status, parts?.costs?.status]).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ])
    const servers = new Set(az.world.requests.map((r) => r.server))
    expect(servers).toEqual(new Set(['identity', 'arm']))
  })

  it('an option wins over the environment', async () => {
    const other = await startLoopbackAzure()
    try {
      vi.stubEnv('AZURE_RESOURCE_MANAGER_URL', other.armUrl)
      const verified = await verifyAzureAccount(secretCredentials(), {
        authorityHost: az.authorityHost,
        armUrl: az.armUrl,
        retry,
      })
      expect(verified.ok).toBe(true)
      expect(other.world.requests).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('says when Resource Manager cannot be reached', async () => {
    const other = await startLoopbackAzure()
    try {
      await other.stop('arm')
      const answer = await verifyAzureAccount(secretCredentials(), {
        authorityHost: other.authorityHost,
        armUrl: other.armUrl,
        retry,
      })
      expect(answer).toEqual({
        ok: false,
        problem: 'arm_failed',
        message: `Could not reach Azure Resource Manager at ${other.armUrl}: connection refused.`,
      })
    } finally {
      await other.close()
    }
  })

  it("says when Resource Manager is not of the sign-in service's cloud", async () => {
    const other = await startLoopbackAzure()
    try {
      const answer = await verifyAzureAccount(secretCredentials(), {
        authorityHost: az.authorityHost,
        armUrl: other.armUrl,
        retry,
      })
      expect(answer).toMatchObject({ ok: false, problem: 'sign_in_failed' })
      expect(!answer.ok && answer.message).toMatch(/^The sign-in service does not know the service .*AADSTS500011/)
    } finally {
      await other.close()
    }
  })

  it('asks tokens for the endpoint as audience, and refuses a plain http endpoint', () => {
    expect(scopeFor('https://management.usgovcloudapi.net/')).toBe('https://management.usgovcloudapi.net/.default')
    expect(armUrlOf({ armUrl: 'https://management.azure.com/' })).toBe('https://management.azure.com')
    expect(() => armUrlOf({ armUrl: 'http://127.0.0.1:1' })).toThrow(
      'AZURE_RESOURCE_MANAGER_URL must be an https:// address.',
    )
  })

  it('keeps instance discovery for Microsoft hosts only', () => {
    expect(isMicrosoftAuthority('https://login.microsoftonline.com')).toBe(true)
    expect(isMicrosoftAuthority('https://login.microsoftonline.us/')).toBe(true)
    expect(isMicrosoftAuthority('https://login.chinacloudapi.cn')).toBe(true)
    expect(isMicrosoftAuthority(az.authorityHost)).toBe(false)
    expect(isMicrosoftAuthority('https://login.microsoftonline.com.evil.example')).toBe(false)
  })
})
