import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

// Which addresses a check may connect to (README, "Target policy"). The policy is applied
// to the address a socket connects to, after resolution, so a name that later resolves elsewhere (DNS
// rebinding) or a redirect to an internal address cannot slip past it.

export interface TargetPolicy {
  /** ALLOW_PRIVATE_TARGETS=true: private, loopback, link-local and other non-public ranges are allowed. */
  allowPrivate: boolean
}

export type AddressKind =
  | 'public'
  | 'metadata'
  | 'unspecified'
  | 'loopback'
  | 'broadcast'
  | 'private'
  | 'link-local'
  | 'multicast'
  | 'reserved'

type RefusedKind = Exclude<AddressKind, 'public'>

// The first list that holds an address names its kind, so the exact metadata addresses come before the
// ranges that contain them.
const RANGES: [RefusedKind, string[]][] = [
  [
    'metadata',
    [
      '169.254.169.254/32', // AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean, Hetzner, IBM... instance metadata
      '169.254.170.2/32', // AWS ECS task metadata and credentials
      '169.254.170.23/32', // AWS EKS Pod Identity agent
      '169.254.0.23/32', // Tencent Cloud metadata
      '169.254.42.42/32', // Scaleway metadata
      '100.100.100.200/32', // Alibaba Cloud metadata
      '192.0.0.192/32', // Oracle Cloud (Classic) metadata
      '168.63.129.16/32', // Azure WireServer (host agent); a public-looking address reachable only inside Azure
      'fd00:ec2::254/128', // AWS instance metadata over IPv6
      'fd00:ec2::23/128', // AWS EKS Pod Identity agent over IPv6
      'fd20:ce::254/128', // GCP metadata server over IPv6
      'fe80::a9fe:a9fe/128', // OpenStack metadata over IPv6
    ],
  ],
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['broadcast', ['255.255.255.255/32']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7', '64:ff9b:1::/48']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  [
    'reserved',
    [
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // documentation (TEST-NET-1, -2, -3)
      '198.51.100.0/24',
      '203.0.113.0/24',
      '198.18.0.0/15', // benchmarking
      '192.88.99.0/24', // former 6to4 relay anycast
      '240.0.0.0/4', // future use
      '::/96', // deprecated IPv4-compatible IPv6
      '100::/64', // discard-only
      '2001:db8::/32', // documentation
      '3fff::/20', // documentation
      'fec0::/10', // deprecated site-local
    ],
  ],
]

const LISTS: [RefusedKind, BlockList][] = RANGES.map(([kind, cidrs]) => {
  const list = new BlockList()
  for (const cidr of cidrs) {
    const [address = '', prefix] = cidr.split('/')
    list.addSubnet(address, Number(prefix), address.includes(':') ? 'ipv6' : 'ipv4')
  }
  return [kind, list]
})

const WORDS: Record<RefusedKind, string> = {
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  broadcast: 'a broadcast address',
  private: 'a private address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
}

const kindIn = (address: string, family: 'ipv4' | 'ipv6'): AddressKind => {
  for (const [kind, list] of LISTS) if (list.check(address, family)) return kind
  return 'public'
}

/** The eight 16-bit groups of a valid textual IPv6 address (with an optional dotted IPv4 tail). */
export const ipv6Groups = (address: string): number[] => {
  let text = address
  const lastColon = text.lastIndexOf(':')
  if (text.includes('.', lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number)
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)))
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back]
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16) and the
 * deprecated IPv4-compatible form (::a.b.c.d). Each of them can reach that IPv4 address.
 */
