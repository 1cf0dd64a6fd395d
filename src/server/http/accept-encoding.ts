// Which content codings a request takes (RFC 9110, 12.5.3): a coding named, or `*`, with a weight above zero. A
// coding named with `q=0` is refused even when `*` would take it.

/** Whether `header` (a request's Accept-Encoding) takes `coding`. */
export const accepts = (header: string | undefined, coding: 'gzip' | 'br'): boolean => {
  let any = false
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = item.split(';').map((p) => p.trim())
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    const taken = Number.isFinite(weight) && weight > 0
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return taken
    if (name === '*') any = taken
  }
  return any
}
