import * as v from 'valibot'
import { BILLING_MODES, BillingFrequency } from './plan.ts'
import { type PlanChangeEffects, planChangeDescription } from './plan-change.ts'
import { Subscription } from './subscription.ts'

// Billing's rules: the two modes, what a Stripe subscription's state means for the plan, when the trial's
// reminders are due, and what the user is told. The server applies them; the pages read the overview.

export { BILLING_MODES, type BillingMode } from './plan.ts'

const DAY = 86_400_000

/** The Stripe statuses of a subscription still running (paid, in its trial at Stripe, or retrying a payment). */
export const isLiveStatus = (status: string | null | undefined): boolean =>
  status === 'active' || status === 'trialing' || status === 'past_due'

/** How long Pro stays after a renewal payment fails, while Stripe retries the card. */
export const GRACE_DAYS = 7
/**
 * How long after a paid period's end Pro waits for the renewal's webhook before it ends: Stripe charges at the
 * period's end and tells us within minutes, so a late call does not flip the account to Basic and back.
 */
export const RENEWAL_LEEWAY_MS = DAY
/** The trial's reminders, in days before its end; the nearer one wins when both are due. */
export const TRIAL_REMINDER_DAYS = [3, 1] as const
export type TrialReminder = `trial_${(typeof TRIAL_REMINDER_DAYS)[number]}d`

/** A Stripe subscription as billing reads it (Stripe's own words for status and interval). */
export interface PaidState {
  status: string
  interval: 'month' | 'year'
  /** End of the period paid for, epoch ms. */
  periodEnd: number
  cancelAtPeriodEnd: boolean
  /** When the renewal first failed, epoch ms; null while paid up. */
  pastDueSince: number | null
}

export type PaidTerms =
  /** Pro, paid until `endsAt` (the period, the leeway or the grace). */
  | { plan: 'Pro'; billing_frequency: BillingFrequency; endsAt: number }
  /** The paid plan is over. */
  | { plan: 'Basic' }
  /** Not paid yet (checkout not finished): the plan does not change. */
  | null

export const frequencyOf = (interval: 'month' | 'year'): BillingFrequency =>
  interval === 'year' ? 'Yearly' : 'Monthly'
export const intervalOf = (frequency: BillingFrequency): 'month' | 'year' => (frequency === 'Yearly' ? 'year' : 'month')

/** What a Stripe subscription's state gives the account. */
export const paidTerms = (paid: PaidState): PaidTerms => {
  const billing_frequency = frequencyOf(paid.interval)
  switch (paid.status) {
    case 'active':
    case 'trialing':
      return {
        plan: 'Pro',
        billing_frequency,
        endsAt: paid.cancelAtPeriodEnd ? paid.periodEnd : paid.periodEnd + RENEWAL_LEEWAY_MS,
      }
    case 'past_due': {
      const since = paid.pastDueSince ?? paid.periodEnd
      return { plan: 'Pro', billing_frequency, endsAt: since + GRACE_DAYS * DAY }
    }
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
      return { plan: 'Basic' }
    default:
      return null
  }
}

/** Whole days of a trial left, counting a started day as one; 0 once it has ended. */
export const trialDaysLeft = (endsAt: number, now: number): number => Math.max(0, Math.ceil((endsAt - now) / DAY))

/** The reminder due now for a trial ending at `endsAt`, given those already sent; null when none is. */
export const trialReminderDue = (endsAt: number, now: number, sent: ReadonlySet<string>): TrialReminder | null => {
  if (endsAt <= now) return null
  // The nearest window first: a server that was down for the 3-day one sends only the 1-day one.
  for (const days of [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b)) {
    const kind: TrialReminder = `trial_${days}d`
    if (endsAt - now <= days * DAY) return sent.has(kind) ? null : kind
  }
  return null
}

