import { describe, expect, it } from 'vitest'
import { hasSignupFlag, planDialogVariant, UPGRADE_PATH, withoutSignupFlag } from '@vigil/domain/plan-dialog'

type Sub = Parameters<typeof planDialogVariant>[0]
const sub = (over: Partial<Sub>): Sub => ({
  title: 'Pro',
  is_free_trial: false,
  billing_frequency: 'Monthly',
  start_date: '2026-01-15T12:00:00.000Z',
  validity_end_date: null,
  ...over,
})

describe('planDialogVariant', () => {
  it.each([
    ['Monthly', sub({ billing_frequency: 'Monthly' })],
    ['Yearly', sub({ billing_frequency: 'Yearly', is_free_trial: false })],
  ])('Basic (%s) is "Basic Plan Activated"', (_, s) =>
    expect(planDialogVariant({ ...s, title: 'Basic' })).toEqual({ kind: 'basic', title: 'Basic Plan Activated' }),
  )

  it.each([
    ['Monthly', null],
    ['Yearly', '2027-01-30T00:00:00.000Z'],
  ] as const)('a Pro trial (%s) is "Pro Plan Selected" with 15 days', (billing_frequency, validity_end_date) =>
    expect(planDialogVariant(sub({ is_free_trial: true, billing_frequency, validity_end_date }))).toEqual({
      kind: 'trial',
      title: 'Pro Plan Selected',
      trialDays: 15,
    }),
  )

  it.each([
    ['Monthly', '2026-01-15T12:00:00.000Z', '2026-02-15T12:00:00.000Z'],
    ['Yearly', '2026-01-15T12:00:00.000Z', '2027-01-15T12:00:00.000Z'],
    // Month ends and days near midnight UTC: counted in UTC, whatever the viewer's time zone.
    ['Monthly', '2026-01-30T23:30:00.000Z', '2026-02-28T23:30:00.000Z'],
    ['Monthly', '2026-01-31T00:30:00.000Z', '2026-02-28T00:30:00.000Z'],
    ['Monthly', '2026-03-10T12:00:00.000Z', '2026-04-10T12:00:00.000Z'],
    ['Monthly', '2026-12-31T23:59:00.000Z', '2027-01-31T23:59:00.000Z'],
    ['Yearly', '2028-02-29T10:00:00.000Z', '2029-02-28T10:00:00.000Z'],
  ] as const)(
    'paid Pro (%s) from %s without an end date is "Pro Plan Activated" until %s',
    (billing_frequency, start_date, validUntil) =>
      expect(planDialogVariant(sub({ billing_frequency, start_date }))).toEqual({
        kind: 'pro',
        title: 'Pro Plan Activated',
        validUntil,
      }),
  )

  it.each(['Monthly', 'Yearly'] as const)('paid Pro (%s) with an end date shows that date', (billing_frequency) =>
    expect(planDialogVariant(sub({ billing_frequency, validity_end_date: '2026-03-01T08:00:00.000Z' }))).toEqual({
      kind: 'pro',
      title: 'Pro Plan Activated',
      validUntil: '2026-03-01T08:00:00.000Z',
    }),
  )

  it('Upgrade goes to the free trial upgrade page', () =>
    expect(UPGRADE_PATH).toBe('/upgrade_to_pro?is_free_trial=true'))
})

describe('hasSignupFlag', () => {
  it.each([
    ['?is_signup=true', true],
    ['?is_signup', true],
    ['?is_signup=', true],
    ['?is_signup=false', true], // present is enough
    ['is_signup=1', true],
    ['?tab=billing&is_signup=1&x=2', true],
    ['', false],
    ['?', false],
    ['?tab=billing', false],
    ['?is_signup_done=1', false],
    ['?IS_SIGNUP=1', false],
  ])('%j: %s', (search, flag) => expect(hasSignupFlag(search)).toBe(flag))
})

describe('withoutSignupFlag', () => {
  it.each([
    ['?is_signup=true', ''],
    ['?is_signup', ''],
    ['', ''],
    ['?tab=billing', '?tab=billing'],
    ['?is_signup=true&tab=billing', '?tab=billing'],
    ['?a=1&is_signup=1&b=2', '?a=1&b=2'],
    ['?b=2&a=1&is_signup=1', '?b=2&a=1'],
    ['?a=1&a=2&is_signup=1', '?a=1&a=2'],
    ['is_signup=1&is_free_trial=true', '?is_free_trial=true'],
  ])('%j -> %j', (search, rest) => expect(withoutSignupFlag(search)).toBe(rest))

  it('keeps encoded values as the same values', () => {
    const rest = withoutSignupFlag('?q=a%20b%26c&is_signup=1&next=%2Fdashboard')
    expect(hasSignupFlag(rest)).toBe(false)
    expect([...new URLSearchParams(rest)]).toEqual([
      ['q', 'a b&c'],
      ['next', '/dashboard'],
    ])
  })
})
