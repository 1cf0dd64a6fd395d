import { cardDeclined, invalidRequest, missingParam, noSuch } from './api-errors.ts'
import { periodEnd, unusedShare } from './billing-periods.ts'
import { charge, issueInvoice, lineFor, productName } from './invoicing.ts'
import { type Invoice, planOf, type Subscription, type SubscriptionItem } from './object-shapes.ts'
import { subscriptionItem } from './subscription-shapes.ts'
import { newId, type RequestRef, type Store } from './world-store.ts'

// A subscription's life after checkout, by the API (change of price, cancel at period end, cancel now) and by the
// test's hand (a period ends: renewal or the end of a cancelled subscription; a payment fails; Stripe deletes
// it). Every change emits the events Stripe sends for it, customer.subscription.updated with
// `previous_attributes` first, then the invoice's event.
//
// A change of billing interval restarts the period now and is charged at once (Stripe resets the billing cycle
// anchor on an interval change), less a credit for the old period's unused time unless proration_behavior is
// `none`. Same-interval changes leave the proration for the next invoice, unless `always_invoice`.

export interface ItemChange {
  id?: string
  price?: string
  quantity?: number
  deleted?: boolean
}

export interface SubscriptionChange {
  items?: ItemChange[]
  cancelAtPeriodEnd?: boolean
  prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none'
  paymentBehavior?: 'allow_incomplete' | 'error_if_incomplete' | 'default_incomplete' | 'pending_if_incomplete'
  metadata?: Record<string, string>
}

const DECLINED = 'Your card was declined.'

const cancellation = (subscription: Subscription, reason: 'cancellation_requested' | null) => ({
  comment: subscription.cancellation_details?.comment ?? null,
  feedback: subscription.cancellation_details?.feedback ?? null,
  feedback_option: subscription.cancellation_details?.feedback_option ?? null,
  reason,
})

