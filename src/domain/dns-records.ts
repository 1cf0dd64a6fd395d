// DNS answers as monitors compare them: record types, one canonical text per value, and the rules of a DNS
// monitor's expected values. The check writes answers in this form; users may type them more loosely.

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA', 'SRV'] as const
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number]

export const EXPECTED_MATCHES = ['contains', 'exact'] as const

const name = (value: string) => value.trim().toLowerCase().replace(/\.$/, '')

/**
 * One value in its canonical text: names in lower case without the final dot, numbers as numbers, words
 * separated by one space. `MX 10 Mail.Example.com.` and `10 mail.example.com` are the same value.
 */
export const canonicalDnsValue = (type: DnsRecordType, value: string): string => {
  const words = value.trim().split(/\s+/)
  switch (type) {
    case 'A':
      return value.trim()
    case 'AAAA':
      return value.trim().toLowerCase()
    case 'CNAME':
    case 'NS':
      return name(value)
    case 'MX':
      return words.length === 2 ? `${Number(words[0])} ${name(words[1] as string)}` : name(value)
    case 'SRV':
      // priority weight port target
      return words.length === 4 ? `${words.slice(0, 3).map(Number).join(' ')} ${name(words[3] as string)}` : name(value)
    case 'CAA': {
      // flags tag "value"
      const [flags, tag, ...rest] = words
      return rest.length
        ? `${Number(flags)} ${tag?.toLowerCase()} ${rest.join(' ').replace(/^"|"$/g, '')}`
        : value.trim()
    }
    case 'SOA':
      return words.map((w, i) => (i < 2 ? name(w) : String(Number(w)))).join(' ')
    case 'TXT':
      return value.replace(/^"|"$/g, '')
  }
}

/** The answer set in canonical order, without repeats: two answers in another order are the same answer. */
export const canonicalAnswer = (type: DnsRecordType, values: readonly string[]): string[] =>
  [...new Set(values.map((v) => canonicalDnsValue(type, v)))].sort()

/** Why the answer does not meet what is expected, or null. No expected values: any answer will do. */
export const answerProblem = (
  type: DnsRecordType,
  expected: readonly string[],
  match: (typeof EXPECTED_MATCHES)[number],
  answer: readonly string[],
): string | null => {
  if (answer.length === 0) return `No ${type} records.`
  if (expected.length === 0) return null
  const want = canonicalAnswer(type, expected)
  const got = new Set(canonicalAnswer(type, answer))
  const missing = want.filter((v) => !got.has(v))
  if (match === 'contains')
    return missing.length === 0 ? null : `The ${type} answer lacks ${missing.map((v) => `"${v}"`).join(', ')}.`
  const extra = [...got].filter((v) => !want.includes(v))
  if (missing.length === 0 && extra.length === 0) return null
  return `The ${type} answer is ${[...got].map((v) => `"${v}"`).join(', ')}, expected exactly ${want.map((v) => `"${v}"`).join(', ')}.`
}

/** Host names as DNS queries take them: labels of letters, digits, hyphens and underscores (`_sip._tcp`). */
export const isDnsName = (value: string): boolean => {
  const text = value.endsWith('.') ? value.slice(0, -1) : value
  if (text.length === 0 || text.length > 253) return false
  return text.split('.').every((label) => /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i.test(label))
}

/** `ip`, `ip:port`, `[ipv6]:port` or a bare IPv6 address: a resolver to ask, or a message why not. */
export const parseResolver = (
  value: string,
  isIp: (text: string) => 4 | 6 | 0,
): { host: string; port: number } | string => {
  const text = value.trim()
  const problem = 'A resolver is an IP address with an optional port: 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53.'
  let host = text
  let port = 53
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text)
  if (bracketed) {
    host = bracketed[1] as string
    if (bracketed[2]) port = Number(bracketed[2])
  } else if (/^[^:]+:\d+$/.test(text)) {
    const [h, p] = text.split(':')
    host = h as string
    port = Number(p)
  }
  if (!isIp(host)) return problem
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return 'The resolver port must be from 1 to 65535.'
  return { host, port }
}

// Which of a DNS monitor's expected values the answer held, compared in their canonical text as the check
// compares them (so `10 Mail.Example.com.` is found as `10 mail.example.com`).

export const expectedFound = (type: DnsRecordType, expected: readonly string[], answer: readonly string[]) => {
  const got = new Set(canonicalAnswer(type, answer))
  return expected.map((value) => ({ value, found: got.has(canonicalDnsValue(type, value)) }))
}

/** The answer's values, each marked when an exact match did not expect it. */
export const answerMarked = (
  type: DnsRecordType,
  expected: readonly string[],
  match: (typeof EXPECTED_MATCHES)[number],
  answer: readonly string[],
) => {
  const want = new Set(canonicalAnswer(type, expected))
  return answer.map((value) => ({
    value,
    unexpected: match === 'exact' && expected.length > 0 && !want.has(canonicalDnsValue(type, value)),
  }))
}
