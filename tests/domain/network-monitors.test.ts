import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { answerProblem, canonicalAnswer, canonicalDnsValue, isDnsName, parseResolver } from '@vigil/domain/dns-records'
import { daysLeft, dueWarning, warningKey } from '@vigil/domain/expiry'
import { fieldErrors } from '@vigil/domain/form-validation'
import { isIPv4, isIPv6 } from '@vigil/domain/host'
import { changeMessage, downMessage, expiryMessage, upMessage } from '@vigil/domain/incident-message'
import { monitorPatchSchema, validateMonitor } from '@vigil/domain/monitor.schema'
import { isNewsworthyChange } from '@vigil/domain/observation'

const DAY = 86_400_000
const errorsOf = (input: unknown) => {
  const r = validateMonitor(input)
  return r.success ? {} : fieldErrors(r.issues)
}

describe('DNS values', () => {
  it.each([
    ['A', ' 192.0.2.1 ', '192.0.2.1'],
    ['AAAA', '2001:DB8::1', '2001:db8::1'],
    ['CNAME', 'Www.Example.COM.', 'www.example.com'],
    ['MX', '10   Mail.Example.com.', '10 mail.example.com'],
    ['SRV', '10 5 5060 SIP.example.com.', '10 5 5060 sip.example.com'],
    ['CAA', '0 ISSUE "letsencrypt.org"', '0 issue letsencrypt.org'],
    ['TXT', '"v=spf1 -all"', 'v=spf1 -all'],
    [
      'SOA',
      'NS1.example.com. Hostmaster.example.com. 2026112301 7200 3600 1209600 300',
      'ns1.example.com hostmaster.example.com 2026112301 7200 3600 1209600 300',
    ],
  ] as const)('%s %j reads as %j', (type, input, canonical) => {
    expect(canonicalDnsValue(type, input)).toBe(canonical)
  })

  it('makes an answer a sorted set', () => {
    expect(canonicalAnswer('A', ['192.0.2.2', '192.0.2.1', '192.0.2.2'])).toEqual(['192.0.2.1', '192.0.2.2'])
  })

  it('checks expected values: contains and exact', () => {
    const answer = ['192.0.2.1', '192.0.2.2']
    expect(answerProblem('A', [], 'contains', answer)).toBeNull()
    expect(answerProblem('A', ['192.0.2.1'], 'contains', answer)).toBeNull()
    expect(answerProblem('A', ['192.0.2.9'], 'contains', answer)).toBe('The A answer lacks "192.0.2.9".')
    expect(answerProblem('A', ['192.0.2.1'], 'exact', answer)).toBe(
      'The A answer is "192.0.2.1", "192.0.2.2", expected exactly "192.0.2.1".',
    )
    expect(answerProblem('A', ['192.0.2.2', '192.0.2.1'], 'exact', answer)).toBeNull()
    expect(answerProblem('MX', ['10 MAIL.example.com.'], 'contains', ['10 mail.example.com'])).toBeNull()
    expect(answerProblem('A', [], 'contains', [])).toBe('No A records.')
  })

  it('takes names with underscores (SRV) but not URLs or empty labels', () => {
    expect(isDnsName('_sip._tcp.example.com')).toBe(true)
    expect(isDnsName('example.com.')).toBe(true)
    expect(isDnsName('a..b')).toBe(false)
    expect(isDnsName('-a.example.com')).toBe(false)
  })

  it.each([
    ['9.9.9.9', { host: '9.9.9.9', port: 53 }],
    ['127.0.0.1:5353', { host: '127.0.0.1', port: 5353 }],
    ['[2620:fe::fe]:53', { host: '2620:fe::fe', port: 53 }],
    ['2620:fe::fe', { host: '2620:fe::fe', port: 53 }],
  ])('reads the resolver %s', (input, parsed) => {
    const ip = (s: string) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0) as 4 | 6 | 0
    expect(parseResolver(input, ip)).toEqual(parsed)
  })

  it('refuses a resolver that is not an address', () => {
    const ip = (s: string) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0) as 4 | 6 | 0
    expect(parseResolver('dns.example.com', ip)).toMatch(/^A resolver is an IP address/)
    expect(parseResolver('1.1.1.1:70000', ip)).toBe('The resolver port must be from 1 to 65535.')
  })
})

