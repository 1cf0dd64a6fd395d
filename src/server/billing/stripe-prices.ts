import type Stripe from 'stripe'
import { callStripe, StripeGatewayError } from './stripe-errors.ts'
import type { BillingInterval } from './stripe-mapping.ts'

// The Pro prices in Stripe. Configured price ids win; otherwise the prices are found by lookup key, so every
// server process (and every restart) finds the same ones, and created once when missing. A plan whose amount
// changed gets a new price that takes the lookup key over (Stripe prices cannot change amount); subscriptions
// on the old price keep it until they switch.

export const PRICE_LOOKUP_KEYS = { monthly: 'vigil_pro_monthly', yearly: 'vigil_pro_yearly' } as const
/** Our product's id in Stripe, fixed so that creating it twice is refused rather than duplicated. */
export const PRO_PRODUCT_ID = 'vigil_pro'

export interface ProPlanPrices {
  /** The plan row's price_monthly_cents. */
  monthlyCents: number
  /** The plan row's price_yearly_cents. */
  yearlyCents: number
  /** ISO 4217, any case ('usd'). */
  currency: string
  /** The product's name on Stripe's pages and invoices; 'Vigil Pro' unless given. */
  productName?: string
}

export interface PriceIds {
  monthly: string
  yearly: string
}

type Term = keyof PriceIds
const INTERVALS: Record<Term, BillingInterval> = { monthly: 'month', yearly: 'year' }

const productIdOf = (price: Stripe.Price): string =>
  typeof price.product === 'string' ? price.product : price.product.id

const fits = (price: Stripe.Price, amount: number, currency: string, interval: BillingInterval): boolean =>
  price.active &&
  price.unit_amount === amount &&
  price.currency === currency &&
  price.recurring?.interval === interval &&
  price.recurring.interval_count === 1

const ensureProduct = async (stripe: Stripe, name: string): Promise<string> => {
  const existing = await stripe.products.retrieve(PRO_PRODUCT_ID).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'resource_missing') return null
    throw error
  })
  if (existing) return existing.id
  try {
    return (await stripe.products.create({ id: PRO_PRODUCT_ID, name, metadata: { plan: 'pro' } })).id
  } catch (error) {
    // Another process created it between our two calls.
    if ((error as { code?: string }).code === 'resource_already_exists') return PRO_PRODUCT_ID
    throw error
  }
}

export const ensurePrices = async (
  stripe: Stripe,
  configured: Partial<PriceIds>,
  plan: ProPlanPrices,
): Promise<PriceIds> => {
  const missing = (['monthly', 'yearly'] as const).filter((term) => !configured[term])
  if (missing.length === 0) return configured as PriceIds
  const currency = plan.currency.toLowerCase()
  const amounts: Record<Term, number> = { monthly: plan.monthlyCents, yearly: plan.yearlyCents }
  for (const term of missing)
    if (!Number.isInteger(amounts[term]) || amounts[term] <= 0)
      throw new StripeGatewayError('invalid_request', `The Pro ${term} price must be a positive number of cents.`)

  return callStripe('set up the Pro prices', async () => {
    const found = await stripe.prices.list({
      lookup_keys: missing.map((term) => PRICE_LOOKUP_KEYS[term]),
      limit: 10,
    })
    let productId: string | undefined = found.data[0] && productIdOf(found.data[0])
    const ids: Partial<PriceIds> = { ...configured }
    for (const term of missing) {
      const lookupKey = PRICE_LOOKUP_KEYS[term]
      const current = found.data.find((price) => price.lookup_key === lookupKey)
      if (current && fits(current, amounts[term], currency, INTERVALS[term])) {
        ids[term] = current.id
        continue
      }
      productId ??= await ensureProduct(stripe, plan.productName ?? 'Vigil Pro')
      const created = await stripe.prices.create(
        {
          product: productId,
          currency,
          unit_amount: amounts[term],
          recurring: { interval: INTERVALS[term] },
          lookup_key: lookupKey,
          transfer_lookup_key: current ? true : undefined,
          metadata: { plan: 'pro', term },
        },
        // Processes starting together create one price, not one each (Stripe keeps a key 24 hours).
        { idempotencyKey: `vigil-price-${lookupKey}-${amounts[term]}-${currency}-${current?.id ?? 'first'}` },
      )
      ids[term] = created.id
    }
    return ids as PriceIds
  })
}
