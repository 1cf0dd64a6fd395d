// Conditional requests as RFC 9110 says (sections 8.8, 13.1 and 13.2): a representation's validators (an ETag
// and a Last-Modified date), and whether a request's If-None-Match or If-Modified-Since leaves nothing to send.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = MONTHS.join('|')
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})'
// The three forms of an HTTP-date (5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms.
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`)
const RFC_850 = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`,
)
const ASCTIME = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`)

/** A time as an HTTP-date (IMF-fixdate), to the second: `Sun, 22 Nov 2026 09:00:00 GMT`. */
export const httpDate = (ms: number): string => new Date(ms).toUTCString()

const utc = (year: number, month: string, day: number, h: string, m: string, s: string): number | null => {
  const at = Date.UTC(year, MONTHS.indexOf(month), day, Number(h), Number(m), Number(s))
  const date = new Date(at)
  // 31 Feb or 25:00 would roll over: not a date.
  const real =
    date.getUTCDate() === day &&
    date.getUTCHours() === Number(h) &&
    date.getUTCMinutes() === Number(m) &&
    date.getUTCSeconds() === Number(s)
  return real ? at : null
}

/** An HTTP-date in any of its three forms, in ms; null for anything else (which a recipient must ignore). */
export const parseHttpDate = (text: string): number | null => {
  const imf = IMF_FIXDATE.exec(text)
  if (imf) return utc(Number(imf[3]), imf[2] ?? '', Number(imf[1]), imf[4] ?? '', imf[5] ?? '', imf[6] ?? '')
  const old = RFC_850.exec(text)
  if (old) {
    // A two-digit year more than 50 years ahead is in the past century (6.6.7's rule for recipients).
    const yy = Number(old[3])
    const thisYear = new Date().getUTCFullYear()
    let year = Math.floor(thisYear / 100) * 100 + yy
    if (year > thisYear + 50) year -= 100
    return utc(year, old[2] ?? '', Number(old[1]), old[4] ?? '', old[5] ?? '', old[6] ?? '')
  }
  const asc = ASCTIME.exec(text)
  if (asc) return utc(Number(asc[6]), asc[1] ?? '', Number(asc[2]?.trim()), asc[3] ?? '', asc[4] ?? '', asc[5] ?? '')
  return null
}

const ENTITY_TAG = /^\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/

/**
 * Whether an If-None-Match value names `etag`, by the weak comparison (8.8.3.2: `W/"x"` and `"x"` are the same
 * tag), or is `*`. A value that is not a list of entity tags names nothing.
 */
export const noneMatchNames = (header: string, etag: string): boolean => {
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  let rest = header
  while (rest.trim() !== '') {
    const tag = ENTITY_TAG.exec(rest)
    if (!tag) return false
    if (tag[1] === opaque) return true
    rest = rest.slice(tag[0].length)
  }
  return false
}

export interface Validators {
  etag: string
  /** When the representation last changed, in ms. */
  lastModified: number
}

/**
 * The answer a conditional request gets instead of the representation, or null to send it (13.2.2): If-None-Match
 * first (a 304 for GET and HEAD, 412 otherwise); only without it, and only for GET and HEAD, If-Modified-Since,
 * compared to the second that Last-Modified gives.
 */
export const conditionalStatus = (
  request: { method: string; ifNoneMatch?: string; ifModifiedSince?: string },
  validators: Validators,
): 304 | 412 | null => {
  const safe = request.method === 'GET' || request.method === 'HEAD'
  if (request.ifNoneMatch !== undefined)
    return noneMatchNames(request.ifNoneMatch, validators.etag) ? (safe ? 304 : 412) : null
  if (!safe || request.ifModifiedSince === undefined) return null
  const since = parseHttpDate(request.ifModifiedSince.trim())
  if (since === null) return null
  return Math.floor(validators.lastModified / 1000) * 1000 <= since ? 304 : null
}
