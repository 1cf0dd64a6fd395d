import type { TokenCredential } from '@azure/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyAzureAccount } from '../../../../src/server/cloud/azure/index.ts'
import { secretsOf, signIn } from '../../../../src/server/cloud/azure/sign-in.ts'
import { appCertificate } from '../../../support/azure/app-certificate.ts'
import {
  CLIENT_ID,
  type LoopbackAzure,
  loopbackOptions,
  startLoopbackAzure,
  TENANT_ID,
} from '../../../support/azure/index.ts'

// Whatever a failed sign-in says, the secret and the private key stay out of the message.

const who = { tenantId: TENANT_ID, clientId: CLIENT_ID, authorityHost: 'https://login.example' }

describe('signIn', () => {
  it('hides the secret even when an error repeats it', async () => {
    const secret = 'very~secret.value-0123456789'
    const leaky: TokenCredential = {
      getToken: async () => Promise.reject(new Error(`bad secret ${secret}. Try again`)),
    }
    const answer = await signIn(
      leaky,
      'https://management.azure.com/.default',
      who,
      secretsOf({ client_secret: secret }),
    )
    expect(answer).toEqual({
      ok: false,
      failure: { problem: 'sign_in_failed', message: 'Signing in to Microsoft Entra ID failed: bad secret ••••.' },
    })
  })
})

describe('a certificate whose key cannot be used', () => {
  let az: LoopbackAzure
  beforeAll(async () => {
    az = await startLoopbackAzure()
  })
  afterAll(() => az.close())

  it('fails in words, without the key', async () => {
    const { certificate } = appCertificate()
    const key = `-----BEGIN PRIVATE KEY-----\n${'QUJD'.repeat(16)}\n-----END PRIVATE KEY-----\n`
    const answer = await verifyAzureAccount(
      { auth: 'certificate', tenant_id: TENANT_ID, client_id: CLIENT_ID, certificate: `${key}${certificate}` },
      loopbackOptions(az),
    )
    expect(answer).toMatchObject({ ok: false, problem: 'bad_certificate' })
    expect(!answer.ok && answer.message).toMatch(/^The certificate's private key cannot sign in: /)
    expect(JSON.stringify(answer)).not.toContain('QUJDQUJD')
  })
})
