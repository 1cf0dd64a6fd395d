import { invalidRequest, missingParam, noSuch, unknownParam } from './api-errors.ts'
import type { Catalog } from './catalog.ts'
import type { Checkout } from './checkout.ts'
import { bool, hash, int, list, metadata, type Params, ParamsError, str } from './form-params.ts'
import type { Recurring } from './object-shapes.ts'
import type { SubscriptionChange, Subscriptions } from './subscriptions.ts'
import type { WebhookSender } from './webhook-sender.ts'
import type { RequestRef, Store } from './world-store.ts'

// The part of Stripe's v1 API the product uses, one route per endpoint. Each names the parameters it
// implements; any other is refused as Stripe refuses an unknown one (400 parameter_unknown), so a product
// change that needs more shows up as an error rather than being ignored. `expand` is accepted everywhere.

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  pattern: RegExp
  params: readonly string[]
  handle: (params: Params, id: string, request: RequestRef) => unknown
}

const PAGING = ['limit', 'starting_after', 'ending_before'] as const

const required = (params: Params, name: string): string => {
  const value = str(params, name)
  if (value === undefined || value === '') throw missingParam(name)
  return value
}

const oneOf = <T extends string>(params: Params, name: string, allowed: readonly T[]): T | undefined => {
  const value = str(params, name)
  if (value === undefined) return undefined
  if (!allowed.includes(value as T))
    throw invalidRequest(`Invalid ${name}: must be one of ${allowed.join(', ')}`, { param: name })
  return value as T
}

/** Sub-parameters of a hash: only the ones named. */
const only = (params: Params | undefined, prefix: string, allowed: readonly string[]): Params | undefined => {
  if (!params) return undefined
  for (const key of Object.keys(params)) if (!allowed.includes(key)) throw unknownParam(`${prefix}[${key}]`)
  return params
}

/** An array of hashes, each with only the keys named. */
const entries = (params: Params, name: string, allowed: readonly string[]): Params[] =>
  (list(params, name) ?? []).map((entry, i) => {
    if (typeof entry === 'string' || Array.isArray(entry))
      throw invalidRequest('Invalid hash', { param: `${name}[${i}]` })
    return only(entry, `${name}[${i}]`, allowed) ?? {}
  })

const paging = (params: Params) => ({
  limit: int(params, 'limit'),
  startingAfter: str(params, 'starting_after'),
  endingBefore: str(params, 'ending_before'),
})

const listOf = (url: string, page: { data: unknown[]; hasMore: boolean }) => ({
  object: 'list',
  data: page.data,
  has_more: page.hasMore,
  url,
})

