// Stripe's parameters: form-encoded (or a query string) with bracket notation, as stripe-node writes them:
// `metadata[user_id]=u`, `line_items[0][price]=p`, `lookup_keys[0]=a`; also `lookup_keys[]=a` as curl users
// write. Values stay strings; the handlers read them as the types they expect.

export type Param = string | Params | Param[]
export interface Params {
  [key: string]: Param
}

const pathOf = (key: string): string[] | null => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match?.[1]) return null
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')
  return [match[1], ...rest]
}

/** Turns objects whose keys are all indexes into arrays, in index order. */
const arrays = (value: Param): Param => {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted: Params = {}
  for (const key of keys) converted[key] = arrays(value[key] as Param)
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k] as Param)
  return converted
}

export class ParamsError extends Error {}

export const parseParams = (encoded: string): Params => {
  const root: Params = {}
  let pushed = 0
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = pathOf(key)
    if (!path) throw new ParamsError(`Invalid parameter name: ${key}`)
    let node: Params = root
    for (let i = 0; i < path.length; i++) {
      // `[]` appends: give it an index past the ones used.
      const segment = path[i] === '' ? String(1_000_000 + pushed++) : (path[i] as string)
      if (i === path.length - 1) {
        node[segment] = value
        break
      }
      const next = node[segment]
      if (next === undefined) node[segment] = {}
      else if (typeof next === 'string' || Array.isArray(next))
        throw new ParamsError(`Invalid array or hash for parameter ${path.slice(0, i + 1).join('.')}`)
      node = node[segment] as Params
    }
  }
  return arrays(root) as Params
}

// Readers used by the handlers: a wrong type is Stripe's 400 with the parameter's name.

export const str = (params: Params, name: string): string | undefined => {
  const value = params[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new ParamsError(`Invalid string: ${name}`)
  return value
}

export const int = (params: Params, name: string): number | undefined => {
  const value = str(params, name)
  if (value === undefined || value === '') return undefined
  if (!/^-?\d+$/.test(value)) throw new ParamsError(`Invalid integer: ${value}`)
  return Number(value)
}

export const bool = (params: Params, name: string): boolean | undefined => {
  const value = str(params, name)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false') throw new ParamsError(`Invalid boolean: ${value}`)
  return value === 'true'
}

export const hash = (params: Params, name: string): Params | undefined => {
  const value = params[name]
  if (value === undefined || value === '') return undefined
  if (typeof value === 'string' || Array.isArray(value)) throw new ParamsError(`Invalid hash: ${name}`)
  return value
}

export const list = (params: Params, name: string): Param[] | undefined => {
  const value = params[name]
  if (value === undefined || value === '') return undefined
  if (!Array.isArray(value)) throw new ParamsError(`Invalid array: ${name}`)
  return value
}

/** Metadata: string values only; an empty value unsets the key, as in Stripe. */
export const metadata = (params: Params, current: Record<string, string> = {}): Record<string, string> => {
  const given = hash(params, 'metadata')
  if (!given) return params.metadata === '' ? {} : current
  const next = { ...current }
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw new ParamsError(`Invalid metadata value for key ${key}`)
    if (value === '') delete next[key]
    else next[key] = value
  }
  return next
}
