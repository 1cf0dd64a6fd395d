import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import type { StripeEvent } from './object-shapes.ts'

// Events as Stripe sends them to a webhook endpoint: a POST of the event as pretty-printed JSON (so a receiver
// that parses and re-serializes the body breaks the signature, as with Stripe), signed `t=...,v1=...` over
// `${t}.${body}` with the endpoint's secret by stripe-node's own helper. Deliveries go one at a time in the
// order the events happened, unless a test holds them to release them in another order. There are no
// automatic retries: a test resends an event when it wants a replay.

export interface Delivery {
  eventId: string
  type: string
  /** How it was sent: as it happened, resent, or forged by a test. */
  kind: 'event' | 'resend' | 'forged'
  /** The receiver's status code, or null when the request failed. */
  status: number | null
  /** The receiver's answer, or the network error. */
  answer: string
  body: string
  signature: string | null
  /** Epoch ms (the server's clock). */
  at: number
}

export type ForgedSignature =
  /** Signed with another secret. */
  | 'wrong-secret'
  /** Signed correctly, then the body changed (an amount raised). */
  | 'tampered'
  /** Signed correctly, but longer ago than Stripe's 300 s tolerance. */
  | 'stale'
  /** No Stripe-Signature header at all. */
  | 'unsigned'

export type ReleaseOrder = 'as-emitted' | 'reverse' | string[]

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

export const createWebhookSender = (options: { secret: string; apiVersion: string; now: () => number }) => {
  let url: string | null = null
  let held: StripeEvent[] | null = null
  let queue: Promise<void> = Promise.resolve()
  let pending = 0
  const events: StripeEvent[] = []
  const deliveries: Delivery[] = []

  const sign = (body: string, secret: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp })

  const post = async (
    target: string,
    event: { id: string; type: string },
    body: string,
    signature: string | null,
    kind: Delivery['kind'],
  ): Promise<Delivery> => {
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      kind,
      status: null,
      answer: '',
      body,
      signature,
      at: 0,
    }
    delivery.at = options.now()
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature !== null && { 'stripe-signature': signature }),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      delivery.status = response.status
      delivery.answer = await response.text()
    } catch (error) {
      delivery.answer = String(error)
    }
    deliveries.push(delivery)
    return delivery
  }

  const bodyOf = (event: StripeEvent) => JSON.stringify(event, null, 2)

  const deliver = (event: StripeEvent, kind: Delivery['kind'] = 'event'): Promise<Delivery | null> => {
    const target = url
    if (!target) return Promise.resolve(null)
    pending++
    const sent = queue.then(() => {
      const body = bodyOf(event)
      return post(target, event, body, sign(body, options.secret, Math.floor(options.now() / 1000)), kind)
    })
    queue = sent.then(
      () => {
        pending--
      },
      () => {
        pending--
      },
    )
    return sent
  }

  return {
    events: events as readonly StripeEvent[],
    deliveries: deliveries as readonly Delivery[],

    setUrl(next: string | null) {
      url = next
    },

    /** Records an event and sends it (or keeps it while held). `request` is the API call that caused it. */
    emit(
      type: StripeEvent['type'],
      object: object,
      extra: { previousAttributes?: object; request?: { id: string; idempotencyKey: string | null } | null } = {},
    ): StripeEvent {
      const event = {
        id: randomId('evt'),
        object: 'event',
        api_version: options.apiVersion,
        created: Math.floor(options.now() / 1000),
        data: {
          object: structuredClone(object),
          ...(extra.previousAttributes && { previous_attributes: structuredClone(extra.previousAttributes) }),
        },
        livemode: false,
        pending_webhooks: url ? 1 : 0,
        request: { id: extra.request?.id ?? null, idempotency_key: extra.request?.idempotencyKey ?? null },
        type,
      } as StripeEvent
      events.push(event)
      if (held) held.push(event)
      else void deliver(event)
      return event
    },

    /** Keeps events from now on until release. */
    hold() {
      held ??= []
    },

    /** Sends the held events: in the order they happened, reversed, or in the order of the ids given (the rest after). */
    async release(order: ReleaseOrder = 'as-emitted') {
      const waiting = held ?? []
      held = null
      let ordered = waiting
      if (order === 'reverse') ordered = [...waiting].reverse()
      else if (Array.isArray(order)) {
        const chosen = order.map((id) => {
          const event = waiting.find((e) => e.id === id)
          if (!event) throw new Error(`No held event ${id}`)
          return event
        })
        ordered = [...chosen, ...waiting.filter((e) => !order.includes(e.id))]
      }
      for (const event of ordered) void deliver(event)
      await this.settled()
    },

    /** Waits until every delivery under way has been answered. */
    async settled() {
      while (pending > 0) await queue
    },

    /** Sends an event again, signed anew, as Stripe does when it retries. */
    async resend(eventId: string): Promise<Delivery> {
      const event = events.find((e) => e.id === eventId)
      if (!event) throw new Error(`No event ${eventId}`)
      if (!url) throw new Error('No webhook URL set')
      const delivery = await deliver(event, 'resend')
      if (!delivery) throw new Error('No webhook URL set')
      return delivery
    },

    /** Posts an event that must be refused: a copy of `event` (by default the latest) with a new id. */
    async forge(how: ForgedSignature, event?: StripeEvent): Promise<Delivery> {
      const target = url
      if (!target) throw new Error('No webhook URL set')
      const base = event ?? events.at(-1)
      const forged = {
        ...(base ?? { object: 'event', data: { object: { id: 'sub_forged', object: 'subscription' } } }),
        id: randomId('evt'),
        type: base?.type ?? 'customer.subscription.updated',
        created: Math.floor(options.now() / 1000),
      }
      const body = JSON.stringify(forged, null, 2)
      const now = Math.floor(options.now() / 1000)
      await this.settled()
      if (how === 'unsigned') return post(target, forged, body, null, 'forged')
      if (how === 'wrong-secret')
        return post(target, forged, body, sign(body, `whsec_${randomBytes(24).toString('hex')}`, now), 'forged')
      if (how === 'stale') return post(target, forged, body, sign(body, options.secret, now - 301), 'forged')
      const tampered = body
        .replace(/"amount_paid": \d+/, '"amount_paid": 1')
        .replace(/"status": "\w+"/, '"status": "active"')
      const changed = tampered === body ? body.replace(/"livemode": false/, '"livemode": true') : tampered
      return post(target, forged, changed, sign(body, options.secret, now), 'forged')
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