describe('expiry warnings', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  const expires = now + 20 * DAY + 3_600_000
  it('counts whole days left', () => {
    expect(daysLeft(expires, now)).toBe(20)
    expect(daysLeft(now - 1, now)).toBe(-1)
  })
  it('warns once at each threshold crossed, the smallest when several are, and afresh after a renewal', () => {
    const warn = [30, 14, 7, 1]
    expect(dueWarning(now + 40 * DAY, now, warn, null)).toBeNull()
    expect(dueWarning(expires, now, warn, null)).toBe(30)
    expect(dueWarning(expires, now, warn, warningKey(expires, 30))).toBeNull()
    expect(dueWarning(expires, now + 7 * DAY, warn, warningKey(expires, 30))).toBe(14)
    // Created 5 days before expiry: one warning, the 7-day one.
    expect(dueWarning(now + 5 * DAY + 1000, now, warn, null)).toBe(7)
    // Renewed: a new expiry date starts again.
    expect(dueWarning(now + 25 * DAY, now, warn, warningKey(expires, 1))).toBe(30)
    // Expired: the check fails instead.
    expect(dueWarning(now - DAY, now, warn, null)).toBeNull()
  })
})

describe('changes and messages', () => {
  it('tells a DNS answer change, and a blacklist change only between two listings', () => {
    expect(isNewsworthyChange('dns', ['192.0.2.1'], ['192.0.2.2'])).toBe(true)
    expect(isNewsworthyChange('dns', ['192.0.2.1'], ['192.0.2.1'])).toBe(false)
    expect(isNewsworthyChange('blacklist', [], ['zen.test:192.0.2.1'])).toBe(false)
    expect(isNewsworthyChange('blacklist', ['a:1'], [])).toBe(false)
    expect(isNewsworthyChange('blacklist', ['a:1'], ['a:1', 'b:1'])).toBe(true)
  })

  it('words each type in its own terms', () => {
    const at = Date.parse('2026-11-23T04:05:00Z')
    expect(downMessage({ name: 'Shop', type: 'web' }, at, 'Refused.').title).toBe('Shop is down')
    expect(downMessage({ name: 'Shop TLS', type: 'ssl' }, at, 'Expired.').title).toBe('Shop TLS: certificate problem')
    expect(downMessage({ name: 'Mail', type: 'blacklist' }, at, 'Listed on zen.').description).toBe(
      'Mail has been listed since 23 Nov 2026, 04:05 UTC: Listed on zen.',
    )
    expect(upMessage({ name: 'Mail', type: 'blacklist' }, at + 3_600_000, at).title).toBe('Mail is no longer listed')
    expect(changeMessage({ name: 'Apex', type: 'dns' }, ['192.0.2.1'], ['192.0.2.2'], at)).toEqual({
      title: 'Apex: DNS answer changed',
      description: 'At 23 Nov 2026, 04:05 UTC the answer changed from 192.0.2.1 to 192.0.2.2.',
    })
    expect(expiryMessage({ name: 'example.com', type: 'domain' }, 7, at + 7 * DAY).title).toBe(
      'example.com: registration expires in 7 days',
    )
    expect(expiryMessage({ name: 'Shop TLS', type: 'ssl' }, 1, at).title).toBe('Shop TLS: certificate expires in 1 day')
  })
})

