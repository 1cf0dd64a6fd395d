// What the domain check learns from a registry, by RDAP or WHOIS, and the failures it names.

export interface Registration {
  registrar: string | null
  registeredAt: number | null
  expiresAt: number | null
  /** Lower case, without the final dot. */
  nameServers: string[]
  status: string[]
}

/** The registry's answer: a registration, or that the domain is not registered. */
export type RegistryAnswer = {
  source: 'rdap' | 'whois'
  /** The URL or `host[:port]` asked. */
  server: string
  /** Time to the registry's answer. */
  ms: number
  registration: Registration | null
}

/** A registry that could not be asked or did not answer in a usable way; the message is the check's. */
export class RegistryError extends Error {}

/** Rejects with the signal's reason when it aborts first, so a shared request can be left to others. */
export const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> => {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * A registry's date as epoch ms, or null: ISO 8601 and its variants (`2028-08-13T04:00:00Z`,
 * `2028-08-13 04:00:00+03:00`, `2028.08.13`), `13-Aug-2028` and `13.08.2028`. A date without a zone is UTC.
 */
export const parseRegistryDate = (text: string): number | null => {
  const value = text.trim()
  const iso =
    /^(\d{4})[-./](\d{2})[-./](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:([+-])(\d{2}):?(\d{2})?)?/i.exec(
      value,
    )
  if (iso) {
    const [, y, mo, d, h = 0, mi = 0, s = 0, sign, oh = 0, om = 0] = iso
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
    const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om))
    return valid(utc - offsetMinutes * 60_000)
  }
  const named = /^(\d{1,2})[-. ]([a-z]{3})[a-z]*[-. ,]+(\d{4})/i.exec(value)
  if (named) {
    const month = MONTHS.indexOf((named[2] as string).toLowerCase())
    return month === -1 ? null : valid(Date.UTC(Number(named[3]), month, Number(named[1])))
  }
  const european = /^(\d{2})[./](\d{2})[./](\d{4})/.exec(value)
  if (european) return valid(Date.UTC(Number(european[3]), Number(european[2]) - 1, Number(european[1])))
  return valid(Date.parse(value))
}

const valid = (ms: number) => (Number.isFinite(ms) ? ms : null)

/** Host names as registries list them: lower case, without the final dot. */
export const hostName = (value: string) => value.trim().toLowerCase().replace(/\.$/, '')
