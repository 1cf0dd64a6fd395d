// Host names and addresses as users type them in monitor forms. Pure string rules: the server resolves
// and checks the address against the target policy when it connects.

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export const isIPv4 = (value: string): boolean => IPV4.test(value)

/** A textual IPv6 address (with an optional embedded IPv4 tail), without brackets or zone. */
export const isIPv6 = (value: string): boolean => {
  if (!value.includes(':') || value.length > 45) return false
  let text = value
  let groupsForTail = 0
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return false
    text = `${text.slice(0, lastColon + 1)}0`
    groupsForTail = 1
  }
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0] ?? '')
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : []
  const all = [...head, ...rest]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false
  const count = all.length + groupsForTail
  return halves.length === 2 ? count <= 7 : count === 8
}

/** A DNS host name: dot-separated labels of letters, digits and hyphens, at most 253 characters. */
export const isHostName = (value: string): boolean => {
  const name = value.endsWith('.') ? value.slice(0, -1) : value
  if (name.length === 0 || name.length > 253) return false
  const labels = name.split('.')
  // An all-numeric last label would be an IP address form (2130706433, 0x7f.1): those are not names.
  if (/^(0x[0-9a-f]*|\d+)$/i.test(labels.at(-1) ?? '')) return false
  return labels.every((l) => LABEL.test(l))
}

/**
 * IPv4 in the other forms a resolver accepts (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1): their
 * dotted form, or null. They are allowed as targets, and count as the address they mean.
 */
export const numericIPv4 = (value: string): string | null => {
  const parts = value.split('.')
  if (parts.length < 1 || parts.length > 4) return null
  const numbers: number[] = []
  for (const part of parts) {
    let n: number
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16)
    else if (/^0[0-7]+$/.test(part)) n = Number.parseInt(part.slice(1), 8)
    else if (/^(0|[1-9]\d*)$/.test(part)) n = Number(part)
    else return null
    numbers.push(n)
  }
  const last = numbers.pop() as number
  if (numbers.some((n) => n > 255)) return null
  const lastMax = 256 ** (4 - numbers.length)
  if (last >= lastMax) return null
  const bytes = [...numbers]
  for (let i = 4 - numbers.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256)
  return bytes.join('.')
}

/** The host as the checks use it: brackets and a trailing dot removed, numeric IPv4 forms made dotted. */
export const normalizeHost = (value: string): string => {
  let host = value.trim().toLowerCase()
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1)
  if (host.endsWith('.') && !isIPv4(host.slice(0, -1))) host = host.slice(0, -1)
  return numericIPv4(host) ?? host
}

/** Why a host field is unusable, or null when it is a host name or an IP address. */
export const hostProblem = (value: string): string | null => {
  const raw = value.trim()
  if (raw === '') return 'Host is required.'
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || raw.includes('/'))
    return 'Enter a host name or IP address without a scheme or path, such as example.com or 192.0.2.10.'
  const host = normalizeHost(raw)
  if (isIPv4(host) || isIPv6(host) || isHostName(host)) return null
  return `"${raw}" is not a valid host name or IP address.`
}
