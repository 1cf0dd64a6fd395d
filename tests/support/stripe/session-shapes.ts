import type { CheckoutSession, PortalSession } from './object-shapes.ts'

// Checkout and billing portal sessions as Stripe answers them (see object-shapes.ts).

export const checkoutSession = (o: {
  id: string
  created: number
  mode: 'payment' | 'setup' | 'subscription'
  customer: string | null
  customerEmail: string | null
  clientReferenceId: string | null
  successUrl: string | null
  cancelUrl: string | null
  currency: string
  amount: number
  metadata: Record<string, string>
  url: string
}): CheckoutSession => ({
  id: o.id,
  object: 'checkout.session',
  adaptive_pricing: null,
  after_expiration: null,
  allow_promotion_codes: null,
  allowed_payment_method_types: null,
  amount_subtotal: o.amount,
  amount_total: o.amount,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  cancel_url: o.cancelUrl,
  client_reference_id: o.clientReferenceId,
  client_secret: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  created: o.created,
  currency: o.currency,
  currency_conversion: null,
  custom_fields: [],
  custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
  customer: o.customer,
  customer_account: null,
  customer_creation: o.customer ? null : 'always',
  customer_details: null,
  customer_email: o.customerEmail,
  discounts: [],
  expires_at: o.created + 24 * 3600,
  integration_identifier: null,
  invoice: null,
  invoice_creation: null,
  livemode: false,
  locale: null,
  managed_payments: null,
  metadata: o.metadata,
  mode: o.mode,
  origin_context: null,
  payment_intent: null,
  payment_link: null,
  payment_method_collection: 'always',
  payment_method_configuration_details: null,
  payment_method_options: { card: { request_three_d_secure: 'automatic' } },
  payment_method_types: ['card'],
  payment_status: 'unpaid',
  permissions: null,
  recovered_from: null,
  saved_payment_method_options: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: o.successUrl,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  ui_mode: 'hosted',
  url: o.url,
  wallet_options: null,
})

export const portalSession = (o: {
  id: string
  created: number
  customer: string
  returnUrl: string | null
  url: string
}): PortalSession => ({
  id: o.id,
  object: 'billing_portal.session',
  configuration: 'bpc_loopback_default',
  created: o.created,
  customer: o.customer,
  customer_account: null,
  flow: null,
  livemode: false,
  locale: null,
  on_behalf_of: null,
  return_url: o.returnUrl,
  url: o.url,
})
