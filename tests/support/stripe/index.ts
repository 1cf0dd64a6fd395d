// The loopback Stripe for tests: start it, point the product's stripe client at it, drive it through `world`.

export type { StripeErrorBody } from './api-errors.ts'
export { CHECKOUT_FIELDS } from './hosted-pages.ts'
export {
  type InjectedFailure,
  type LoopbackStripe,
  type LoopbackStripeOptions,
  type LoopbackWorld,
  type ReceivedRequest,
  startLoopbackStripe,
} from './loopback-stripe.ts'
export type { StripeEvent } from './object-shapes.ts'
export { TEST_CARDS } from './test-cards.ts'
export { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts'
export type { Delivery, ForgedSignature, ReleaseOrder } from './webhook-sender.ts'
