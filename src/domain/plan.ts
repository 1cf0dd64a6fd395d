import * as v from 'valibot'

export const PlanAccess = v.object({ feature: v.string(), access: v.boolean() })
export type PlanAccess = v.InferOutput<typeof PlanAccess>

export const PLAN_TITLES = ['Basic', 'Pro'] as const
export const PlanTitle = v.picklist(PLAN_TITLES, 'Choose a plan: Basic or Pro.')
export type PlanTitle = v.InferOutput<typeof PlanTitle>

export const BILLING_FREQUENCIES = ['Monthly', 'Yearly'] as const
export const BillingFrequency = v.picklist(BILLING_FREQUENCIES, 'Billing frequency must be Monthly or Yearly.')
export type BillingFrequency = v.InferOutput<typeof BillingFrequency>

export const FREE_TRIAL_DAYS = 15

export const PlanLimits = v.object({
  max_monitors: v.number(),
  min_interval_seconds: v.number(),
  retention_days: v.number(),
  max_status_pages: v.number(),
})
export type PlanLimits = v.InferOutput<typeof PlanLimits>

export const Plan = v.object({
  plan_id: v.string(),
  title: PlanTitle,
  description: v.string(),
  price_monthly_cents: v.number(),
  price_yearly_cents: v.number(),
  trial_days: v.number(),
  limits: PlanLimits,
  planAccesses: v.array(PlanAccess),
})
export type Plan = v.InferOutput<typeof Plan>

/** `off`: plan changes are free and immediate (self-hosting); `stripe`: Pro is paid through Stripe. */
export const BILLING_MODES = ['off', 'stripe'] as const
export type BillingMode = (typeof BILLING_MODES)[number]

/** `GET /api/plans`: the plans, and how they are paid for on this server. */
export const PlanList = v.object({
  plans: v.array(Plan),
  billing: v.picklist(BILLING_MODES),
  /** The operator's address for visitors' questions (CONTACT_EMAIL), or null when there is none. */
  contact_email: v.nullable(v.string()),
})
export type PlanList = v.InferOutput<typeof PlanList>

/** An entry is locked only when its access flag is explicitly false. */
export const isLocked = (accesses: readonly PlanAccess[], label: string): boolean =>
  accesses.some((a) => a.feature === label && a.access === false)

export const premiumTooltip = (label: string): string =>
  `The ${label} feature is part of our premium offerings. Please upgrade your plan to unlock it!`

/**
 * The lock of one navigation entry: a sub-item of a locked group is locked too, and its tooltip names the
 * group's label; otherwise the entry's own flag decides.
 */
export const entryLock = (
  accesses: readonly PlanAccess[],
  label: string,
  groupLabel?: string,
): { locked: false } | { locked: true; tooltip: string } => {
  if (groupLabel && isLocked(accesses, groupLabel)) return { locked: true, tooltip: premiumTooltip(groupLabel) }
  if (isLocked(accesses, label)) return { locked: true, tooltip: premiumTooltip(label) }
  return { locked: false }
}
