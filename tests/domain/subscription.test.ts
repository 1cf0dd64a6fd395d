import { describe, expect, it } from 'vitest'
import { isExpired, validityEnd } from '@vigil/domain/subscription'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

describe('validityEnd', () => {
  it.each([
    [{ title: 'Basic', billing_frequency: 'Monthly', is_free_trial: false }, '2026-01-31T10:00:00Z', null],
    [
      { title: 'Pro', billing_frequency: 'Monthly', is_free_trial: true },
      '2026-11-22T09:00:00Z',
      '2026-12-07T09:00:00.000Z',
    ],
    [
      { title: 'Pro', billing_frequency: 'Yearly', is_free_trial: true },
      '2026-11-22T09:00:00Z',
      '2026-12-07T09:00:00.000Z',
    ],
    [
      { title: 'Pro', billing_frequency: 'Monthly', is_free_trial: false },
      '2026-11-22T09:00:00Z',
      '2026-12-22T09:00:00.000Z',
    ],
    [
      { title: 'Pro', billing_frequency: 'Yearly', is_free_trial: false },
      '2026-11-22T09:00:00Z',
      '2027-11-22T09:00:00.000Z',
    ],
  ] as const)('%j from %s ends %s', (terms, start, end) => {
    expect(iso(validityEnd(terms, at(start)))).toBe(end)
  })

  it('a monthly plan started on the 31st ends on the last day of the next month', () =>
    expect(
      iso(
        validityEnd({ title: 'Pro', billing_frequency: 'Monthly', is_free_trial: false }, at('2027-01-31T12:00:00Z')),
      ),
    ).toBe('2027-02-28T12:00:00.000Z'))
})

describe('isExpired', () => {
  it.each([
    [null, 5, false],
    [10, 9, false],
    [10, 10, true],
    [10, 11, true],
  ])('ends_at %s at %s: %s', (endsAt, now, expired) => expect(isExpired(endsAt, now)).toBe(expired))
})
