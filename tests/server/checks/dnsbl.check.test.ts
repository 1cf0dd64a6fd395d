import dns from 'node:dns'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BlacklistDetail } from '@vigil/domain/check-details'
import { reversedName } from '../../../src/server/checks/dnsbl.check.ts'
import { BlacklistLookupError, checkBlacklist, runCheck } from '../../../src/server/checks/index.ts'
import { startDnsServer, type TestDnsServer } from './dns-server.ts'
import { context, monitor } from './servers.ts'

// The test DNSBL `bl.test` lists 127.0.0.2 (dns-server.ts); `clean.test` lists nothing (every name is
// NXDOMAIN); `refusing.test` answers 127.255.255.254 to everything.

let server: TestDnsServer
beforeAll(async () => {
  server = await startDnsServer()
})
afterAll(() => server.close())
afterEach(() => {
  vi.restoreAllMocks()
  server.setDelay(0)
})

const ctx = (dnsblZones = ['bl.test', 'clean.test']) => context(false, { dnsServers: [server.address], dnsblZones })
const blacklist = (target: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'blacklist', target, ...extra })

describe('DNSBL query names', () => {
  it('reverses IPv4 octets and the 32 nibbles of IPv6 (RFC 5782)', () => {
    expect(reversedName('192.0.2.99')).toBe('99.2.0.192')
    expect(reversedName('2001:db8:1:2:3:4:567:89ab')).toBe(
      'b.a.9.8.7.6.5.0.4.0.0.0.3.0.0.0.2.0.0.0.1.0.0.0.8.b.d.0.1.0.0.2',
    )
    expect(reversedName('::1')).toBe(`1${'.0'.repeat(31)}`)
  })
})

