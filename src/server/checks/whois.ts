import net from 'node:net'
import { hostName, parseRegistryDate, type Registration, RegistryError, untilAborted } from './registration.ts'

// WHOIS (RFC 3912) for TLDs without RDAP: the query and a line break on TCP port 43, the answer read to the
// end. Its format is free text; the common "Key: value" forms are read (Verisign and ICANN's registries,
// RIPE-style "key: value" registries such as .ru).

const IANA_WHOIS = 'whois.iana.org'
const ANSWER_CAP = 256 * 1024
const REFERRAL_TTL_MS = 24 * 3600 * 1000

/** `host`, `host:port` or `[v6]:port`; port 43 by default. */
const hostAndPort = (server: string) => {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(server)
  if (bracketed) return { host: bracketed[1] as string, port: Number(bracketed[2] ?? 43) }
  const named = /^([^:]+):(\d+)$/.exec(server)
  return named ? { host: named[1] as string, port: Number(named[2]) } : { host: server, port: 43 }
}

/** Sends `query` to a WHOIS server and reads its answer to the end (at most 256 KiB). */
export const whoisQuery = (server: string, query: string, signal: AbortSignal, seconds: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const { host, port } = hostAndPort(server)
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (err?: unknown) => {
      if (done) return
      done = true
      signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (err) reject(err)
      else resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const onAbort = () =>
      finish(
        (signal.reason as Error)?.name === 'TimeoutError'
          ? new RegistryError(`The WHOIS server ${server} did not answer within ${seconds} s.`)
          : signal.reason,
      )
    const socket = net.connect({ host, port })
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) onAbort()
    socket.on('connect', () => socket.write(`${query}\r\n`))
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk.subarray(0, ANSWER_CAP - size))
      size = Math.min(ANSWER_CAP, size + chunk.length)
      // What matters is near the top; a longer answer is read that far.
      if (size === ANSWER_CAP) finish()
    })
    socket.on('end', () => finish())
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(new RegistryError(`The WHOIS server ${server} could not be reached: ${err.code ?? err.message}.`)),
    )
  })

const referrals = new Map<string, { at: number; server: Promise<string | null> }>()

/** The WHOIS server IANA names for a TLD ("refer:", else "whois:"), or null; kept for a day. */
export const whoisServerFor = (tld: string, signal: AbortSignal, seconds: number): Promise<string | null> => {
  const cached = referrals.get(tld)
  if (cached && Date.now() - cached.at < REFERRAL_TTL_MS) return untilAborted(cached.server, signal)
  // Its own time limit: other checks may wait for the same answer.
  const server = whoisQuery(IANA_WHOIS, tld, AbortSignal.timeout(30_000), 30).then(referralIn)
  referrals.set(tld, { at: Date.now(), server })
  server.catch(() => {
    if (referrals.get(tld)?.server === server) referrals.delete(tld)
  })
  return untilAborted(server, signal).catch((err: Error) => {
    throw err?.name === 'TimeoutError' ? new RegistryError(`${IANA_WHOIS} did not answer within ${seconds} s.`) : err
  })
}

/** The server in IANA's answer about a TLD. */
export const referralIn = (text: string): string | null =>
  /^refer:\s*(\S+)/im.exec(text)?.[1] ?? /^whois:\s*(\S+)/im.exec(text)?.[1] ?? null

const FIELDS = {
  domain: ['domain name', 'domain'],
  expires: [
    'registry expiry date',
    'registrar registration expiration date',
    'expiry date',
    'expiration date',
    'expires',
    'expires on',
    'expire date',
    'paid-till',
  ],
  created: ['creation date', 'created', 'created on', 'registered on', 'registration date', 'registration time'],
  registrar: ['registrar', 'sponsoring registrar', 'registrar name'],
  nameServers: ['name server', 'nserver', 'nameserver', 'name servers'],
  status: ['domain status', 'status', 'state'],
} as const

const NOT_FOUND =
  /^\s*(?:%+\s*)?(?:no match for|not found|no entries found|no data found|domain not found|no object found|status:\s*(?:free|available))/im

/** The `key: value` lines, keys in lower case; comment lines (% and #) left out. */
const fieldsOf = (text: string) => {
  const fields = new Map<string, string[]>()
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*[%#>]/.test(line)) continue
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (value !== '') fields.set(name, [...(fields.get(name) ?? []), value])
  }
  return fields
}

/** The registration in a WHOIS answer; null when the registry says it does not know the domain. */
export const parseWhois = (text: string, server: string): Registration | null => {
  const fields = fieldsOf(text)
  const all = (names: readonly string[]) => names.flatMap((name) => fields.get(name) ?? [])
  const date = (names: readonly string[]) =>
    all(names)
      .map(parseRegistryDate)
      .find((ms) => ms !== null) ?? null
  const expiresAt = date(FIELDS.expires)
  const registeredAt = date(FIELDS.created)
  const dated = expiresAt !== null || registeredAt !== null
  // "Domain: example.de" and "Status: free" together say it is not registered.
  if (!dated && NOT_FOUND.test(text)) return null
  if (!dated && all(FIELDS.domain).length === 0) {
    const line = text.split(/\r?\n/).find((l) => l.trim() !== '' && !/^\s*[%#]/.test(l))
    const said = line ? `: "${line.trim().slice(0, 120)}"` : ''
    throw new RegistryError(`The WHOIS server ${server} gave no registration data${said}.`)
  }
  return {
    registrar: all(FIELDS.registrar)[0] ?? null,
    registeredAt,
    expiresAt,
    // "nserver: ns1.example.ru. 192.0.2.1": the name comes first, its glue address may follow.
    nameServers: [...new Set(all(FIELDS.nameServers).map((v) => hostName(v.split(/\s+/)[0] as string)))],
    // "clientDeleteProhibited https://icann.org/epp#..." or "REGISTERED, DELEGATED, VERIFIED"
    status: [
      ...new Set(
        all(FIELDS.status).flatMap((v) =>
          v
            .replace(/\s+\(?https?:\/\/\S+$/, '')
            .split(/,\s*/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ),
    ],
  }
}
