import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { FREE_TRIAL_DAYS } from './plan.ts'
import type { Subscription } from './subscription.ts'

// Counted in UTC, as the server counts validity (subscription.ts): the viewer's time zone never moves it.
dayjs.extend(utc)

export type PlanDialogVariant =
  | { kind: 'basic'; title: 'Basic Plan Activated' }
  | { kind: 'pro'; title: 'Pro Plan Activated'; validUntil: string }
  | { kind: 'trial'; title: 'Pro Plan Selected'; trialDays: number }

export const UPGRADE_PATH = '/upgrade_to_pro?is_free_trial=true'
/** The dashboard with its "Add your first monitor" menu open (the welcome dialog's first step). */
export const FIRST_MONITOR_PATH = '/dashboard?add=monitor'

/**
 * The welcome dialog after sign-up. A paid Pro plan shows its validity end: one month
 * ahead when billed monthly, one year when yearly, counted from the subscription's start.
 */
export const planDialogVariant = (
  sub: Pick<Subscription, 'title' | 'is_free_trial' | 'billing_frequency' | 'start_date' | 'validity_end_date'>,
): PlanDialogVariant => {
  if (sub.title === 'Basic') return { kind: 'basic', title: 'Basic Plan Activated' }
  if (sub.is_free_trial) return { kind: 'trial', title: 'Pro Plan Selected', trialDays: FREE_TRIAL_DAYS }
  const end =
    sub.validity_end_date ??
    dayjs
      .utc(sub.start_date)
      .add(1, sub.billing_frequency === 'Yearly' ? 'year' : 'month')
      .toISOString()
  return { kind: 'pro', title: 'Pro Plan Activated', validUntil: end }
}

/** `?is_signup=...` present: the dialog is due (once; closing removes it from the URL). */
export const hasSignupFlag = (search: string): boolean => new URLSearchParams(search).has('is_signup')

export const withoutSignupFlag = (search: string): string => {
  const params = new URLSearchParams(search)
  params.delete('is_signup')
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