export const createRoutes = (world: {
  store: Store
  catalog: Catalog
  checkout: Checkout
  subscriptions: Subscriptions
  webhooks: WebhookSender
}): Route[] => {
  const { store, catalog, checkout, subscriptions, webhooks } = world
  const customerFields = ['email', 'name', 'description', 'phone', 'metadata'] as const
  const customerInput = (params: Params, current?: Record<string, string>) => ({
    email: str(params, 'email'),
    name: str(params, 'name'),
    description: str(params, 'description'),
    phone: str(params, 'phone'),
    metadata: metadata(params, current),
  })

  return [
    {
      method: 'POST',
      pattern: /^\/v1\/products$/,
      params: ['id', 'name', 'description', 'metadata'],
      handle: (params) =>
        catalog.createProduct({
          id: str(params, 'id'),
          name: required(params, 'name'),
          description: str(params, 'description'),
          metadata: metadata(params),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/products\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.products, 'product', id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/prices$/,
      params: [
        'currency',
        'unit_amount',
        'product',
        'product_data',
        'recurring',
        'lookup_key',
        'transfer_lookup_key',
        'nickname',
        'metadata',
      ],
      handle: (params) => {
        const recurring = only(hash(params, 'recurring'), 'recurring', ['interval', 'interval_count'])
        const productData = only(hash(params, 'product_data'), 'product_data', ['name', 'metadata'])
        const unitAmount = int(params, 'unit_amount')
        if (unitAmount === undefined) throw missingParam('unit_amount')
        const interval = recurring && oneOf<Recurring>(recurring, 'interval', ['day', 'week', 'month', 'year'])
        if (recurring && !interval) throw missingParam('recurring[interval]')
        return catalog.createPrice({
          product: str(params, 'product'),
          productData: productData && { name: required(productData, 'name'), metadata: metadata(productData) },
          currency: required(params, 'currency'),
          unitAmount,
          recurring: recurring && interval && { interval, intervalCount: int(recurring, 'interval_count') ?? 1 },
          lookupKey: str(params, 'lookup_key') || undefined,
          transferLookupKey: bool(params, 'transfer_lookup_key'),
          nickname: str(params, 'nickname'),
          metadata: metadata(params),
        })
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices$/,
      params: ['lookup_keys', 'active', 'product', 'type', 'currency', ...PAGING],
      handle: (params) => {
        const lookupKeys = list(params, 'lookup_keys')
        if (lookupKeys?.some((key) => typeof key !== 'string'))
          throw invalidRequest('Invalid array', { param: 'lookup_keys' })
        const found = catalog.listPrices({
          lookupKeys: lookupKeys as string[] | undefined,
          active: bool(params, 'active'),
          product: str(params, 'product'),
          type: str(params, 'type'),
          currency: str(params, 'currency'),
        })
        return listOf('/v1/prices', store.page(found, paging(params)))
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.prices, 'price', id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      params: customerFields,
      handle: (params) => catalog.createCustomer(customerInput(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.customers, 'customer', id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      params: customerFields,
      handle: (params, id) =>
        catalog.updateCustomer(id, customerInput(params, store.find(store.customers, 'customer', id).metadata)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      params: [
        'mode',
        'customer',
        'customer_email',
        'client_reference_id',
        'success_url',
        'cancel_url',
        'line_items',
        'metadata',
        'subscription_data',
      ],
      handle: (params) => {
        const lines = entries(params, 'line_items', ['price', 'quantity']).map((entry, i) => {
          const price = str(entry, 'price')
          if (!price) throw missingParam(`line_items[${i}][price]`)
          return { price, quantity: int(entry, 'quantity') ?? 1 }
        })
        const subscriptionData = only(hash(params, 'subscription_data'), 'subscription_data', ['metadata'])
        return checkout.createSession({
          mode: required(params, 'mode'),
          customer: str(params, 'customer'),
          customerEmail: str(params, 'customer_email'),
          clientReferenceId: str(params, 'client_reference_id'),
          successUrl: str(params, 'success_url'),
          cancelUrl: str(params, 'cancel_url'),
          lines,
          metadata: metadata(params),
          subscriptionMetadata: subscriptionData ? metadata(subscriptionData) : {},
        })
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.checkoutSessions, 'checkout.session', id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      params: ['customer', 'return_url'],
      handle: (params) =>
        checkout.createPortalSession({ customer: required(params, 'customer'), returnUrl: str(params, 'return_url') }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.subscriptions, 'subscription', id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      params: ['items', 'cancel_at_period_end', 'proration_behavior', 'payment_behavior', 'metadata'],
      handle: (params, id, request) => {
        const current = store.find(store.subscriptions, 'subscription', id)
        const change: SubscriptionChange = {
          items:
            params.items === undefined
              ? undefined
              : entries(params, 'items', ['id', 'price', 'quantity', 'deleted']).map((entry) => ({
                  id: str(entry, 'id'),
                  price: str(entry, 'price'),
                  quantity: int(entry, 'quantity'),
                  deleted: bool(entry, 'deleted'),
                })),
          cancelAtPeriodEnd: bool(params, 'cancel_at_period_end'),
          prorationBehavior: oneOf(params, 'proration_behavior', ['create_prorations', 'always_invoice', 'none']),
          paymentBehavior: oneOf(params, 'payment_behavior', [
            'allow_incomplete',
            'error_if_incomplete',
            'default_incomplete',
            'pending_if_incomplete',
          ]),
          metadata: params.metadata === undefined ? undefined : metadata(params, current.metadata),
        }
        return subscriptions.update(id, change, request)
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      params: ['invoice_now', 'prorate'],
      handle: (_params, id, request) => subscriptions.cancel(id, request),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      params: ['customer', 'subscription', 'status', ...PAGING],
      handle: (params) => {
        const customer = str(params, 'customer')
        const subscription = str(params, 'subscription')
        const status = str(params, 'status')
        const found = [...store.invoices.values()].filter(
          (invoice) =>
            (!customer || invoice.customer === customer) &&
            (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
            (!status || invoice.status === status),
        )
        return listOf('/v1/invoices', store.page(found, paging(params)))
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.invoices, 'invoice', id),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      params: [],
      handle: (_params, id) => store.find(store.paymentMethods, 'payment_method', id),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      params: [],
      handle: (_params, id) => {
        const event = webhooks.events.find((e) => e.id === id)
        if (!event) throw noSuch('event', id)
        return event
      },
    },
  ]
}

/** Checks the parameters against the route's list; `expand` is everyone's. */
export const checkParams = (route: Route, params: Params): string[] => {
  for (const key of Object.keys(params)) if (key !== 'expand' && !route.params.includes(key)) throw unknownParam(key)
  const expand = params.expand
  if (expand === undefined) return []
  if (!Array.isArray(expand) || expand.some((path) => typeof path !== 'string'))
    throw new ParamsError('Invalid array: expand')
  return expand as string[]
}
