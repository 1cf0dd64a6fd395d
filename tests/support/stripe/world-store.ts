import { randomBytes } from 'node:crypto'
import { invalidRequest, noSuch } from './api-errors.ts'
import type {
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  PortalSession,
  Price,
  Product,
  Subscription,
} from './object-shapes.ts'
import type { WebhookSender } from './webhook-sender.ts'

// What the loopback Stripe account holds, in memory, and the little every operation needs: ids, the clock,
// lookups that fail as Stripe does. Objects are kept in their JSON shape and answered as they are.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export const newId = (prefix: string, length = 24): string =>
  `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`

/** The API call an operation serves; events it causes name it (`request` of an event). */
export interface RequestRef {
  id: string
  idempotencyKey: string | null
}

export interface CheckoutLine {
  price: string
  quantity: number
}

export const createStore = (options: { now: () => number; baseUrl: string; webhooks: WebhookSender }) => {
  const products = new Map<string, Product>()
  const prices = new Map<string, Price>()
  const customers = new Map<string, Customer>()
  const paymentMethods = new Map<string, PaymentMethod>()
  const checkoutSessions = new Map<string, CheckoutSession>()
  const portalSessions = new Map<string, PortalSession>()
  const subscriptions = new Map<string, Subscription>()
  const invoices = new Map<string, Invoice>()
  /** What each checkout session sells, and what its subscription will carry (Stripe keeps these apart too). */
  const checkoutLines = new Map<string, { lines: CheckoutLine[]; subscriptionMetadata: Record<string, string> }>()
  /** Per subscription: periods billed since the anchor, and whether its next charge is to fail. */
  const billing = new Map<string, { cycles: number; failNext: boolean }>()
  /** Insertion order, to list newest first when several objects share a second. */
  const order = new Map<string, number>()
  let counter = 0

  const all = [products, prices, customers, paymentMethods, checkoutSessions, portalSessions, subscriptions, invoices]

  return {
    ...options,
    products,
    prices,
    customers,
    paymentMethods,
    checkoutSessions,
    portalSessions,
    subscriptions,
    invoices,
    checkoutLines,
    billing,

    seconds: () => Math.floor(options.now() / 1000),

    /** Keeps an object under its id. */
    put<T extends { id: string }>(map: Map<string, T>, value: T): T {
      map.set(value.id, value)
      order.set(value.id, counter++)
      return value
    },

    /** Any object by id, for expansion. */
    lookup(id: string): object | undefined {
      for (const map of all) {
        const found = map.get(id)
        if (found) return found
      }
      return undefined
    },

    find<T>(map: Map<string, T>, kind: string, id: string, param = 'id'): T {
      const found = map.get(id)
      if (!found) throw noSuch(kind, id, param)
      return found
    },

    /** Newest first, with Stripe's cursor pagination. */
    page<T extends { id: string; created: number }>(
      items: T[],
      params: { limit?: number; startingAfter?: string; endingBefore?: string },
    ): { data: T[]; hasMore: boolean } {
      const limit = params.limit ?? 10
      if (limit < 1 || limit > 100)
        throw invalidRequest(`This value must be between 1 and 100 (it currently is ${limit}).`, {
          param: 'limit',
        })
      const sorted = [...items].sort((a, b) => b.created - a.created || (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0))
      let start = 0
      let end = sorted.length
      if (params.startingAfter) start = sorted.findIndex((item) => item.id === params.startingAfter) + 1
      if (params.endingBefore) {
        end = Math.max(
          sorted.findIndex((item) => item.id === params.endingBefore),
          0,
        )
        start = Math.max(end - limit, 0)
      }
      const data = sorted.slice(start, Math.min(start + limit, end))
      // Paging backwards, "more" lies before the page; forwards, after it.
      return { data, hasMore: params.endingBefore ? start > 0 : start + limit < end }
    },
  }
}

export type Store = ReturnType<typeof createStore>
