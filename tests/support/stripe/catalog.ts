import { invalidRequest, missingParam } from './api-errors.ts'
import { customer, type Price, price, product, type Recurring } from './object-shapes.ts'
import { newId, type Store } from './world-store.ts'

// Products, prices and customers: created, read and listed as Stripe does, lookup keys included (one price per
// key; `transfer_lookup_key` moves a key to a new price).

export interface PriceInput {
  product?: string
  productData?: { name: string; metadata: Record<string, string> }
  currency: string
  unitAmount: number
  recurring?: { interval: Recurring; intervalCount: number }
  lookupKey?: string
  transferLookupKey?: boolean
  nickname?: string
  metadata: Record<string, string>
}

export interface CustomerInput {
  email?: string
  name?: string
  description?: string
  phone?: string
  metadata: Record<string, string>
}

const CURRENCY = /^[a-z]{3}$/

export const createCatalog = (store: Store) => {
  const catalog = {
    createProduct(input: { id?: string; name: string; description?: string; metadata: Record<string, string> }) {
      if (input.id && store.products.has(input.id))
        throw invalidRequest('Product already exists.', { code: 'resource_already_exists', param: 'id' })
      if (input.id !== undefined && !/^[A-Za-z0-9_-]+$/.test(input.id))
        throw invalidRequest('Invalid product id.', { param: 'id' })
      return store.put(
        store.products,
        product({
          id: input.id ?? newId('prod', 14),
          name: input.name,
          description: input.description ?? null,
          metadata: input.metadata,
          created: store.seconds(),
        }),
      )
    },

    createPrice(input: PriceInput): Price {
      const currency = input.currency.toLowerCase()
      if (!CURRENCY.test(currency)) throw invalidRequest(`Invalid currency: ${input.currency}.`, { param: 'currency' })
      if (!Number.isInteger(input.unitAmount) || input.unitAmount < 0)
        throw invalidRequest('Invalid non-negative integer', { param: 'unit_amount' })
      if (input.product && input.productData)
        throw invalidRequest('You may only specify one of these parameters: product, product_data.', {
          param: 'product',
        })
      let productId = input.product
      if (productId) store.find(store.products, 'product', productId, 'product')
      else if (input.productData)
        productId = catalog.createProduct({ name: input.productData.name, metadata: input.productData.metadata }).id
      else throw missingParam('product')
      const holder = input.lookupKey
        ? [...store.prices.values()].find((p) => p.lookup_key === input.lookupKey)
        : undefined
      if (holder && !input.transferLookupKey)
        throw invalidRequest(
          `A price (\`${holder.id}\`) already uses that lookup key. Use \`transfer_lookup_key\` to move the lookup key to this price.`,
          { param: 'lookup_key' },
        )
      if (holder) holder.lookup_key = null
      return store.put(
        store.prices,
        price({
          id: newId('price'),
          product: productId,
          currency,
          unitAmount: input.unitAmount,
          interval: input.recurring?.interval ?? null,
          intervalCount: input.recurring?.intervalCount ?? 1,
          lookupKey: input.lookupKey ?? null,
          nickname: input.nickname ?? null,
          metadata: input.metadata,
          created: store.seconds(),
        }),
      )
    },

    listPrices(filter: {
      lookupKeys?: string[]
      active?: boolean
      product?: string
      type?: string
      currency?: string
    }) {
      return [...store.prices.values()].filter(
        (p) =>
          (!filter.lookupKeys || (p.lookup_key !== null && filter.lookupKeys.includes(p.lookup_key))) &&
          (filter.active === undefined || p.active === filter.active) &&
          (!filter.product || p.product === filter.product) &&
          (!filter.type || p.type === filter.type) &&
          (!filter.currency || p.currency === filter.currency.toLowerCase()),
      )
    },

    createCustomer(input: CustomerInput) {
      return store.put(
        store.customers,
        customer({
          id: newId('cus', 14),
          email: input.email ?? null,
          name: input.name ?? null,
          description: input.description ?? null,
          phone: input.phone ?? null,
          metadata: input.metadata,
          created: store.seconds(),
          invoicePrefix: newId('x', 8).slice(2).toUpperCase(),
        }),
      )
    },

    updateCustomer(id: string, input: Partial<CustomerInput>) {
      const found = store.find(store.customers, 'customer', id)
      if (input.email !== undefined) found.email = input.email || null
      if (input.name !== undefined) found.name = input.name || null
      if (input.description !== undefined) found.description = input.description || null
      if (input.phone !== undefined) found.phone = input.phone || null
      if (input.metadata) found.metadata = input.metadata
      return found
    },
  }
  return catalog
}

export type Catalog = ReturnType<typeof createCatalog>
