import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import { createCa, issue, type Pem, selfSigned, startTlsServer } from './checks/certs.ts'
import { startDnsServer, type TestDnsServer } from './checks/dns-server.ts'
import { rdapDomain, startRdapServer, startWhoisServer, verisignWhois } from './checks/registry-servers.ts'
import { buildTestApp, dialects, openTestDb, realTimeClock, type TestApp, type TestDb } from './harness.ts'

// DNS, SSL, domain and blacklist monitors through the API, checked against servers on loopback: the engine's
// incidents, answer-change notifications, expiry warnings and listings, as a user meets them.

const DAY = 86_400_000

describe.each(dialects)('network monitors on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let dns: TestDnsServer
  let rdap: Awaited<ReturnType<typeof startRdapServer>>
  let whois: Awaited<ReturnType<typeof startWhoisServer>>
  let ca: Pem
  const servers: { close(): Promise<void> }[] = []

  beforeAll(async () => {
    db = await openTestDb(dialect)
    dns = await startDnsServer()
    rdap = await startRdapServer()
    whois = await startWhoisServer({ 'example.org': verisignWhois('example.org', Date.now() + 200 * DAY) })
    ca = createCa()
    const network = {
      ...loadConfig({}).network,
      dnsServers: [dns.address],
      dnsblZones: ['bl.test', 'refusing.test'],
      rdapBaseUrl: `${rdap.base}/`,
      whoisServer: whois.address,
      tlsCa: ca.cert,
    }
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true, network }, clock: realTimeClock() })
  })
  afterAll(async () => {
    for (const s of servers) await s.close()
    await dns.close()
    await rdap.close()
    await whois.close()
    await db.drop()
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/monitors', { token, body })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor as { id: string }
  }
  const check = (token: string, id: string) => t.call('POST', `/api/monitors/${id}/check`, { token })
  const bell = async (token: string, id: string) =>
    (await t.call('GET', '/api/user_notification?limit=100', { token })).json.data.notificationList
      .filter((n: { target_id: string | null }) => n.target_id === id)
      .map((n: { notification_title: string; notification_description: string; notification_type: string }) => n)
  const tlsServer = async (pem: Pem) => {
    const s = await startTlsServer(pem)
    servers.push(s)
    return s
  }

  it('DNS: reports the answer, tells a change naming old and new values, and goes down when it misses the expected', async () => {
    const { token } = await pro()
    dns.setRecords('shop.example.test', 'A', ['192.0.2.10'])
    const m = await create(token, {
      type: 'dns',
      name: 'Shop A',
      hostname: 'shop.example.test',
      record_type: 'A',
      expected: ['192.0.2.10'],
      interval_seconds: 60,
    })
    const first = await check(token, m.id)
    expect(first.json.data.result).toMatchObject({ ok: true, status: 'up' })
    expect(first.json.data.result.detail).toMatchObject({ record_type: 'A', answer: ['192.0.2.10'] })

    // A second address appears: still contains the expected one, so up, but the change is told.
    dns.setRecords('shop.example.test', 'A', ['192.0.2.10', '192.0.2.11'])
    expect((await check(token, m.id)).json.data.monitor.status).toBe('up')
    const [changed] = await bell(token, m.id)
    expect(changed).toMatchObject({ notification_type: 'dns', notification_title: 'Shop A: DNS answer changed' })
    expect(changed.notification_description).toMatch(/changed from 192\.0\.2\.10 to 192\.0\.2\.10, 192\.0\.2\.11\.$/)

    // The expected address goes: down after the retry, with an incident.
    dns.setRecords('shop.example.test', 'A', ['198.51.100.7'])
    const miss = await check(token, m.id)
    expect(miss.json.data.result).toMatchObject({ ok: false, message: 'The A answer lacks "192.0.2.10".' })
    expect((await check(token, m.id)).json.data.monitor.status).toBe('down')
    const titles = (await bell(token, m.id)).map((n: { notification_title: string }) => n.notification_title)
    expect(titles).toEqual(['Shop A is down', 'Shop A: DNS answer changed', 'Shop A: DNS answer changed'])
  })

  it('DNS: a resolver chosen for one monitor must pass the target policy', async () => {
    const strict = buildTestApp(db.database, { config: { allowPrivateTargets: false, network: t.deps.config.network } })
    const { token } = await strict.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const body = { type: 'dns', name: 'x', hostname: 'example.test', record_type: 'A', resolver: dns.address }
    // Refused when saved...
    const refused = await strict.call('POST', '/api/monitors', { token, body })
    expect(refused.status).toBe(400)
    expect(refused.json.errors.resolver).toMatch(/loopback/)
    // ...and when checked: a monitor saved while private targets were allowed, checked after the operator
    // turned them off.
    const res = await t.call('POST', '/api/monitors', { token, body })
    const before = dns.queries.length
    const result = await strict.call('POST', `/api/monitors/${res.json.data.monitor.id}/check`, { token })
    expect(result.json.data.result.ok).toBe(false)
    expect(result.json.data.result.message).toMatch(/loopback/)
    expect(dns.queries.length).toBe(before)
  })

  it('SSL: reports the certificate, warns once before expiry, and fails on an expired or wrong certificate', async () => {
    const { token } = await pro()
    const soon = await tlsServer(
      issue(ca, {
        commonName: 'localhost',
        names: ['localhost', '127.0.0.1'],
        notAfter: Date.now() + 5 * DAY + 3_600_000,
      }),
    )
    const m = await create(token, { type: 'ssl', name: 'Shop TLS', host: 'localhost', port: soon.port })
    const res = await check(token, m.id)
    expect(res.json.data.result).toMatchObject({ ok: true, status: 'up' })
    expect(res.json.data.result.detail).toMatchObject({
      subject: 'localhost',
      issuer: 'Test CA',
      chain_valid: true,
      hostname_match: true,
      days_left: 5,
    })
    expect(res.json.data.result.detail.alt_names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']))
    expect(Date.parse(res.json.data.monitor.expires_at)).toBeGreaterThan(Date.now() + 5 * DAY)
    await check(token, m.id)
    const warnings = await bell(token, m.id)
    expect(warnings.map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Shop TLS: certificate expires in 5 days',
    ])
    expect(warnings[0].notification_type).toBe('ssl')

    const expired = await tlsServer(
      issue(ca, {
        commonName: 'localhost',
        names: ['localhost'],
        notBefore: Date.now() - 30 * DAY,
        notAfter: Date.now() - DAY,
      }),
    )
    const old = await create(token, { type: 'ssl', name: 'Old TLS', host: 'localhost', port: expired.port, retries: 0 })
    const failed = await check(token, old.id)
    expect(failed.json.data.result.ok).toBe(false)
    expect(failed.json.data.result.message).toMatch(/expired/)
    expect(failed.json.data.monitor.status).toBe('down')
    expect((await bell(token, old.id))[0].notification_title).toBe('Old TLS: certificate problem')

    const self = await tlsServer(selfSigned({ commonName: 'localhost', names: ['localhost'] }))
    const own = await create(token, { type: 'ssl', name: 'Self TLS', host: 'localhost', port: self.port })
    const untrusted = await check(token, own.id)
    expect(untrusted.json.data.result).toMatchObject({ ok: false })
    expect(untrusted.json.data.result.detail.chain_valid).toBe(false)
  })

  it('Domain: reads the registration through RDAP, warns before expiry, and falls back to WHOIS', async () => {
    const { token } = await pro()
    rdap.answer('/domain/example.com', { json: rdapDomain('example.com', Date.now() + 10 * DAY) })
    const m = await create(token, { type: 'domain', name: 'example.com', domain: 'example.com' })
    const res = await check(token, m.id)
    expect(res.json.data.result).toMatchObject({ ok: true })
    expect(res.json.data.result.detail).toMatchObject({ domain: 'example.com', source: 'rdap', days_left: 9 })
    expect((await bell(token, m.id)).map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'example.com: registration expires in 9 days',
    ])

    rdap.answer('/domain/gone.com', { status: 404 })
    const gone = await create(token, { type: 'domain', name: 'gone.com', domain: 'gone.com' })
    const missing = await check(token, gone.id)
    expect(missing.json.data.result.ok).toBe(false)
    expect(missing.json.data.result.message).toMatch(/not registered/)
  })

  it('Blacklist: a listing opens an incident, a delisting closes it, and a one-off check answers per zone', async () => {
    const { token } = await pro()
    const m = await create(token, { type: 'blacklist', name: 'Mail server', target: '127.0.0.2', retries: 0 })
    const listed = await check(token, m.id)
    expect(listed.json.data.result.ok).toBe(false)
    expect(listed.json.data.monitor.status).toBe('down')
    expect(listed.json.data.result.detail.zones).toEqual(
      expect.arrayContaining([expect.objectContaining({ zone: 'bl.test', address: '127.0.0.2', listed: true })]),
    )
    expect((await bell(token, m.id))[0]).toMatchObject({
      notification_type: 'blacklist',
      notification_title: 'Mail server is listed on a blacklist',
    })

    dns.setRecords('2.0.0.127.bl.test', 'A', undefined)
    dns.setRecords('2.0.0.127.bl.test', 'TXT', undefined)
    try {
      expect((await check(token, m.id)).json.data.monitor.status).toBe('up')
      expect((await bell(token, m.id))[0].notification_title).toBe('Mail server is no longer listed')
    } finally {
      dns.setRecords('2.0.0.127.bl.test', 'A', ['127.0.0.2'])
      dns.setRecords('2.0.0.127.bl.test', 'TXT', ['Listed for testing, see https://bl.test/lookup?ip=127.0.0.2'])
    }

    const oneOff = await t.call('POST', '/api/blacklist/check', { token, body: { target: '127.0.0.2' } })
    expect(oneOff.status).toBe(200)
    expect(oneOff.json.data.result).toMatchObject({ target: '127.0.0.2', addresses: ['127.0.0.2'], listed_count: 1 })
    const refusing = oneOff.json.data.result.zones.find((z: { zone: string }) => z.zone === 'refusing.test')
    expect(refusing).toMatchObject({ listed: false, error: expect.any(String) })
  })

  it('refuses bad targets with a clear 400, and the Pro features to Basic with 403', async () => {
    const { token } = await pro()
    const bad = await t.call('POST', '/api/blacklist/check', { token, body: { target: 'not an address' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.target).toBe(
      '"not an address" is not an IPv4 or IPv6 address or a domain such as example.com.',
    )
    const noRecord = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'dns', name: 'x', hostname: 'example.test', record_type: 'ANY' },
    })
    expect(noRecord.status).toBe(400)
    expect(noRecord.json.errors.record_type).toBe(
      'Record type must be one of A, AAAA, CNAME, MX, NS, TXT, SOA, CAA, SRV.',
    )

    const basic = await t.register()
    const dnsMonitor = await t.call('POST', '/api/monitors', {
      token: basic.token,
      body: { type: 'dns', name: 'x', hostname: 'example.test', record_type: 'A' },
    })
    expect(dnsMonitor.status).toBe(403)
    expect(dnsMonitor.json.message).toBe(
      'The DNS Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!',
    )
    const oneOff = await t.call('POST', '/api/blacklist/check', { token: basic.token, body: { target: '127.0.0.2' } })
    expect(oneOff.status).toBe(403)
    expect(oneOff.json.message).toBe(
      'The Check Black List feature is part of our premium offerings. Please upgrade your plan to unlock it!',
    )
    // SSL and domain monitoring are part of Basic.
    const ssl = await t.call('POST', '/api/monitors', {
      token: basic.token,
      body: { type: 'ssl', name: 'x', host: 'localhost', interval_seconds: 3600 },
    })
    expect(ssl.status).toBe(201)
  })

  it('limits one-off blacklist checks per account', async () => {
    const { token } = await pro()
    for (let i = 0; i < 20; i++)
      expect((await t.call('POST', '/api/blacklist/check', { token, body: { target: '192.0.2.99' } })).status).toBe(200)
    const over = await t.call('POST', '/api/blacklist/check', { token, body: { target: '192.0.2.99' } })
    expect(over.status).toBe(429)
    expect(over.json.message).toMatch(/^Too many blacklist check attempts\. Please wait \d+ minutes? and try again\.$/)
  })
})
