import dgram from 'node:dgram'
import dns from 'node:dns'
import { readdirSync, readlinkSync } from 'node:fs'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DnsDetail } from '@vigil/domain/check-details'
import { type CheckTarget, runCheck } from '../../../src/server/checks/index.ts'
import { LONG_TXT, startDnsServer, type TestDnsServer } from './dns-server.ts'
import { context, monitor } from './servers.ts'

const ALLOW = context(true)
const DENY = context(false)

let server: TestDnsServer
beforeAll(async () => {
  server = await startDnsServer()
})
afterAll(() => server.close())
afterEach(() => {
  vi.restoreAllMocks()
  server.setDelay(0)
})

const dnsMonitor = (hostname: string, record_type: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'dns', hostname, record_type, resolver: server.address, ...extra })

/** A UDP port where nothing listens: queries to it are refused by the kernel (on loopback). */
const closedUdpPort = async () => {
  const socket = dgram.createSocket('udp4')
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  await new Promise<void>((resolve) => socket.close(() => resolve()))
  return port
}

describe('DNS monitors', () => {
  it.each([
    ['A', 'example.test', ['192.0.2.1', '192.0.2.2']],
    ['AAAA', 'example.test', ['2001:db8::1']],
    ['CNAME', 'www.example.test', ['example.test']],
    ['MX', 'example.test', ['10 mail.example.test', '20 backup.example.test']],
    ['NS', 'example.test', ['ns1.example.test', 'ns2.example.test']],
    // The long value comes in three strings over TCP (the UDP answer was truncated), joined into one.
    ['TXT', 'example.test', [LONG_TXT, 'v=spf1 -all']],
    ['SOA', 'example.test', ['ns1.example.test hostmaster.example.test 2026112301 7200 3600 1209600 300']],
    ['CAA', 'example.test', ['0 issue letsencrypt.org', '128 iodef mailto:security@example.test']],
    ['SRV', '_sip._tcp.example.test', ['10 60 5060 sip.example.test', '20 0 5060 sip2.example.test']],
  ])('answers %s records in their canonical text', async (type, hostname, answer) => {
    const outcome = await runCheck(dnsMonitor(hostname, type), ALLOW)
    expect(outcome).toMatchObject({ ok: true, observed: answer })
    expect(v.parse(DnsDetail, outcome.detail)).toEqual({ resolver: server.address, record_type: type, answer })
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    if (type === 'A') expect(outcome.message).toMatch(/^A: 192\.0\.2\.1, 192\.0\.2\.2 in \d+ ms$/)
    if (type === 'TXT') {
      expect(outcome.message.length).toBeLessThan(240)
      expect(server.queries.some((q) => q.type === 'TXT' && q.tcp)).toBe(true)
    }
  })

  it('compares the answer with the expected values, loosely written', async () => {
    const contains = { expected: ['10  MAIL.Example.test.'], expected_match: 'contains' }
    expect((await runCheck(dnsMonitor('example.test', 'MX', contains), ALLOW)).ok).toBe(true)
    const lacking = await runCheck(dnsMonitor('example.test', 'A', { expected: ['192.0.2.9'] }), ALLOW)
    expect(lacking).toMatchObject({ ok: false, message: 'The A answer lacks "192.0.2.9".' })
    // What was seen is reported even when it is not what was expected: the engine tells when it changes.
    expect(lacking.observed).toEqual(['192.0.2.1', '192.0.2.2'])
    expect(lacking.responseMs).not.toBeNull()
    const exact = await runCheck(
      dnsMonitor('example.test', 'A', { expected: ['192.0.2.1'], expected_match: 'exact' }),
      ALLOW,
    )
    expect(exact.message).toBe('The A answer is "192.0.2.1", "192.0.2.2", expected exactly "192.0.2.1".')
    const both = { expected: ['192.0.2.2', '192.0.2.1'], expected_match: 'exact' }
    expect((await runCheck(dnsMonitor('example.test', 'A', both), ALLOW)).ok).toBe(true)
  })

  it('sees a changed answer: every check asks the server, nothing is cached', async () => {
    server.setRecords('changing.example.test', 'A', ['192.0.2.10'])
    expect((await runCheck(dnsMonitor('changing.example.test', 'A'), ALLOW)).observed).toEqual(['192.0.2.10'])
    expect((await runCheck(dnsMonitor('changing.example.test', 'A'), ALLOW)).observed).toEqual(['192.0.2.10'])
    expect(server.queries.filter((q) => q.name === 'changing.example.test')).toHaveLength(2)
    server.setRecords('changing.example.test', 'A', ['192.0.2.12', '192.0.2.11'])
    expect((await runCheck(dnsMonitor('changing.example.test', 'A'), ALLOW)).observed).toEqual([
      '192.0.2.11',
      '192.0.2.12',
    ])
  })

  it('says when the name does not exist or has no records of the type', async () => {
    const missing = await runCheck(dnsMonitor('nope.example.test', 'A'), ALLOW)
    expect(missing).toMatchObject({
      ok: false,
      responseMs: null,
      message: 'nope.example.test does not exist (NXDOMAIN).',
      observed: null,
    })
    expect(v.parse(DnsDetail, missing.detail).answer).toEqual([])
    expect(await runCheck(dnsMonitor('mail.example.test', 'AAAA'), ALLOW)).toMatchObject({
      ok: false,
      message: 'mail.example.test has no AAAA records (NODATA).',
      observed: null,
    })
  })

  it('says when the resolver refuses, fails or cannot be reached', async () => {
    server.setFailure('refused.example.test', 'REFUSED')
    server.setFailure('broken.example.test', 'SERVFAIL')
    expect((await runCheck(dnsMonitor('refused.example.test', 'A'), ALLOW)).message).toBe(
      `The resolver ${server.address} refused the query (REFUSED).`,
    )
    expect((await runCheck(dnsMonitor('broken.example.test', 'A'), ALLOW)).message).toBe(
      `The resolver ${server.address} could not answer (SERVFAIL).`,
    )
    const port = await closedUdpPort()
    expect((await runCheck(dnsMonitor('example.test', 'A', { resolver: `127.0.0.1:${port}` }), ALLOW)).message).toBe(
      `The resolver 127.0.0.1:${port} could not be reached (connection refused).`,
    )
  })

  it('gives up when the resolver does not answer within the timeout', async () => {
    server.setFailure('silent.example.test', 'DROP')
    const started = performance.now()
    const outcome = await runCheck(dnsMonitor('silent.example.test', 'A', { timeout_seconds: 1 }), ALLOW)
    expect(outcome).toMatchObject({
      ok: false,
      responseMs: null,
      message: `The resolver ${server.address} did not answer within 1 s.`,
      observed: null,
    })
    expect(performance.now() - started).toBeGreaterThan(950)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('waits for a resolver that is slow this once, after quick answers', async () => {
    // c-ares would wait only 250 ms after quick answers; it asks again until the check's own timeout.
    const quick = dnsMonitor('example.test', 'A', { timeout_seconds: 5 })
    for (let i = 0; i < 5; i++) expect((await runCheck(quick, ALLOW)).ok).toBe(true)
    server.setDelay(1500)
    const outcome = await runCheck(quick, ALLOW)
    expect(outcome).toMatchObject({ ok: true, observed: ['192.0.2.1', '192.0.2.2'] })
    expect(outcome.responseMs).toBeGreaterThanOrEqual(1500)
  })

  it('refuses a resolver the target policy forbids before sending anything', async () => {
    const query = vi.spyOn(dns.promises.Resolver.prototype, 'resolve4')
    const before = server.queries.length
    expect((await runCheck(dnsMonitor('example.test', 'A'), DENY)).message).toBe(
      'Refused: 127.0.0.1 is a loopback address. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.',
    )
    expect((await runCheck(dnsMonitor('example.test', 'A', { resolver: '10.1.2.3:53' }), DENY)).message).toMatch(
      /^Refused: 10\.1\.2\.3 is a private address\./,
    )
    expect((await runCheck(dnsMonitor('example.test', 'A', { resolver: '169.254.169.254' }), ALLOW)).message).toBe(
      'Refused: 169.254.169.254 is a cloud metadata address, which is never monitored.',
    )
    expect(
      (await runCheck(dnsMonitor('example.test', 'A', { resolver: '[::ffff:127.0.0.1]:53' }), DENY)).message,
    ).toMatch(/^Refused: ::ffff:127\.0\.0\.1 \(which stands for 127\.0\.0\.1\) is a loopback address/)
    expect(query).not.toHaveBeenCalled()
    expect(server.queries.length).toBe(before)
  })

  it("asks the server's resolvers when the monitor names none, whatever the policy", async () => {
    const outcome = await runCheck(
      dnsMonitor('example.test', 'A', { resolver: '' }),
      context(false, { dnsServers: [server.address] }),
    )
    expect(outcome).toMatchObject({ ok: true, detail: { resolver: server.address } })
    expect(
      (
        await runCheck(
          dnsMonitor('example.test', 'A', { resolver: '' }),
          context(true, { dnsServers: ['dns.example'] }),
        )
      ).message,
    ).toMatch(/^DNS_SERVERS has an invalid entry "dns\.example": A resolver is an IP address/)
  })

  it("asks the system's resolvers when none is configured", async () => {
    const system = dns.getServers()
    // The process's default servers, pointed at the test server so nothing leaves the machine.
    dns.setServers([server.address])
    try {
      const outcome = await runCheck(
        dnsMonitor('example.test', 'A', { resolver: '' }),
        context(true, { dnsServers: [] }),
      )
      expect(outcome).toMatchObject({ ok: true, detail: { resolver: server.address } })
    } finally {
      dns.setServers(system)
    }
  })

  it('queries through c-ares, never through dns.lookup and its thread pool', async () => {
    const lookup = vi.spyOn(dns, 'lookup')
    const query = vi.spyOn(dns.promises.Resolver.prototype, 'resolve4')
    for (const type of ['A', 'MX', 'TXT'])
      expect((await runCheck(dnsMonitor('example.test', type), ALLOW)).ok).toBe(true)
    expect(lookup).not.toHaveBeenCalled()
    expect(query).toHaveBeenCalledWith('example.test')
  })

  it('ends at once when the signal aborts', async () => {
    server.setDelay(5000)
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 50)
    const started = performance.now()
    expect((await runCheck(dnsMonitor('example.test', 'A'), { ...ALLOW, signal: abort.signal })).message).toBe(
      'The check was cancelled.',
    )
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('leaves no socket, query or timer behind after hundreds of checks, failing and slow ones too', async () => {
    const openSockets = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')
        } catch {
          return false // closed between the listing and the read
        }
      }).length
    const active = (name: string) => process.getActiveResourcesInfo().filter((n) => n === name).length
    const settle = async () => {
      for (let i = 0; i < 60 && (active('QueryReqWrap') > 0 || openSockets() > before); i++)
        await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const before = openSockets()
    const timers = active('Timeout')
    server.setFailure('dropped.example.test', 'DROP')
    server.setFailure('refused.example.test', 'REFUSED')
    const monitors = [
      dnsMonitor('example.test', 'A'),
      dnsMonitor('example.test', 'TXT'), // over TCP
      dnsMonitor('nope.example.test', 'A'),
      dnsMonitor('refused.example.test', 'A'),
      dnsMonitor('dropped.example.test', 'A', { timeout_seconds: 1 }),
    ]
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) => runCheck(monitors[i % monitors.length] as CheckTarget, ALLOW)),
    )
    expect(outcomes.filter((o, i) => !o.ok && i % 5 < 2).map((o) => o.message)).toEqual([])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(120)
    await settle()
    expect(active('QueryReqWrap')).toBe(0)
    expect(openSockets()).toBe(before)
    expect(active('Timeout')).toBeLessThanOrEqual(timers)
  })
})
