// A JSON text read from the database as it is stored, answered without being parsed and written again: the
// resource pages of a large cloud account (thousands of instances) would spend most of their time doing both.

/** JSON text to place into an answer as it is. Only for text this server stored with JSON.stringify. */
export class RawJson {
  readonly text: string

  constructor(text: string) {
    this.text = text
  }
}

/** JSON array text of stored JSON texts. */
export const rawArray = (items: readonly string[]) => new RawJson(`[${items.join(',')}]`)

/** `value` as JSON, with each RawJson in it as its own text. */
export const stringifyWithRaw = (value: unknown): string => {
  const raws: string[] = []
  const marker = `\u0000raw-${Math.random().toString(36).slice(2)}-`
  const text = JSON.stringify(value, (_key, v) => {
    if (!(v instanceof RawJson)) return v
    raws.push(v.text)
    return `${marker}${raws.length - 1}`
  })
  if (raws.length === 0) return text
  // The markers were written as JSON strings ("\u0000raw-...-0"): each is replaced, quotes included, by its text.
  const quoted = JSON.stringify(marker).slice(1, -1)
  return text.replace(
    new RegExp(`"${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'),
    (_m, i) => raws[Number(i)] as string,
  )
}
