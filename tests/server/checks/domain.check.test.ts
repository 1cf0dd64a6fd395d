import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DomainDetail } from '@vigil/domain/check-details'
import { dayText } from '../../../src/server/checks/dates.ts'
import { runCheck } from '../../../src/server/checks/index.ts'
import {
  bootstrapFile,
  rdapDomain,
  ripeStyleWhois,
  startRdapServer,
  startWhoisServer,
  verisignWhois,
} from './registry-servers.ts'
import { closedPort, context, monitor } from './servers.ts'

const DAY = 86_400_000
const at = (ms: number) => Math.floor(ms / 1000) * 1000
const inAYear = at(Date.now() + 400 * DAY + 3600_000)
// An hour less than ten days ago: ten whole days have passed (days left are rounded down).
const tenDaysAgo = at(Date.now() - 10 * DAY + 3600_000)

let rdap: Awaited<ReturnType<typeof startRdapServer>>
let whois: Awaited<ReturnType<typeof startWhoisServer>>
let bootstraps = 0
/** A bootstrap URL no other test used, so the in-memory cache starts empty. */
const freshBootstrap = () => {
  bootstraps += 1
  rdap.answer(`/rdap/${bootstraps}/dns.json`, { json: bootstrapFile(rdap.base) })
  return `${rdap.base}/rdap/${bootstraps}/dns.json`
}

beforeAll(async () => {
  rdap = await startRdapServer()
  rdap.answer('/com/domain/example.com', { json: rdapDomain('example.com', inAYear) })
  rdap.answer('/com/domain/expired.com', { json: rdapDomain('expired.com', tenDaysAgo) })
  rdap.answer('/com/domain/forever.com', { json: rdapDomain('forever.com', null) })
  rdap.answer('/com/domain/slow.com', { delayMs: 5000, json: rdapDomain('slow.com', inAYear) })
  rdap.answer('/com/domain/busy.com', { status: 429 })
  rdap.answer('/com/domain/down.com', { status: 503 })
  rdap.answer('/com/domain/garbled.com', { status: 200, body: '<html>maintenance</html>' })
  rdap.answer('/com/domain/huge.com', { json: { ...rdapDomain('huge.com', inAYear), padding: 'x'.repeat(1_200_000) } })
  rdap.answer('/couk/domain/example.co.uk', { json: rdapDomain('example.co.uk', inAYear) })
  whois = await startWhoisServer({
    'example.org': verisignWhois('example.org', inAYear),
    'example.ru': ripeStyleWhois('example.ru', inAYear),
    'limited.org': 'WHOIS LIMIT EXCEEDED - SEE WWW.PIR.ORG/WHOIS FOR DETAILS\r\n',
    'silent.org': null,
  })
})
afterAll(() => Promise.all([rdap.close(), whois.close()]))
afterEach(() => vi.useRealTimers())

const domain = (name: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'domain', domain: name, ...extra })
const viaBase = () => context(true, { rdapBaseUrl: `${rdap.base}/com/` })
const viaBootstrap = (bootstrap = freshBootstrap()) =>
  context(false, { rdapBootstrapUrl: bootstrap, whoisServer: whois.address })

describe('domain monitors over RDAP', () => {
  it('reads the expiry, registrar, name servers and status of a registered domain', async () => {
    const outcome = await runCheck(domain('example.com'), viaBase())
    expect(outcome).toMatchObject({
      ok: true,
      message: `Registered until ${dayText(inAYear)} (400 days), registrar RESERVED-Internet Assigned Numbers Authority`,
      expiresAt: inAYear,
    })
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    expect(v.parse(DomainDetail, outcome.detail)).toMatchObject({
      domain: 'example.com',
      source: 'rdap',
      server: `${rdap.base}/com/domain/example.com`,
      registrar: 'RESERVED-Internet Assigned Numbers Authority',
      expires_at: new Date(inAYear).toISOString(),
      days_left: 400,
      name_servers: ['a.iana-servers.net', 'b.iana-servers.net'],
      status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
    })
    expect(rdap.requests.at(-1)).toEqual({
      url: '/com/domain/example.com',
      accept: 'application/rdap+json, application/json',
    })
  })

  it('fails on a domain the registry does not know, and on an expired one', async () => {
    const missing = await runCheck(domain('nope.com'), viaBase())
    expect(missing).toMatchObject({
      ok: false,
      message: 'nope.com is not registered (the registry does not know it).',
      expiresAt: null,
      detail: { registrar: null, expires_at: null, name_servers: [] },
    })
    v.parse(DomainDetail, missing.detail)
    const expired = await runCheck(domain('expired.com'), viaBase())
    expect(expired).toMatchObject({
      ok: false,
      message: `expired.com expired on ${dayText(tenDaysAgo)}.`,
      detail: { days_left: -10 },
    })
    expect(expired.expiresAt).toBe(tenDaysAgo)
  })

  it('passes on a registered domain without an expiry date, and says so', async () => {
    expect(await runCheck(domain('forever.com'), viaBase())).toMatchObject({
      ok: true,
      message: 'forever.com is registered; the registry gives no expiry date.',
      expiresAt: null,
    })
  })

  it('names what went wrong with the registry, and keeps the last expiry', async () => {
    const failures = {
      'busy.com': `The RDAP server ${rdap.base.slice(7)} limits queries (429 Too Many Requests).`,
      'down.com': `The RDAP server ${rdap.base.slice(7)} answered 503.`,
      'garbled.com': `The RDAP server ${rdap.base.slice(7)} answered with something other than JSON.`,
      'huge.com': `The answer of ${rdap.base}/com/domain/huge.com is larger than 1 MiB.`,
    }
    for (const [name, message] of Object.entries(failures))
      expect(await runCheck(domain(name), viaBase())).toEqual({ ok: false, responseMs: null, message })
    const port = await closedPort()
    expect(
      (await runCheck(domain('example.com'), context(true, { rdapBaseUrl: `http://127.0.0.1:${port}/` }))).message,
    ).toBe(`The RDAP server 127.0.0.1:${port} could not be reached: ECONNREFUSED.`)
  })

  it('gives up on a registry that does not answer in time', async () => {
    const started = performance.now()
    expect(await runCheck(domain('slow.com', { timeout_seconds: 1 }), viaBase())).toEqual({
      ok: false,
      responseMs: null,
      message: `The RDAP server ${rdap.base.slice(7)} did not answer within 1 s.`,
    })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it("finds the registry in IANA's bootstrap by the longest matching suffix", async () => {
    const ctx = viaBootstrap()
    expect(await runCheck(domain('example.com'), ctx)).toMatchObject({
      ok: true,
      detail: { server: `${rdap.base}/com/domain/example.com` },
    })
    // co.uk has its own service, longer than uk's.
    expect(await runCheck(domain('example.co.uk'), ctx)).toMatchObject({
      ok: true,
      detail: { server: `${rdap.base}/couk/domain/example.co.uk` },
    })
  })

  it('fetches the bootstrap once for concurrent checks, and again after a day', async () => {
    const bootstrap = freshBootstrap()
    const fetches = () => rdap.requests.filter((r) => r.url === bootstrap.slice(rdap.base.length)).length
    const outcomes = await Promise.all(
      ['example.com', 'nope.com', 'example.co.uk'].map((d) => runCheck(domain(d), viaBootstrap(bootstrap))),
    )
    expect(outcomes.map((o) => o.detail?.source)).toEqual(['rdap', 'rdap', 'rdap'])
    expect(fetches()).toBe(1)
    await runCheck(domain('example.com'), viaBootstrap(bootstrap))
    expect(fetches()).toBe(1)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 })
    await runCheck(domain('example.com'), viaBootstrap(bootstrap))
    expect(fetches()).toBe(2)
  })

  it('does not keep a failed bootstrap', async () => {
    const path = `/rdap/failing-${Date.now()}/dns.json`
    rdap.answer(path, { status: 500 })
    const ctx = viaBootstrap(`${rdap.base}${path}`)
    expect((await runCheck(domain('example.com'), ctx)).message).toBe(
      `The RDAP bootstrap ${rdap.base}${path} answered 500.`,
    )
    rdap.answer(path, { json: bootstrapFile(rdap.base) })
    expect((await runCheck(domain('example.com'), ctx)).ok).toBe(true)
  })
})