describe('blacklist monitors', () => {
  it('fails when a zone lists the address, with the reason, and observes the listing', async () => {
    const outcome = await runCheck(blacklist('127.0.0.2'), ctx())
    expect(outcome).toMatchObject({
      ok: false,
      message: '127.0.0.2 is listed on bl.test (Listed for testing, see https://bl.test/lookup?ip=127.0.0.2).',
      observed: ['bl.test:127.0.0.2'],
    })
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    expect(v.parse(BlacklistDetail, outcome.detail)).toEqual({
      target: '127.0.0.2',
      addresses: ['127.0.0.2'],
      zones: [
        {
          zone: 'bl.test',
          address: '127.0.0.2',
          listed: true,
          reason: 'Listed for testing, see https://bl.test/lookup?ip=127.0.0.2',
          error: null,
        },
        { zone: 'clean.test', address: '127.0.0.2', listed: false, reason: null, error: null },
      ],
      listed_count: 1,
    })
    expect(server.queries.map((q) => q.name)).toContain('2.0.0.127.bl.test')
  })

  it('passes when no zone lists the address', async () => {
    expect(await runCheck(blacklist('127.0.0.1'), ctx())).toMatchObject({
      ok: true,
      message: 'Not listed on any of 2 blacklists.',
      observed: [],
    })
    expect((await runCheck(blacklist('127.0.0.1'), ctx(['bl.test']))).message).toBe('Not listed on bl.test.')
  })

  it("checks a domain's A, AAAA and MX addresses, IPv6 as nibbles", async () => {
    server.setRecords('3.0.0.127.bl.test', 'A', ['127.0.0.4'])
    try {
      const outcome = await runCheck(blacklist('example.test'), ctx())
      const detail = v.parse(BlacklistDetail, outcome.detail)
      // example.test: A 192.0.2.1, 192.0.2.2; AAAA 2001:db8::1; MX mail (127.0.0.2) and backup (127.0.0.3, ::1).
      expect(detail.addresses).toEqual(['192.0.2.1', '192.0.2.2', '2001:db8::1', '127.0.0.2', '127.0.0.3', '::1'])
      expect(detail.zones).toHaveLength(12)
      expect(outcome).toMatchObject({
        ok: false,
        message:
          '127.0.0.2 is listed on bl.test (Listed for testing, see https://bl.test/lookup?ip=127.0.0.2) and 1 more.',
        observed: ['bl.test:127.0.0.2', 'bl.test:127.0.0.3'],
      })
      expect(detail.listed_count).toBe(2)
      expect(server.queries.map((q) => q.name)).toContain(`${reversedName('2001:db8::1')}.bl.test`)
    } finally {
      server.setRecords('3.0.0.127.bl.test', 'A', undefined)
    }
  })

  it('checks at most 10 addresses of a domain', async () => {
    const many = Array.from({ length: 14 }, (_, i) => `198.51.100.${i + 1}`)
    server.setRecords('many.example.test', 'A', many)
    const report = await checkBlacklist('many.example.test', ctx())
    expect(report.addresses).toHaveLength(10)
    expect(report.zones).toHaveLength(20)
    expect(report.listed_count).toBe(0)
  })

  it('treats 127.255.255.x as a refusal by the zone, not a listing', async () => {
    const outcome = await runCheck(blacklist('127.0.0.2'), ctx(['refusing.test']))
    expect(outcome).toMatchObject({
      ok: false,
      message: 'No blacklist answered: refusing.test (the zone refused the query (127.255.255.254)).',
      observed: null,
    })
    const mixed = await runCheck(blacklist('127.0.0.1'), ctx(['bl.test', 'clean.test', 'refusing.test']))
    expect(mixed).toMatchObject({
      ok: true,
      message: 'Not listed on any of the 2 blacklists that answered (refusing.test did not answer).',
      observed: [],
    })
    const result = v.parse(BlacklistDetail, mixed.detail).zones.find((z) => z.zone === 'refusing.test')
    expect(result).toMatchObject({ listed: false, error: 'the zone refused the query (127.255.255.254)' })
  })

  it('counts a zone that does not answer in time as an error, neither listed nor clean', async () => {
    server.setFailure('*.slow.test', 'DROP')
    server.setFailure('*.servfail.test', 'SERVFAIL')
    const started = performance.now()
    const outcome = await runCheck(blacklist('127.0.0.1', { timeout_seconds: 1 }), ctx(['clean.test', 'slow.test']))
    expect(performance.now() - started).toBeLessThan(2000)
    expect(outcome).toMatchObject({ ok: true, message: 'Not listed on clean.test (slow.test did not answer).' })
    const zones = v.parse(BlacklistDetail, outcome.detail).zones
    expect(zones[1]).toMatchObject({
      zone: 'slow.test',
      listed: false,
      error: 'the resolver did not answer within 1 s',
    })
    const none = await runCheck(blacklist('127.0.0.1', { timeout_seconds: 1 }), ctx(['slow.test', 'servfail.test']))
    expect(none).toMatchObject({
      ok: false,
      message:
        'No blacklist answered: slow.test (the resolver did not answer within 1 s), servfail.test (the resolver could not answer (SERVFAIL)).',
      observed: null,
    })
  })

  it('waits for a slow zone as long as for a quick one', async () => {
    // Quick answers from clean.test must not shorten the wait for lazy.test (c-ares adapts a channel's waits).
    server.setRecords(
      'many.example.test',
      'A',
      Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`),
    )
    server.setDelay(1500, '*.lazy.test')
    const started = performance.now()
    const report = await checkBlacklist('many.example.test', ctx(['clean.test', 'lazy.test']), 5)
    expect(report.zones.filter((z) => z.error !== null)).toEqual([])
    expect(performance.now() - started).toBeLessThan(2500)
  })

  it('says when a domain has no address to check', async () => {
    expect(await runCheck(blacklist('nope.example.test'), ctx())).toEqual({
      ok: false,
      responseMs: null,
      message: 'nope.example.test does not exist (NXDOMAIN).',
      observed: null,
    })
    server.setRecords('text-only.example.test', 'TXT', ['hello'])
    expect((await runCheck(blacklist('text-only.example.test'), ctx())).message).toBe(
      'text-only.example.test has no A, AAAA or MX records, so no address to check.',
    )
    await expect(checkBlacklist('nope.example.test', ctx())).rejects.toBeInstanceOf(BlacklistLookupError)
    expect((await runCheck(blacklist('127.0.0.2'), ctx([]))).message).toBe(
      'No blacklist zones are configured on this server (DNSBL_ZONES).',
    )
  })

  it('keeps at most 20 queries in flight', async () => {
    server.setRecords(
      'many.example.test',
      'A',
      Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`),
    )
    server.setDelay(30)
    const zones = Array.from({ length: 8 }, (_, i) => `z${i}.test`)
    let inFlight = 0
    let most = 0
    const resolve4 = dns.promises.Resolver.prototype.resolve4 as (this: unknown, name: string) => Promise<string[]>
    vi.spyOn(dns.promises.Resolver.prototype, 'resolve4').mockImplementation(function (this: unknown, name: string) {
      inFlight += 1
      most = Math.max(most, inFlight)
      return resolve4.call(this, name).finally(() => (inFlight -= 1))
    } as never)
    const report = await checkBlacklist('many.example.test', ctx(zones))
    expect(report.zones).toHaveLength(80)
    expect(report.zones.every((z) => z.error === null && !z.listed)).toBe(true)
    expect(most).toBe(20)
  })

  it('asks through c-ares, never through dns.lookup', async () => {
    const lookup = vi.spyOn(dns, 'lookup')
    expect((await runCheck(blacklist('example.test'), ctx())).detail?.addresses).toHaveLength(6)
    expect(lookup).not.toHaveBeenCalled()
  })

  it('ends at once when the signal aborts', async () => {
    server.setDelay(5000)
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 50)
    const started = performance.now()
    expect((await runCheck(blacklist('127.0.0.2'), { ...ctx(), signal: abort.signal })).message).toBe(
      'The check was cancelled.',
    )
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
