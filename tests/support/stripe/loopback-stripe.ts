import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { authenticationError, idempotencyMismatch, StripeApiError, type StripeErrorBody } from './api-errors.ts'
import { checkParams, createRoutes } from './api-routes.ts'
import { createCatalog } from './catalog.ts'
import { createCheckout } from './checkout.ts'
import { expand } from './expand.ts'
import { type Params, ParamsError, parseParams } from './form-params.ts'
import { createHostedPages, type PageAnswer } from './hosted-pages.ts'
import type {
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  PortalSession,
  Price,
  Product,
  StripeEvent,
  Subscription,
} from './object-shapes.ts'
import { createSubscriptions } from './subscriptions.ts'
import { TEST_CARDS } from './test-cards.ts'
import { createWebhookSender, type ForgedSignature, type ReleaseOrder } from './webhook-sender.ts'
import { createStore, newId, type RequestRef } from './world-store.ts'

// A Stripe account on 127.0.0.1 for tests: the v1 API the product calls (form-encoded, Bearer secret key,
// idempotency keys, Stripe's JSON objects and error answers), the pages Stripe hosts (checkout, billing portal,
// invoices), and webhook calls signed as Stripe signs them. The product's own stripe client talks to it through
// its `host`, `port` and `protocol` options; nothing of the product is stubbed.

export interface LoopbackStripeOptions {
  /** The one secret key the server accepts (sk_test_...). */
  secretKey: string
  /** The endpoint's signing secret (whsec_...). */
  webhookSecret: string
  /** Where events are POSTed; settable later with world.setWebhookUrl. */
  webhookUrl?: string
  /** The server's clock (epoch ms): periods, `created` times and signature timestamps. Date.now unless given. */
  now?: () => number
}

export interface ReceivedRequest {
  method: string
  path: string
  /** The parameters, from the form body (POST) or the query string (GET, DELETE), brackets unfolded. */
  params: Params
  rawBody: string
  headers: http.IncomingHttpHeaders
  idempotencyKey: string | null
  stripeVersion: string | null
  status: number
  /** Answered from the idempotency cache. */
  replayed: boolean
  requestId: string
  /** Epoch ms (the server's clock). */
  at: number
}

/** A failure the next matching API request gets instead of its answer. */
export interface InjectedFailure {
  method?: string
  path?: string | RegExp
  status: number
  error: StripeErrorBody
}