export const createSubscriptions = (store: Store) => {
  const find = (id: string) => store.find(store.subscriptions, 'subscription', id)
  const intervalOf = (item: SubscriptionItem | undefined) => item?.price.recurring?.interval ?? 'month'
  const countOf = (item: SubscriptionItem | undefined) => item?.price.recurring?.interval_count ?? 1

  const end = (subscription: Subscription, request: RequestRef | null, endedAt: number) => {
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: store.seconds(),
      ended_at: endedAt,
      cancellation_details: cancellation(subscription, 'cancellation_requested'),
    } satisfies Partial<Subscription>)
    store.webhooks.emit('customer.subscription.deleted', subscription, { request })
    return subscription
  }

  const changedItems = (subscription: Subscription, changes: ItemChange[]): SubscriptionItem[] => {
    const items = structuredClone(subscription.items.data)
    changes.forEach((change, i) => {
      const price = change.price ? store.find(store.prices, 'price', change.price, `items[${i}][price]`) : undefined
      if (price && !price.active)
        throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
          param: `items[${i}][price]`,
        })
      if (change.id) {
        const at = items.findIndex((item) => item.id === change.id)
        if (at < 0) throw noSuch('subscription_item', change.id, `items[${i}][id]`)
        if (change.deleted) items.splice(at, 1)
        else {
          const item = items[at] as SubscriptionItem
          if (price) {
            item.price = price
            item.plan = planOf(price)
          }
          if (change.quantity !== undefined) item.quantity = change.quantity
        }
        return
      }
      // No id: a new item beside the others, as Stripe reads it.
      if (!price) throw missingParam(`items[${i}][price]`)
      const first = items[0]
      items.push(
        subscriptionItem({
          id: newId('si', 14),
          subscription: subscription.id,
          price,
          quantity: change.quantity ?? 1,
          created: store.seconds(),
          periodStart: first?.current_period_start ?? store.seconds(),
          periodEnd: first?.current_period_end ?? store.seconds(),
        }),
      )
    })
    if (items.length === 0)
      throw invalidRequest('A subscription must have at least one active plan.', { param: 'items' })
    const [first, ...rest] = items
    for (const field of ['currency', 'interval'] as const) {
      const value = (item: SubscriptionItem) => (field === 'currency' ? item.price.currency : intervalOf(item))
      if (first && rest.some((item) => value(item) !== value(first)))
        throw invalidRequest(
          `Currency and interval fields must match across all plans on this subscription. Found mismatch in ${field} field.`,
          { param: 'items' },
        )
    }
    return items
  }

  /** Charges an interval change now: the new price for a whole new period, less the old period's unused part. */
  const restartPeriod = (subscription: Subscription, items: SubscriptionItem[], credit: boolean) => {
    const now = store.seconds()
    const old = subscription.items.data
    const lines = old.flatMap((item) => {
      const unused = credit ? unusedShare(item.current_period_start, item.current_period_end, now) : 0
      const amount = Math.round((item.price.unit_amount ?? 0) * (item.quantity ?? 1) * unused)
      if (amount === 0) return []
      const line = lineFor(store, subscription, item.price, item.id, {
        start: now,
        end: item.current_period_end,
      })
      return [
        { ...line, amount: -amount, proration: true, description: `Unused time on ${productName(store, item.price)}` },
      ]
    })
    for (const item of items) {
      item.current_period_start = now
      item.current_period_end = periodEnd(now, intervalOf(item), countOf(item))
      lines.push(lineFor(store, subscription, item.price, item.id, { start: now, end: item.current_period_end }))
    }
    return { lines, anchor: now }
  }

  const cancel = (id: string, request: RequestRef | null): Subscription => {
    const subscription = find(id)
    if (subscription.status === 'canceled')
      throw invalidRequest(`This subscription is already canceled: '${id}'.`, { param: 'id' })
    return end(subscription, request, store.seconds())
  }

  return {
    update(id: string, change: SubscriptionChange, request: RequestRef | null): Subscription {
      const subscription = find(id)
      if (subscription.status === 'canceled')
        throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.')
      const previous: Partial<Subscription> = {}
      let invoice: Invoice | null = null
      if (change.items) {
        const items = changedItems(subscription, change.items)
        const intervalChanged = intervalOf(items[0]) !== intervalOf(subscription.items.data[0])
        const billNow = intervalChanged || change.prorationBehavior === 'always_invoice'
        if (billNow) {
          const { lines, anchor } = restartPeriod(subscription, items, change.prorationBehavior !== 'none')
          const paid = charge(store, id)
          if (!paid && change.paymentBehavior === 'error_if_incomplete') throw cardDeclined('generic_decline', DECLINED)
          previous.items = structuredClone(subscription.items)
          previous.billing_cycle_anchor = subscription.billing_cycle_anchor
          previous.latest_invoice = subscription.latest_invoice
          subscription.items.data = items
          subscription.billing_cycle_anchor = anchor
          store.billing.set(id, { cycles: 0, failNext: false })
          invoice = issueInvoice(store, subscription, 'subscription_update', lines, paid)
          if (!paid && subscription.status !== 'past_due') {
            previous.status = subscription.status
            subscription.status = 'past_due'
          }
        } else {
          previous.items = structuredClone(subscription.items)
          subscription.items.data = items
        }
      }
      if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end
        previous.cancel_at = subscription.cancel_at
        previous.cancellation_details = structuredClone(subscription.cancellation_details)
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd
        // Recent API versions set cancel_at to the period's end along with the flag.
        subscription.cancel_at = change.cancelAtPeriodEnd
          ? (subscription.items.data[0]?.current_period_end ?? null)
          : null
        subscription.cancellation_details = cancellation(
          subscription,
          change.cancelAtPeriodEnd ? 'cancellation_requested' : null,
        )
      }
      if (change.metadata && JSON.stringify(change.metadata) !== JSON.stringify(subscription.metadata)) {
        previous.metadata = subscription.metadata
        subscription.metadata = change.metadata
      }
      if (Object.keys(previous).length > 0)
        store.webhooks.emit('customer.subscription.updated', subscription, { previousAttributes: previous, request })
      if (invoice)
        store.webhooks.emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice, { request })
      return subscription
    },

    cancel,

    /**
     * The end of the current period: a new period, its invoice charged (paid, or open and the subscription
     * past_due when the payment fails); or, for a subscription set to cancel at the period's end, its end.
     */
    renew(id: string): { subscription: Subscription; invoice: Invoice | null } {
      const subscription = find(id)
      if (subscription.status === 'canceled') throw new Error(`Subscription ${id} is canceled`)
      const first = subscription.items.data[0]
      if (subscription.cancel_at_period_end)
        return { subscription: end(subscription, null, first?.current_period_end ?? store.seconds()), invoice: null }
      const state = store.billing.get(id) ?? { cycles: 0, failNext: false }
      state.cycles += 1
      store.billing.set(id, state)
      const previous: Partial<Subscription> = {
        items: structuredClone(subscription.items),
        latest_invoice: subscription.latest_invoice,
      }
      for (const item of subscription.items.data) {
        item.current_period_start = item.current_period_end
        item.current_period_end = periodEnd(
          subscription.billing_cycle_anchor,
          intervalOf(item),
          (state.cycles + 1) * countOf(item),
        )
      }
      const paid = charge(store, id)
      const invoice = issueInvoice(
        store,
        subscription,
        'subscription_cycle',
        subscription.items.data.map((item) =>
          lineFor(store, subscription, item.price, item.id, {
            start: item.current_period_start,
            end: item.current_period_end,
          }),
        ),
        paid,
      )
      const status = paid ? 'active' : 'past_due'
      if (subscription.status !== status) {
        previous.status = subscription.status
        subscription.status = status
      }
      store.webhooks.emit('customer.subscription.updated', subscription, { previousAttributes: previous })
      store.webhooks.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice)
      return { subscription, invoice }
    },

    /** The subscription's next charge (renewal or interval change) is declined. */
    failNextPayment(id: string) {
      find(id)
      const state = store.billing.get(id) ?? { cycles: 0, failNext: false }
      state.failNext = true
      store.billing.set(id, state)
    },

    /** Stripe ends the subscription (after failed retries, or from its dashboard). */
    delete: (id: string): Subscription => cancel(id, null),
  }
}

export type Subscriptions = ReturnType<typeof createSubscriptions>
