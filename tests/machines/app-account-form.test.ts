import { describe, expect, it } from 'vitest'
import {
  type AppAccountValues,
  azureAccountSubmission,
  m365TenantSubmission,
} from '../../src/machines/app-account-form.machine.ts'
import { azureAccount, CLIENT_ID, m365Tenant, SUBSCRIPTION_ID, TENANT_ID } from '../fixtures/azure.ts'

const SECRET = 'Qx8Q~abcdefghijklmnopqrstuvwxyz0123456789'
const OTHER = '11111111-2222-3333-4444-555555555555'
const values = (over: Partial<AppAccountValues> = {}) =>
  ({
    name: 'Contoso production',
    auth: 'secret',
    tenant_id: TENANT_ID,
    client_id: CLIENT_ID,
    client_secret: SECRET,
    certificate: '',
    subscription_ids: null,
    ...over,
  }) as unknown as Record<string, unknown>

describe('the Azure and Microsoft 365 account forms, checked as the server checks them', () => {
  it('connects with every subscription the app can read, or with the chosen ones', () => {
    expect(azureAccountSubmission(null, values())).toEqual({
      ok: true,
      request: {
        id: null,
        body: {
          name: 'Contoso production',
          auth: 'secret',
          tenant_id: TENANT_ID,
          client_id: CLIENT_ID,
          client_secret: SECRET,
        },
      },
    })
    expect(azureAccountSubmission(null, values({ subscription_ids: [OTHER.toUpperCase()] }))).toMatchObject({
      ok: true,
      request: { body: { subscription_ids: [OTHER] } },
    })
  })

  it('says what is wrong at each field', () => {
    const checked = azureAccountSubmission(
      null,
      values({ tenant_id: 'not a tenant', client_id: 'x', client_secret: OTHER, subscription_ids: ['nope'] }),
    )
    expect(checked.ok).toBe(false)
    const errors = (checked as { errors: Record<string, string> }).errors
    expect(errors.tenant_id).toMatch(/GUID such as/)
    expect(errors.client_id).toMatch(/application \(client\) ID is a GUID/)
    expect(errors.client_secret).toMatch(/secret's ID/)
    expect(errors['subscription_ids.0']).toMatch(/subscription id is a GUID/)
  })

  it('sends only what changed, and the sign-in only when a new one was given', () => {
    const account = azureAccount()
    const same = values({ client_secret: '', subscription_ids: [SUBSCRIPTION_ID] })
    expect(azureAccountSubmission(account, same)).toEqual({ ok: true, request: null })
    expect(azureAccountSubmission(account, { ...same, subscription_ids: [SUBSCRIPTION_ID, OTHER] })).toEqual({
      ok: true,
      request: { id: 'z1', body: { subscription_ids: [OTHER, SUBSCRIPTION_ID] } },
    })
    // Another app needs its secret: the message is at the secret's field.
    const other = azureAccountSubmission(account, { ...same, client_id: OTHER })
    expect(other).toEqual({ ok: false, errors: { client_secret: 'Client secret is required.' } })
    expect(m365TenantSubmission(m365Tenant(), values({ name: 'Contoso', client_secret: SECRET }))).toEqual({
      ok: true,
      request: {
        id: 't1',
        body: { credentials: { auth: 'secret', tenant_id: TENANT_ID, client_id: CLIENT_ID, client_secret: SECRET } },
      },
    })
  })
})
