import type { BillingFrequency, Plan } from './plan.ts'

// The upgrade page's comparison of the plans, from the plan rows: what each costs at a billing frequency, its
// limits, and the features that set them apart (those every plan has are not worth a row).

export interface PlanPrice {
  /** In cents, for the period: a month or a year. */
  cents: number
  per: 'month' | 'year'
}

export const priceOf = (plan: Plan, frequency: BillingFrequency): PlanPrice =>
  frequency === 'Yearly'
    ? { cents: plan.price_yearly_cents, per: 'year' }
    : { cents: plan.price_monthly_cents, per: 'month' }

/** What a year paid at once saves against twelve months, in cents (0 when it saves nothing). */
export const yearlySaving = (plan: Plan): number => Math.max(0, plan.price_monthly_cents * 12 - plan.price_yearly_cents)

const interval = (seconds: number) => (seconds % 60 === 0 ? `every ${seconds / 60} min` : `every ${seconds} s`)

export interface ComparisonRow {
  label: string
  /** One value per plan, in the order of the plans given; true/false for a feature. */
  values: (string | boolean)[]
}

export const comparePlans = (plans: readonly Plan[]): ComparisonRow[] => {
  const limits: ComparisonRow[] = [
    { label: 'Monitors', values: plans.map((p) => `up to ${p.limits.max_monitors}`) },
    { label: 'Fastest check', values: plans.map((p) => interval(p.limits.min_interval_seconds)) },
    { label: 'Result history', values: plans.map((p) => `${p.limits.retention_days} days`) },
    { label: 'Status pages', values: plans.map((p) => `up to ${p.limits.max_status_pages}`) },
  ]
  const has = (plan: Plan, feature: string) => plan.planAccesses.find((a) => a.feature === feature)?.access !== false
  const features = [...new Set(plans.flatMap((p) => p.planAccesses.map((a) => a.feature)))]
    .filter((feature) => plans.some((p) => !has(p, feature)))
    .map((feature) => ({ label: feature, values: plans.map((p) => has(p, feature)) }))
  return [...limits, ...features]
}
