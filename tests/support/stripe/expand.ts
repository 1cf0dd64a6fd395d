import { invalidRequest } from './api-errors.ts'

// `expand[]=latest_invoice`, `expand[]=data.product`: an id at the path becomes its object (a copy; answers never
// share state with the store). `data` walks into each element of a list. As in Stripe, at most four levels, and
// a path to a field that holds no id is refused.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null

const expandAt = (node: Json, path: string[], full: string, lookup: (id: string) => object | undefined) => {
  const [head, ...rest] = path
  if (head === undefined) return
  if (head === 'data' && node.object === 'list' && Array.isArray(node.data)) {
    for (const element of node.data) if (isObject(element)) expandAt(element, rest, full, lookup)
    return
  }
  if (!(head in node)) throw invalidRequest(`This property cannot be expanded (${full}).`, { param: 'expand' })
  let value = node[head]
  if (typeof value === 'string') {
    const found = lookup(value)
    if (!found) throw invalidRequest(`This property cannot be expanded (${full}).`, { param: 'expand' })
    value = structuredClone(found)
    node[head] = value
  }
  if (rest.length > 0 && isObject(value)) expandAt(value, rest, full, lookup)
}

export const expand = <T>(value: T, paths: string[], lookup: (id: string) => object | undefined): T => {
  const copy = structuredClone(value)
  for (const path of paths) {
    const segments = path.split('.')
    if (segments.length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, {
        param: 'expand',
      })
    if (isObject(copy)) expandAt(copy, segments, path, lookup)
  }
  return copy
}
