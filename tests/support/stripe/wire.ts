import type Stripe from 'stripe'

/**
 * A Stripe object as it travels in JSON. The loopback server builds its objects against stripe-node's own types
 * (the API version the package pins), so a field the product reads cannot be missing or misnamed here; only
 * decimals differ, which are strings on the wire and Decimal objects in the SDK.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { -readonly [K in keyof T]: Wire<T[K]> }
        : T

export type WireList<T> = { object: 'list'; data: Wire<T>[]; has_more: boolean; url: string }
