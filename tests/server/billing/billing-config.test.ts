import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/server/config.ts'

// BILLING and its Stripe settings as an operator sets them: off by default, and a server that would take
// payments refuses to start without what it needs, saying which setting is missing.

const stripe = {
  BILLING: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
}

describe('billing settings', () => {
  it('is off unless asked for', () => {
    expect(loadConfig({}).billing).toEqual({ mode: 'off' })
    expect(loadConfig({ BILLING: 'off', STRIPE_SECRET_KEY: 'sk_test_abc' }).billing).toEqual({ mode: 'off' })
  })

  it('takes the keys, the price ids and another API address', () => {
    expect(
      loadConfig({
        ...stripe,
        STRIPE_PRICE_PRO_MONTHLY: 'price_m',
        STRIPE_PRICE_PRO_YEARLY: 'price_y',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).billing,
    ).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { monthly: 'price_m', yearly: 'price_y' },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    })
    expect(loadConfig(stripe).billing).toMatchObject({ prices: {}, api: undefined })
  })

  it('refuses to start without a secret key, a webhook secret, or with an unknown mode', () => {
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: '' })).toThrow(/needs STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/needs STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/needs STRIPE_WEBHOOK_SECRET/)
    expect(() => loadConfig({ BILLING: 'paypal' })).toThrow('BILLING must be off or stripe, got "paypal"')
  })
})