describe('network monitor input', () => {
  it('takes each of the four types with its defaults', () => {
    const dns = validateMonitor({ type: 'dns', name: 'Apex', hostname: 'Example.COM.', record_type: 'MX' })
    expect(dns.success && dns.output).toMatchObject({
      hostname: 'example.com',
      expected: [],
      expected_match: 'contains',
      resolver: '',
      interval_seconds: 300,
    })
    const ssl = validateMonitor({ type: 'ssl', name: 'TLS', host: 'example.com' })
    expect(ssl.success && ssl.output).toMatchObject({ port: 443, warn_days: [30, 14, 7, 1], interval_seconds: 3600 })
    const domain = validateMonitor({ type: 'domain', name: 'Reg', domain: 'Bücher.example', warn_days: [7, 60, 7] })
    expect(domain.success && domain.output).toMatchObject({
      domain: 'xn--bcher-kva.example',
      warn_days: [60, 7],
      interval_seconds: 86_400,
    })
    const bl = validateMonitor({ type: 'blacklist', name: 'Mail', target: '[2001:DB8::25]' })
    expect(bl.success && bl.output).toMatchObject({ target: '2001:db8::25', interval_seconds: 3600 })
  })

  it.each([
    [
      { type: 'dns', name: 'x', hostname: 'https://example.com', record_type: 'A' },
      'hostname',
      'Enter a host name without a scheme or path, such as example.com.',
    ],
    [
      { type: 'dns', name: 'x', hostname: 'bad name.com', record_type: 'A' },
      'hostname',
      '"bad name.com" is not a valid host name.',
    ],
    [
      { type: 'dns', name: 'x', hostname: 'example.com', record_type: 'PTR' },
      'record_type',
      'Record type must be one of A, AAAA, CNAME, MX, NS, TXT, SOA, CAA, SRV.',
    ],
    [
      { type: 'dns', name: 'x', hostname: 'example.com', record_type: 'A', resolver: 'dns.google' },
      'resolver',
      'A resolver is an IP address with an optional port: 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53.',
    ],
    [
      { type: 'dns', name: 'x', hostname: 'example.com', record_type: 'A', expected: [''] },
      'expected.0',
      'An expected value cannot be empty.',
    ],
    [
      { type: 'dns', name: 'x', hostname: 'example.com', record_type: 'A', expected_match: 'some' },
      'expected_match',
      'Match must be contains or exact.',
    ],
    [
      { type: 'ssl', name: 'x', host: 'example.com', warn_days: [0] },
      'warn_days.0',
      'Each warning day must be at least 1.',
    ],
    [
      { type: 'ssl', name: 'x', host: 'example.com', warn_days: [] },
      'warn_days',
      'Give at least one number of days to warn at.',
    ],
    [
      { type: 'domain', name: 'x', domain: '192.0.2.1' },
      'domain',
      '"192.0.2.1" is not a registered domain such as example.com.',
    ],
    [
      { type: 'domain', name: 'x', domain: 'localhost' },
      'domain',
      '"localhost" is not a registered domain such as example.com.',
    ],
    [
      { type: 'domain', name: 'x', domain: 'example.com', interval_seconds: 3600 },
      'interval_seconds',
      'Domain registration data is checked at most every 6 hours: choose an interval of at least 21600 seconds.',
    ],
    [
      { type: 'blacklist', name: 'x', target: '999.1.2.3' },
      'target',
      '"999.1.2.3" is not an IPv4 or IPv6 address or a domain such as example.com.',
    ],
    [
      { type: 'blacklist', name: 'x', target: 'mail.example.com', interval_seconds: 60 },
      'interval_seconds',
      'Blacklists are asked at most every 5 minutes: choose an interval of at least 300 seconds.',
    ],
  ])('refuses %j', (input, field, message) => {
    expect(errorsOf(input)[field]).toBe(message)
  })

  it('patches the fields of its type only', () => {
    const r = v.safeParse(monitorPatchSchema('dns'), { record_type: 'TXT', host: 'x' })
    expect(r.success ? {} : fieldErrors(r.issues)).toEqual({ host: 'This field is not part of this type of monitor.' })
  })
})
