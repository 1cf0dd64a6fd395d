import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import * as v from 'valibot'
import { BillingFrequency, FREE_TRIAL_DAYS, Plan, PlanTitle } from './plan.ts'

// Validity is computed in UTC so the server's time zone never moves an end date.
dayjs.extend(utc)

export const Subscription = v.object({
  subscription_id: v.string(),
  title: PlanTitle,
  billing_frequency: BillingFrequency,
  is_free_trial: v.boolean(),
  start_date: v.string(),
  /** When Pro access ends: start + 15 days (trial), + 1 month or + 1 year; null for Basic. */
  validity_end_date: v.nullable(v.string()),
  plan: Plan,
})
export type Subscription = v.InferOutput<typeof Subscription>

/** `GET` and `PUT /api/user_subscription`: the user's subscription. */
export const OneSubscription = v.object({ subscription: Subscription })
export type OneSubscription = v.InferOutput<typeof OneSubscription>

export interface SubscriptionTerms {
  readonly title: PlanTitle
  readonly billing_frequency: BillingFrequency
  readonly is_free_trial: boolean
}

/** The end of Pro validity for a subscription that starts at `start` (epoch ms); null for Basic. */
export const validityEnd = (terms: SubscriptionTerms, start: number): number | null => {
  if (terms.title !== 'Pro') return null
  if (terms.is_free_trial) return dayjs.utc(start).add(FREE_TRIAL_DAYS, 'day').valueOf()
  return dayjs
    .utc(start)
    .add(1, terms.billing_frequency === 'Yearly' ? 'year' : 'month')
    .valueOf()
}

/** A Pro validity that has run out: the user falls back to Basic from `endsAt` on. */
export const isExpired = (endsAt: number | null, now: number): boolean => endsAt !== null && endsAt <= now