interface Answer {
  status: number
  body: unknown
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

const bearerKey = (header: string | undefined): string | null => {
  if (header?.startsWith('Bearer ')) return header.slice(7).trim()
  if (header?.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? ''
  return null
}

export const startLoopbackStripe = async (options: LoopbackStripeOptions) => {
  const now = options.now ?? Date.now
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  const webhooks = createWebhookSender({ secret: options.webhookSecret, apiVersion: Stripe.API_VERSION, now })
  webhooks.setUrl(options.webhookUrl ?? null)
  const store = createStore({ now, baseUrl: url, webhooks })
  const catalog = createCatalog(store)
  const checkout = createCheckout(store, catalog)
  const subscriptions = createSubscriptions(store)
  const routes = createRoutes({ store, catalog, checkout, subscriptions, webhooks })
  const pages = createHostedPages(store, checkout, subscriptions)
  const requests: ReceivedRequest[] = []
  const failures: InjectedFailure[] = []
  const idempotent = new Map<string, { fingerprint: string; answer: Answer; requestId: string }>()

  const route = (method: string, path: string, params: Params, request: RequestRef): Answer => {
    for (const candidate of routes) {
      if (candidate.method !== method) continue
      const match = candidate.pattern.exec(path)
      if (!match) continue
      const paths = checkParams(candidate, params)
      const result = candidate.handle(params, decodeURIComponent(match[1] ?? ''), request)
      return { status: 200, body: expand(result, paths, (id) => store.lookup(id)) }
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      },
    }
  }

  const answerApi = (req: http.IncomingMessage, path: string, query: string, rawBody: string) => {
    const method = req.method ?? 'GET'
    const requestId = newId('req', 14)
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    const headers: Record<string, string> = { 'request-id': requestId }
    const stripeVersion = (req.headers['stripe-version'] as string | undefined) ?? null
    headers['stripe-version'] = stripeVersion ?? Stripe.API_VERSION
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
    let params: Params = {}
    let replayed = false
    const answer = ((): Answer => {
      try {
        const key = bearerKey(req.headers.authorization)
        if (key !== options.secretKey) {
          headers['www-authenticate'] = 'Bearer realm="Stripe"'
          throw authenticationError(key)
        }
        params = parseParams(method === 'POST' ? rawBody : query)
        const injected = failures.findIndex(
          (f) =>
            (!f.method || f.method === method) &&
            (!f.path || (typeof f.path === 'string' ? f.path === path : f.path.test(path))),
        )
        if (injected >= 0) {
          const [failure] = failures.splice(injected, 1)
          if (failure) return { status: failure.status, body: { error: failure.error } }
        }
        if (method !== 'POST' || !idempotencyKey) return route(method, path, params, { id: requestId, idempotencyKey })
        const fingerprint = `${method} ${path} ${rawBody}`
        const earlier = idempotent.get(idempotencyKey)
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) throw idempotencyMismatch(idempotencyKey)
          replayed = true
          headers['idempotent-replayed'] = 'true'
          headers['original-request'] = earlier.requestId
          return earlier.answer
        }
        const fresh = route(method, path, params, { id: requestId, idempotencyKey })
        idempotent.set(idempotencyKey, { fingerprint, answer: fresh, requestId })
        return fresh
      } catch (error) {
        if (error instanceof StripeApiError) {
          // Stripe keeps the outcome of a request that ran (a declined card), not of one it refused to run.
          const answer = { status: error.status, body: { error: error.body } }
          if (error.status === 402 && idempotencyKey && method === 'POST')
            idempotent.set(idempotencyKey, { fingerprint: `${method} ${path} ${rawBody}`, answer, requestId })
          return answer
        }
        if (error instanceof ParamsError)
          return { status: 400, body: { error: { type: 'invalid_request_error', message: error.message } } }
        console.error('loopback Stripe failed', error)
        return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }
      }
    })()
    requests.push({
      method,
      path,
      params,
      rawBody,
      headers: req.headers,
      idempotencyKey,
      stripeVersion,
      status: answer.status,
      replayed,
      requestId,
      at: now(),
    })
    return { status: answer.status, headers, body: `${JSON.stringify(answer.body, null, 2)}\n` }
  }

  server.on('request', async (req, res) => {
    const target = new URL(req.url ?? '/', url)
    const rawBody = await readBody(req)
    let answer: PageAnswer
    if (target.pathname.startsWith('/v1/')) {
      const api = answerApi(req, target.pathname, target.search.slice(1), rawBody)
      answer = { status: api.status, headers: { ...api.headers, 'content-type': 'application/json' }, body: api.body }
    } else
      answer = pages(req.method ?? 'GET', target.pathname, rawBody) ?? {
        status: 404,
        headers: { 'content-type': 'text/plain' },
        body: 'Not found',
      }
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  })

  const world = {
    /** The server's clock, epoch ms. */
    now,
    // The account's objects as the API answers them (read them; change them through the API or the controls).
    products: store.products as ReadonlyMap<string, Product>,
    prices: store.prices as ReadonlyMap<string, Price>,
    customers: store.customers as ReadonlyMap<string, Customer>,
    paymentMethods: store.paymentMethods as ReadonlyMap<string, PaymentMethod>,
    checkoutSessions: store.checkoutSessions as ReadonlyMap<string, CheckoutSession>,
    portalSessions: store.portalSessions as ReadonlyMap<string, PortalSession>,
    subscriptions: store.subscriptions as ReadonlyMap<string, Subscription>,
    invoices: store.invoices as ReadonlyMap<string, Invoice>,
    /** Every API request received, in order. */
    requests: requests as readonly ReceivedRequest[],
    requestsTo: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    /** Every event, in the order it happened (sent or not). */
    events: webhooks.events,
    eventsOfType: (type: string) => webhooks.events.filter((e) => e.type === type),
    /** Every webhook call made, with the receiver's answer. */
    deliveries: webhooks.deliveries,
    setWebhookUrl: (next: string | null) => webhooks.setUrl(next),
    /** Waits until every webhook call under way has been answered. */
    webhooksSettled: () => webhooks.settled(),
    /** Keeps events from being sent until releaseWebhooks, to deliver them in another order. */
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (order?: ReleaseOrder) => webhooks.release(order),
    /** Sends an event again with a fresh signature (a replay, as Stripe retries). */
    resendEvent: (eventId: string) => webhooks.resend(eventId),
    /** Posts an event whose signature must be refused; a copy of `event`, or of the latest one. */
    sendForgedEvent: (how: ForgedSignature, event?: StripeEvent) => webhooks.forge(how, event),
    /** Pays a checkout session as its page does. */
    completeCheckout: (sessionId: string, cardNumber: string = TEST_CARDS.visa) =>
      checkout.complete(sessionId, { number: cardNumber }),
    /** The end of the current period: renewal (paid, or past_due after failNextPayment), or the end of a cancelled subscription. */
    renew: (subscriptionId: string) => subscriptions.renew(subscriptionId),
    failNextPayment: (subscriptionId: string) => subscriptions.failNextPayment(subscriptionId),
    /** Stripe ends the subscription: customer.subscription.deleted. */
    deleteSubscription: (subscriptionId: string) => subscriptions.delete(subscriptionId),
    /** The next API request matching gets this error answer instead. */
    failNextRequest: (failure: InjectedFailure) => {
      failures.push(failure)
    },
  }

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    url,
    world,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type LoopbackStripe = Awaited<ReturnType<typeof startLoopbackStripe>>
export type LoopbackWorld = LoopbackStripe['world']
