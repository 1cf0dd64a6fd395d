import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { RegisterInput } from '@vigil/domain/auth.schema'
import { PageQuery } from '@vigil/domain/pagination.schema'

describe('RegisterInput', () => {
  const base = { name: ' Ann ', email: ' Ann@Example.org ', password: '12345678', plan: 'Pro' }
  it('trims, lowercases the email and fills the defaults', () =>
    expect(v.parse(RegisterInput, base)).toEqual({
      name: 'Ann',
      email: 'ann@example.org',
      password: '12345678',
      plan: 'Pro',
      billing_frequency: 'Monthly',
      is_free_trial: false,
    }))

  it.each([
    [{ plan: 'Basic', is_free_trial: true }, 'The free trial is only for the Pro plan.'],
    [{ email: 'a@' }, 'Enter a valid email address.'],
    [{ password: '1234567' }, 'Password must be at least 8 characters.'],
  ])('%j fails with %s', (over, message) => {
    const result = v.safeParse(RegisterInput, { ...base, ...over })
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe(message)
  })
})

describe('PageQuery', () => {
  it.each([
    [{}, { page: 1, limit: 50 }],
    [
      { page: '3', limit: '10' },
      { page: 3, limit: 10 },
    ],
    [{ limit: '100' }, { page: 1, limit: 100 }],
  ])('%j reads as %j', (query, out) => expect(v.parse(PageQuery, query)).toEqual(out))

  it.each([[{ page: '0' }], [{ page: 'x' }], [{ limit: '101' }], [{ limit: '' }]])('%j is refused', (query) =>
    expect(v.safeParse(PageQuery, query).success).toBe(false),
  )
})