export interface Told {
  title: string
  description: string
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** What the user is told (a notification and an email) at each turn of billing. */
export const billingNotice = {
  trialEnding: (endsAt: number, now: number): Told => {
    const left = trialDaysLeft(endsAt, now)
    return {
      title: left <= 1 ? 'Your Pro trial ends tomorrow' : `Your Pro trial ends in ${left} days`,
      description: `Your free trial of Pro ends on ${day(endsAt)} (UTC). Choose Pro Monthly or Pro Yearly on the upgrade page to keep Pro; otherwise your account moves to Basic: nothing is deleted, and what Basic has no room for is paused.`,
    }
  },
  planEnded: (wasTrial: boolean, paymentFailed: boolean, effects: PlanChangeEffects): Told => ({
    title: wasTrial ? 'Your Pro trial has ended' : 'Your Pro plan has ended',
    description: [
      paymentFailed
        ? 'The payment for Pro did not go through within the grace period, so your account is on Basic now.'
        : 'Your account is on Basic now.',
      planChangeDescription(effects) || 'Everything you have fits Basic, so nothing had to change.',
    ].join(' '),
  }),
  paymentFailed: (graceEnds: number): Told => ({
    title: 'Your payment for Pro failed',
    description: `Stripe could not charge your card for Pro. Pro stays until ${day(graceEnds)} (UTC) while Stripe tries again; update your card from Billing to keep it.`,
  }),
  paid: (frequency: BillingFrequency, endsAt: number, effects: PlanChangeEffects): Told => ({
    title: 'Pro Plan Activated',
    description: [`Thank you: Pro ${frequency} is paid until ${day(endsAt)} (UTC).`, planChangeDescription(effects)]
      .filter(Boolean)
      .join(' '),
  }),
}

export const Invoice = v.object({
  id: v.string(),
  number: v.nullable(v.string()),
  date: v.string(),
  amount_cents: v.number(),
  currency: v.string(),
  status: v.nullable(v.string()),
  pdf_url: v.nullable(v.string()),
})
export type Invoice = v.InferOutput<typeof Invoice>

/** The paid plan as Stripe has it, read for the Billing page. */
export const PaidPlan = v.object({
  status: v.string(),
  billing_frequency: BillingFrequency,
  /** End of the period paid for (the next renewal, or the end when cancelled). */
  period_end: v.string(),
  cancel_at_period_end: v.boolean(),
  amount_cents: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  card_last4: v.nullable(v.string()),
  /** While a renewal payment is failing: when Pro ends unless it is paid. */
  grace_ends_at: v.nullable(v.string()),
})
export type PaidPlan = v.InferOutput<typeof PaidPlan>

/** Everything the Billing page shows. */
export const BillingOverview = v.object({
  mode: v.picklist(BILLING_MODES),
  subscription: Subscription,
  /** Days left of a running trial; null otherwise. */
  trial_days_left: v.nullable(v.number()),
  /** Whether this account may still start the free trial. */
  trial_available: v.boolean(),
  paid: v.nullable(PaidPlan),
  invoices: v.array(Invoice),
  /** Why Stripe's part could not be read now (the rest is ours and shown). */
  stripe_error: v.nullable(v.string()),
})
export type BillingOverview = v.InferOutput<typeof BillingOverview>

/** The Billing page's answers: its overview, after each action too. */
export const OneBillingOverview = v.object({ billing: BillingOverview })
export type OneBillingOverview = v.InferOutput<typeof OneBillingOverview>

/** `POST /api/billing/checkout`: Stripe's hosted payment page for Pro. */
export const CheckoutLink = v.object({ checkout_url: v.string() })
export type CheckoutLink = v.InferOutput<typeof CheckoutLink>

/** `POST /api/billing/portal`: Stripe's customer portal (card, invoices). */
export const PortalLink = v.object({ portal_url: v.string() })
export type PortalLink = v.InferOutput<typeof PortalLink>

export const CheckoutInput = v.object({ billing_frequency: BillingFrequency })
export const CancelInput = v.object({
  cancel_at_period_end: v.boolean('cancel_at_period_end must be true or false.'),
})
export const IntervalInput = v.object({ billing_frequency: BillingFrequency })