export const embeddedIPv4 = (address: string): string | null => {
  const g = ipv6Groups(address)
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  const [g0 = 0, g1 = 0, g2 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = [g[0], g[1], g[2], g[4], g[5], g[6], g[7]]
  if (zeros(0, 5) && g5 === 0xffff) return dotted(g6, g7)
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return dotted(g6, g7)
  if (g0 === 0x64 && g1 === 0xff9b && (g2 === 0 || g2 === 1)) return dotted(g6, g7)
  if (g0 === 0x2002) return dotted(g1, g2)
  if (zeros(0, 6) && g6 >> 8 !== 0) return dotted(g6, g7)
  return null
}

/** What an IP address is; `embedded` is the IPv4 address an IPv6 form stands for, when that decided it. */
export const classifyAddress = (ip: string): { kind: AddressKind; embedded?: string } => {
  const address = bare(ip)
  const family = isIP(address)
  if (family === 4) return { kind: kindIn(address, 'ipv4') }
  if (family !== 6) return { kind: 'reserved' }
  const own = kindIn(address, 'ipv6')
  const embedded = embeddedIPv4(address)
  if (embedded === null) return { kind: own }
  const inner = kindIn(embedded, 'ipv4')
  // The embedded address decides unless the IPv6 address is itself a metadata address.
  if (inner === 'metadata' || (inner !== 'public' && own !== 'metadata')) return { kind: inner, embedded }
  return { kind: own }
}

/** Brackets and an IPv6 zone (fe80::1%eth0) removed. */
const bare = (ip: string) => {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip
  const zone = text.indexOf('%')
  return zone === -1 ? text : text.slice(0, zone)
}

/**
 * null when the policy allows connecting to `address`; otherwise the sentence that says why not.
 * `host` is the name the user gave, when the address came from resolving it.
 */
export const addressProblem = (address: string, policy: TargetPolicy, host?: string): string | null => {
  if (isIP(bare(address)) === 0) return `Refused: ${address} is not an IP address.`
  const { kind, embedded } = classifyAddress(address)
  if (kind === 'public' || (kind !== 'metadata' && policy.allowPrivate)) return null
  const what = embedded ? `${address} (which stands for ${embedded})` : address
  const subject = host !== undefined && host !== address ? `${host} resolves to ${what}, which is` : `${what} is`
  return kind === 'metadata'
    ? `Refused: ${subject} a cloud metadata address, which is never monitored.`
    : `Refused: ${subject} ${WORDS[kind]}. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.`
}

/** A refusal by the policy, raised where a DNS error would be (code ETARGETREFUSED). */
export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED'
}

interface Resolved {
  address: string
  family: number
}

/** Resolves `host` and keeps the allowed addresses, in resolver order; refuses when none is allowed. */
const resolveAllowed = (
  host: string,
  family: number | undefined,
  hints: number | undefined,
  policy: TargetPolicy,
  done: (err: NodeJS.ErrnoException | null, addresses: Resolved[]) => void,
): void => {
  const literal = isIP(bare(host))
  if (literal !== 0) {
    const problem = addressProblem(host, policy)
    // Deferred so the callback is always asynchronous, as a resolver's is.
    process.nextTick(() =>
      problem ? done(new TargetRefusedError(problem), []) : done(null, [{ address: bare(host), family: literal }]),
    )
    return
  }
  dns.lookup(host, { all: true, family: family ?? 0, hints }, (err, addresses) => {
    if (err) return done(err, [])
    const allowed = addresses.filter((a) => addressProblem(a.address, policy) === null)
    if (allowed.length > 0) return done(null, allowed)
    const first = addresses[0]
    const problem = first ? addressProblem(first.address, policy, host) : null
    done(new TargetRefusedError(problem ?? `The host name ${host} does not resolve.`), [])
  })
}

const makeLookup =
  (policy: TargetPolicy): LookupFunction =>
  (hostname, options, callback) => {
    const named = options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : undefined
    const family = typeof options.family === 'number' ? options.family : named
    resolveAllowed(hostname, family, options.hints, policy, (err, addresses) => {
      if (err) return callback(err, '', 0)
      // With `all` (Node's happy eyeballs asks for it) every allowed address is offered; each was checked.
      if (options.all) return callback(null, addresses)
      const first = addresses[0] as Resolved
      callback(null, first.address, first.family)
    })
  }

// One function per policy value, made once: the lookup is handed to every connection.
const LOOKUPS = { allow: makeLookup({ allowPrivate: true }), deny: makeLookup({ allowPrivate: false }) }

/**
 * The `lookup` option for `net.connect`, `tls.connect` and `http.request`: resolves like `dns.lookup` and
 * refuses (TargetRefusedError) when no resolved address is allowed. Node skips `lookup` for an IP literal,
 * so callers check a literal host with `addressProblem` before connecting.
 */
export const policyLookup = (policy: TargetPolicy): LookupFunction =>
  policy.allowPrivate ? LOOKUPS.allow : LOOKUPS.deny

/** Resolves `host` to the first allowed address, for tools that take an address (ping). */
export const resolveTarget = (host: string, policy: TargetPolicy): Promise<{ address: string; family: 4 | 6 }> =>
  new Promise((resolve, reject) => {
    resolveAllowed(host, undefined, undefined, policy, (err, addresses) => {
      const first = addresses[0]
      if (err || !first) reject(err ?? new TargetRefusedError(`The host name ${host} does not resolve.`))
      else resolve({ address: first.address, family: first.family === 6 ? 6 : 4 })
    })
  })
