import { X509Certificate } from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCa, issue, type Pem, selfSigned, startTlsServer } from './checks/certs.ts'
import { buildTestApp, dialects, openTestDb, realTimeClock, type TestApp, type TestDb } from './harness.ts'

// Internal certificates (issue 37, point 7): website, API and SSL monitors of sites whose certificate the public
// roots do not trust, checked through the API against servers on loopback with certificates openssl made here.

const DAY = 86_400_000
const FINGERPRINT = /SHA-256 ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})\.$/

const fingerprintOf = (pem: Pem) => new X509Certificate(pem.cert).fingerprint256

/** An HTTPS site with this certificate that counts the requests it is sent. */
const startSite = async (pem: Pem) => {
  const site = { requests: 0, port: 0, close: () => Promise.resolve() }
  const server = https.createServer({ key: pem.key, cert: pem.cert }, (_req, res) => {
    site.requests++
    res.writeHead(200).end('Intranet home')
  })
  server.on('tlsClientError', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  site.port = (server.address() as AddressInfo).port
  site.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return site
}

describe.each(dialects)('monitors of internal certificates on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let ca: Pem
  let self: Pem
  let intranet: Awaited<ReturnType<typeof startSite>>
  let internalCa: Awaited<ReturnType<typeof startSite>>
  const closers: (() => Promise<void>)[] = []

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true }, clock: realTimeClock() })
    ca = createCa('Intranet CA')
    self = selfSigned({ commonName: 'localhost', names: ['localhost', '127.0.0.1'], days: 400 })
    intranet = await startSite(self)
    internalCa = await startSite(
      issue(ca, { commonName: 'localhost', names: ['localhost'], notAfter: Date.now() + 200 * DAY }),
    )
    closers.push(intranet.close, internalCa.close)
  })
  afterAll(async () => {
    for (const close of closers) await close()
    await db.drop()
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/monitors', { token, body: { retries: 0, ...body } })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor as { id: string; tls_trust: Record<string, string> }
  }
  const patch = (token: string, id: string, body: Record<string, unknown>) =>
    t.call('PATCH', `/api/monitors/${id}`, { token, body })
  const check = async (token: string, id: string) => {
    const res = await t.call('POST', `/api/monitors/${id}/check`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data as {
      result: { ok: boolean; message: string; detail: Record<string, any> }
      monitor: { status: string; expires_at: string | null }
    }
  }

  it('website: an untrusted certificate is down, named with its fingerprint, and sent nothing; pinned, it is up', async () => {
    const { token } = await pro()
    const url = `https://localhost:${intranet.port}/`
    const m = await create(token, { type: 'web', name: 'Intranet', url })
    expect(m.tls_trust).toEqual({ mode: 'public' })

    const refused = await check(token, m.id)
    expect(refused.monitor.status).toBe('down')
    expect(refused.result.ok).toBe(false)
    expect(refused.result.message).toMatch(
      /^The TLS certificate of localhost is not trusted: it is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)\. Seen: localhost, expires /,
    )
    expect(refused.result.message.match(FINGERPRINT)?.[1]).toBe(fingerprintOf(self))
    expect(refused.result.detail.untrusted_certificate).toEqual({
      subject: 'localhost',
      issuer: 'localhost',
      valid_to: new Date(new X509Certificate(self.cert).validTo).toISOString(),
      fingerprint256: fingerprintOf(self),
    })
    // The request waits for a trusted certificate: the untrusted server never saw it.
    expect(intranet.requests).toBe(0)

    // "Trust this certificate": the pin, typed in lower case without colons, is stored as the page shows it.
    const typed = fingerprintOf(self).replace(/:/g, '').toLowerCase()
    const pinned = await patch(token, m.id, { tls_trust: { mode: 'pin', fingerprint: typed } })
    expect(pinned.status, pinned.text).toBe(200)
    expect(pinned.json.data.monitor.tls_trust).toEqual({ mode: 'pin', fingerprint: fingerprintOf(self) })
    const up = await check(token, m.id)
    expect(up.result).toMatchObject({ ok: true, message: expect.stringMatching(/^200 OK in \d+ ms$/) })
    expect(up.monitor.status).toBe('up')
    expect(up.result.detail.untrusted_certificate).toBeUndefined()
    expect(intranet.requests).toBe(1)
  })

  it('website: another pin is down, naming the fingerprint seen', async () => {
    const { token } = await pro()
    const other = fingerprintOf(selfSigned({ commonName: 'localhost' }))
    const m = await create(token, {
      type: 'api',
      name: 'Intranet API',
      url: `https://localhost:${intranet.port}/health`,
      headers: { Authorization: 'Bearer intranet-secret' },
      tls_trust: { mode: 'pin', fingerprint: other },
    })
    const before = intranet.requests
    const down = await check(token, m.id)
    expect(down.monitor.status).toBe('down')
    expect(down.result.message).toMatch(
      /^The TLS certificate of localhost is not the pinned one: its SHA-256 fingerprint is another\. Seen: localhost, /,
    )
    expect(down.result.message.match(FINGERPRINT)?.[1]).toBe(fingerprintOf(self))
    expect(down.result.detail.untrusted_certificate.fingerprint256).toBe(fingerprintOf(self))
    // Its credential header did not go to the server it does not trust.
    expect(intranet.requests).toBe(before)
  })

  it('website: a CA certificate of its own trusts what that CA issued, and nothing else', async () => {
    const { token } = await pro()
    const url = `https://localhost:${internalCa.port}/`
    const m = await create(token, { type: 'web', name: 'Intranet CA site', url })
    expect((await check(token, m.id)).result.message).toMatch(
      /^The TLS certificate of localhost is not trusted: its issuer cannot be verified .+ Seen: localhost, /,
    )
    const trusted = await patch(token, m.id, { tls_trust: { mode: 'ca', ca_pem: `Intranet CA\n${ca.cert}` } })
    expect(trusted.status, trusted.text).toBe(200)
    expect(trusted.json.data.monitor.tls_trust.ca_pem).toBe(ca.cert.trim())
    expect((await check(token, m.id)).result).toMatchObject({ ok: true })

    // The CA alone: a self-signed certificate is not one it issued.
    const own = await create(token, {
      type: 'web',
      name: 'Self-signed under a CA',
      url: `https://localhost:${intranet.port}/`,
      tls_trust: { mode: 'ca', ca_pem: ca.cert },
    })
    const refused = await check(token, own.id)
    expect(refused.result).toMatchObject({ ok: false })
    expect(refused.result.message).toMatch(/^The TLS certificate of localhost is not trusted: it is self-signed/)
    expect(refused.result.detail.untrusted_certificate.fingerprint256).toBe(fingerprintOf(self))
  })

  it('website: ignoring certificate errors accepts any certificate', async () => {
    const { token } = await pro()
    const m = await create(token, {
      type: 'web',
      name: 'Ignored',
      url: `https://localhost:${intranet.port}/`,
      verify_tls: false,
      keyword: 'Intranet',
    })
    expect((await check(token, m.id)).result).toMatchObject({ ok: true })
  })

  it('SSL: pinned or under its CA, the certificate is valid and its expiry still watched', async () => {
    const { token } = await pro()
    // A certificate for another name, expiring in 5 days: the pin trusts it whatever its names.
    const soon = selfSigned({ commonName: 'printer.lan', names: ['printer.lan'], days: 5 })
    const server = await startTlsServer(soon)
    closers.push(server.close)
    const m = await create(token, { type: 'ssl', name: 'Printer', host: 'localhost', port: server.port })
    const untrusted = await check(token, m.id)
    expect(untrusted.result.message).toMatch(/^The certificate is not trusted: self-signed\. Seen: printer\.lan, /)
    expect(untrusted.result.detail).toMatchObject({
      chain_valid: false,
      untrusted_certificate: { subject: 'printer.lan', fingerprint256: fingerprintOf(soon) },
    })

    await patch(token, m.id, { tls_trust: { mode: 'pin', fingerprint: fingerprintOf(soon) } })
    const up = await check(token, m.id)
    expect(up.result).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Valid until .+ \((4|5) days\), issued by printer\.lan$/),
      detail: { chain_valid: true, chain_error: null, hostname_match: false },
    })
    expect(up.monitor.status).toBe('up')
    expect(Date.parse(up.monitor.expires_at as string)).toBe(Date.parse(new X509Certificate(soon.cert).validTo))
    await check(token, m.id)
    const bell = await t.call('GET', '/api/user_notification?limit=100', { token })
    const titles = bell.json.data.notificationList.map((n: { notification_title: string }) => n.notification_title)
    expect(titles).toContainEqual(expect.stringMatching(/^Printer: certificate expires in (4|5) days$/))

    // Another pin: down, the seen fingerprint named.
    await patch(token, m.id, { tls_trust: { mode: 'pin', fingerprint: fingerprintOf(self) } })
    const wrong = await check(token, m.id)
    expect(wrong.result.message).toMatch(/^The certificate is not trusted: it is not the pinned certificate\. Seen: /)
    expect(wrong.result.message.match(FINGERPRINT)?.[1]).toBe(fingerprintOf(soon))

    // Under its own CA.
    const issued = await startTlsServer(
      issue(ca, { commonName: 'localhost', names: ['localhost'], notAfter: Date.now() + 90 * DAY }),
    )
    closers.push(issued.close)
    const ssl = await create(token, {
      type: 'ssl',
      name: 'Intranet TLS',
      host: 'localhost',
      port: issued.port,
      tls_trust: { mode: 'ca', ca_pem: ca.cert },
    })
    expect((await check(token, ssl.id)).result).toMatchObject({ ok: true, detail: { chain_valid: true } })
    await patch(token, ssl.id, { tls_trust: { mode: 'ca', ca_pem: createCa('Other CA').cert } })
    expect((await check(token, ssl.id)).result.message).toMatch(
      /^The certificate is not trusted: it is not issued by this monitor's CA certificate\. Seen: localhost, /,
    )
  })

  it('refuses a wrong fingerprint or CA with a 400 that says why, at the field', async () => {
    const { token } = await pro()
    const refused = async (tls_trust: unknown, type = 'web') => {
      const body = type === 'ssl' ? { host: 'localhost' } : { url: 'https://localhost/' }
      const res = await t.call('POST', '/api/monitors', { token, body: { type, name: 'X', ...body, tls_trust } })
      expect(res.status, res.text).toBe(400)
      return res.json as { message: string; errors: Record<string, string> }
    }
    expect((await refused({ mode: 'pin', fingerprint: 'ab:cd' })).errors).toEqual({
      'tls_trust.fingerprint': 'A SHA-256 fingerprint has 64 hexadecimal digits; this one has 4.',
    })
    expect((await refused({ mode: 'pin' }, 'ssl')).message).toBe(
      'Enter the SHA-256 fingerprint of the certificate to trust.',
    )
    expect((await refused({ mode: 'ca', ca_pem: ca.key })).errors['tls_trust.ca_pem']).toBe(
      'That is a private key. Paste the CA certificate alone, and keep the key secret.',
    )
    // A whole DER sequence, but no certificate: Node cannot read it.
    const notX509 = '-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----'
    const unread = await refused({ mode: 'ca', ca_pem: notX509 }, 'ssl')
    expect(unread.errors['tls_trust.ca_pem']).toMatch(/^The CA certificate could not be read: .+\.$/)
    expect(unread.message).toBe(unread.errors['tls_trust.ca_pem'])
    expect((await refused({ mode: 'anything' })).errors).toEqual({
      'tls_trust.mode': 'Certificate trust must be public, pin or ca.',
    })

    const m = await create(token, { type: 'ssl', name: 'Kept', host: 'localhost' })
    const change = await patch(token, m.id, { tls_trust: { mode: 'ca', ca_pem: notX509 } })
    expect(change.status).toBe(400)
    expect(change.json.errors['tls_trust.ca_pem']).toMatch(/^The CA certificate could not be read/)
    const kept = await t.call('GET', `/api/monitors/${m.id}`, { token })
    expect(kept.json.data.monitor.tls_trust).toEqual({ mode: 'public' })
  })

  it('reads a monitor saved before certificate trust existed as trusting the public roots, with no migration', async () => {
    const { token } = await pro()
    const m = await create(token, { type: 'web', name: 'Older', url: `https://localhost:${intranet.port}/` })
    // The settings as they were stored before: without tls_trust.
    const stored = await db.database.db
      .selectFrom('monitors')
      .select('settings')
      .where('monitor_id', '=', m.id)
      .executeTakeFirstOrThrow()
    const { tls_trust: _gone, ...before } = JSON.parse(stored.settings) as Record<string, unknown>
    expect(_gone).toEqual({ mode: 'public' })
    await db.database.db
      .updateTable('monitors')
      .set({ settings: JSON.stringify(before) })
      .where('monitor_id', '=', m.id)
      .execute()
    const read = await t.call('GET', `/api/monitors/${m.id}`, { token })
    expect(read.json.data.monitor.tls_trust).toEqual({ mode: 'public' })
    expect((await check(token, m.id)).result.detail.untrusted_certificate.fingerprint256).toBe(fingerprintOf(self))
  })

  it("does not pin another user's monitor", async () => {
    const owner = await pro()
    const other = await pro()
    const m = await create(owner.token, { type: 'ssl', name: 'Theirs', host: 'localhost' })
    const res = await patch(other.token, m.id, { tls_trust: { mode: 'pin', fingerprint: fingerprintOf(self) } })
    expect(res.status).toBe(404)
    const kept = await t.call('GET', `/api/monitors/${m.id}`, { token: owner.token })
    expect(kept.json.data.monitor.tls_trust).toEqual({ mode: 'public' })
  })
})
