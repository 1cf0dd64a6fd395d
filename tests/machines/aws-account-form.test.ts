import { describe, expect, it } from 'vitest'
import { type AwsAccountValues, awsAccountSubmission } from '../../src/machines/aws-account-form.machine.ts'
import { awsAccount } from '../fixtures/aws.ts'

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE'
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const values = (over: Partial<AwsAccountValues> = {}) =>
  ({
    name: 'Production',
    auth: 'keys',
    access_key_id: KEY_ID,
    secret_access_key: SECRET,
    role_arn: '',
    external_id: '',
    regions: null,
    ...over,
  }) as unknown as Record<string, unknown>

describe('the AWS account form, checked as the server checks it', () => {
  it('connects with keys, leaving the regions out for the account’s own', () => {
    expect(awsAccountSubmission(null, values())).toEqual({
      ok: true,
      request: {
        id: null,
        body: { name: 'Production', auth: 'keys', access_key_id: KEY_ID, secret_access_key: SECRET },
      },
    })
  })

  it('connects with a role and its external id, in the chosen regions', () => {
    const role = values({
      auth: 'role',
      role_arn: 'arn:aws:iam::111122223333:role/VigilReadOnly',
      external_id: 'vigil-abc123',
      regions: ['eu-west-1', 'us-east-1'],
    })
    expect(awsAccountSubmission(null, role)).toMatchObject({
      ok: true,
      request: {
        body: {
          auth: 'role',
          role_arn: 'arn:aws:iam::111122223333:role/VigilReadOnly',
          external_id: 'vigil-abc123',
          regions: ['eu-west-1', 'us-east-1'],
        },
      },
    })
  })

  it('says what is wrong at each field', () => {
    const bad = awsAccountSubmission(null, values({ name: '', access_key_id: 'nope', regions: [] }))
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(Object.keys(bad.errors).sort()).toEqual(['access_key_id', 'name', 'regions'])
    expect(bad.errors.access_key_id).toMatch(/starting with AKIA/)
  })

  it('sends nothing when nothing changed: empty key fields keep the stored keys', () => {
    const account = awsAccount({ regions: ['us-east-1', 'eu-west-1'] })
    const same = values({ access_key_id: '', secret_access_key: '', regions: ['eu-west-1', 'us-east-1'] })
    expect(awsAccountSubmission(account, same)).toEqual({ ok: true, request: null })
  })

  it('sends only what changed, and new keys whole', () => {
    const account = awsAccount()
    expect(
      awsAccountSubmission(account, values({ name: 'Prod', access_key_id: '', secret_access_key: '', regions: null })),
    ).toEqual({ ok: true, request: { id: 'a1', body: { name: 'Prod' } } })
    expect(awsAccountSubmission(account, values({ regions: ['eu-west-1'] }))).toEqual({
      ok: true,
      request: {
        id: 'a1',
        body: { credentials: { auth: 'keys', access_key_id: KEY_ID, secret_access_key: SECRET } },
      },
    })
  })

  it('shows a new credential’s message at its own input', () => {
    const half = awsAccountSubmission(awsAccount(), values({ secret_access_key: '' }))
    expect(half).toEqual({ ok: false, errors: { secret_access_key: 'Secret access key is required.' } })
  })
})