describe('domain monitors over WHOIS', () => {
  it('asks WHOIS for a TLD the bootstrap does not have, and reads Verisign-style text', async () => {
    const outcome = await runCheck(domain('example.org'), viaBootstrap())
    expect(outcome).toMatchObject({
      ok: true,
      message: `Registered until ${dayText(inAYear)} (400 days), registrar RESERVED-Internet Assigned Numbers Authority`,
      expiresAt: inAYear,
    })
    expect(v.parse(DomainDetail, outcome.detail)).toEqual({
      domain: 'example.org',
      source: 'whois',
      server: whois.address,
      registrar: 'RESERVED-Internet Assigned Numbers Authority',
      registered_at: '1995-08-14T04:00:00.000Z',
      expires_at: new Date(inAYear).toISOString(),
      days_left: 400,
      name_servers: ['a.iana-servers.net', 'b.iana-servers.net'],
      status: ['clientDeleteProhibited', 'clientTransferProhibited'],
    })
    expect(whois.queries.at(-1)).toBe('example.org\r\n')
  })

  it('reads RIPE-style text', async () => {
    const outcome = await runCheck(domain('example.ru'), viaBootstrap())
    expect(v.parse(DomainDetail, outcome.detail)).toMatchObject({
      source: 'whois',
      registrar: 'RU-CENTER-RU',
      registered_at: '2004-06-15T20:00:00.000Z',
      expires_at: new Date(inAYear).toISOString(),
      name_servers: ['ns1.example.ru', 'ns2.example.ru'],
      status: ['REGISTERED', 'DELEGATED', 'VERIFIED'],
    })
    expect(outcome.ok).toBe(true)
  })

  it('fails on an unknown domain and on an answer without registration data', async () => {
    expect(await runCheck(domain('nope.org'), viaBootstrap())).toMatchObject({
      ok: false,
      message: 'nope.org is not registered (the registry does not know it).',
      expiresAt: null,
      detail: { source: 'whois' },
    })
    expect(await runCheck(domain('limited.org'), viaBootstrap())).toEqual({
      ok: false,
      responseMs: null,
      message: `The WHOIS server ${whois.address} gave no registration data: "WHOIS LIMIT EXCEEDED - SEE WWW.PIR.ORG/WHOIS FOR DETAILS".`,
    })
  })

  it('gives up on a WHOIS server that does not answer in time, or cannot be reached', async () => {
    expect((await runCheck(domain('silent.org', { timeout_seconds: 1 }), viaBootstrap())).message).toBe(
      `The WHOIS server ${whois.address} did not answer within 1 s.`,
    )
    const port = await closedPort()
    const ctx = context(true, { rdapBootstrapUrl: freshBootstrap(), whoisServer: `127.0.0.1:${port}` })
    expect((await runCheck(domain('example.org'), ctx)).message).toBe(
      `The WHOIS server 127.0.0.1:${port} could not be reached: ECONNREFUSED.`,
    )
  })

  it('ends at once when the signal aborts', async () => {
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 50)
    const started = performance.now()
    expect((await runCheck(domain('silent.org'), { ...viaBootstrap(), signal: abort.signal })).message).toBe(
      'The check was cancelled.',
    )
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
