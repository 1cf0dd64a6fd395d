import { describe, expect, it } from 'vitest'
import type { Plan } from '@vigil/domain/plan'
import { comparePlans, priceOf, yearlySaving } from '@vigil/domain/plan-compare'

const plan = (title: 'Basic' | 'Pro', over: Partial<Plan>): Plan => ({
  plan_id: title,
  title,
  description: '',
  price_monthly_cents: 0,
  price_yearly_cents: 0,
  trial_days: 0,
  limits: { max_monitors: 20, min_interval_seconds: 300, retention_days: 30, max_status_pages: 1 },
  planAccesses: [],
  ...over,
})

const basic = plan('Basic', {
  planAccesses: [
    { feature: 'Dashboard', access: true },
    { feature: 'Reporting', access: false },
    { feature: 'DNS Monitoring', access: false },
  ],
})
const pro = plan('Pro', {
  price_monthly_cents: 1500,
  price_yearly_cents: 15000,
  trial_days: 15,
  limits: { max_monitors: 500, min_interval_seconds: 30, retention_days: 365, max_status_pages: 20 },
  planAccesses: [
    { feature: 'Dashboard', access: true },
    { feature: 'Reporting', access: true },
  ],
})

describe('comparing the plans', () => {
  it('prices a plan by its billing frequency and says what a year saves', () => {
    expect(priceOf(pro, 'Monthly')).toEqual({ cents: 1500, per: 'month' })
    expect(priceOf(pro, 'Yearly')).toEqual({ cents: 15000, per: 'year' })
    expect(yearlySaving(pro)).toBe(3000)
    expect(yearlySaving(plan('Pro', { price_monthly_cents: 1000, price_yearly_cents: 12000 }))).toBe(0)
  })

  it('lists the limits, and only the features that differ (a feature not listed is included)', () => {
    expect(comparePlans([basic, pro])).toEqual([
      { label: 'Monitors', values: ['up to 20', 'up to 500'] },
      { label: 'Fastest check', values: ['every 5 min', 'every 30 s'] },
      { label: 'Result history', values: ['30 days', '365 days'] },
      { label: 'Status pages', values: ['up to 1', 'up to 20'] },
      { label: 'Reporting', values: [false, true] },
      { label: 'DNS Monitoring', values: [false, true] },
    ])
  })
})
