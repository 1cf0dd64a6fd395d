import tls from 'node:tls'
import { SslDetail } from '@vigil/domain/check-details'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { dayText } from '../../../src/server/checks/dates.ts'
import { runCheck } from '../../../src/server/checks/index.ts'
import { altNames } from '../../../src/server/checks/tls.check.ts'
import { createCa, issue, type Pem, selfSigned, startTlsServer } from './certs.ts'
import { close, closedPort, context, monitor, startSilent, startSite } from './servers.ts'

const DAY = 86_400_000
type TlsServer = Awaited<ReturnType<typeof startTlsServer>>

let ca: Pem
const servers: Record<string, TlsServer> = {}
const ends: Record<string, number> = {}
let trusted: ReturnType<typeof context>

beforeAll(async () => {
  ca = createCa('Test CA')
  trusted = context(true, { tlsCa: ca.cert })
  // Whole seconds: certificates hold no milliseconds.
  const at = (ms: number) => Math.floor(ms / 1000) * 1000
  ends.valid = at(Date.now() + 90 * DAY)
  ends.soon = at(Date.now() + 5 * DAY + 3600_000)
  ends.expired = at(Date.now() - 3 * DAY + 3600_000)
  ends.future = at(Date.now() + 90 * DAY)
  ends.other = at(Date.now() + 60 * DAY)
  const certs: Record<string, Pem> = {
    valid: issue(ca, { commonName: 'localhost', names: ['localhost', '127.0.0.1'], notAfter: ends.valid }),
    soon: issue(ca, { commonName: 'localhost', names: ['localhost'], notAfter: ends.soon }),
    expired: issue(ca, {
      commonName: 'localhost',
      names: ['localhost'],
      notBefore: Date.now() - 90 * DAY,
      notAfter: ends.expired,
    }),
    future: issue(ca, {
      commonName: 'localhost',
      names: ['localhost'],
      notBefore: Date.now() + 3 * DAY,
      notAfter: ends.future,
    }),
    other: issue(ca, { commonName: 'other.test', names: ['other.test', 'www.other.test'], notAfter: ends.other }),
    self: selfSigned({ commonName: 'localhost', names: ['localhost', '127.0.0.1'] }),
  }
  for (const [name, pem] of Object.entries(certs)) servers[name] = await startTlsServer(pem)
})
afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())))
afterEach(() => vi.restoreAllMocks())

const ssl = (name: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'ssl', host: 'localhost', port: servers[name]?.port, ...extra })

describe('SSL monitors', () => {
  it('passes on a valid certificate and reports its facts, with SNI', async () => {
    const outcome = await runCheck(ssl('valid'), trusted)
    expect(outcome).toMatchObject({
      ok: true,
      message: `Valid until ${dayText(ends.valid as number)} (89 days), issued by Test CA`,
      expiresAt: ends.valid,
    })
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    const detail = v.parse(SslDetail, outcome.detail)
    expect(detail).toMatchObject({
      address: '127.0.0.1',
      subject: 'localhost',
      issuer: 'Test CA',
      alt_names: ['localhost', '127.0.0.1'],
      valid_to: new Date(ends.valid as number).toISOString(),
      days_left: 89,
      chain_valid: true,
      chain_error: null,
      hostname_match: true,
      protocol: 'TLSv1.3',
      cipher: 'TLS_AES_256_GCM_SHA384',
    })
    expect(detail.serial).toMatch(/^[0-9A-F]+$/)
    expect(detail.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    await vi.waitFor(() => expect(servers.valid?.names.at(-1)).toBe('localhost'))
  })

  it('checks an IP address against the IP names of the certificate, without SNI', async () => {
    const seen = servers.valid?.names.length ?? 0
    expect((await runCheck(ssl('valid', { host: '127.0.0.1' }), trusted)).ok).toBe(true)
    await vi.waitFor(() => expect(servers.valid?.names.length).toBe(seen + 1))
    expect(servers.valid?.names.at(-1)).toBe(false)
  })

  it('passes on a certificate that expires soon, and says when', async () => {
    const outcome = await runCheck(ssl('soon'), trusted)
    expect(outcome).toMatchObject({
      ok: true,
      message: `Valid until ${dayText(ends.soon as number)} (5 days), issued by Test CA`,
      expiresAt: ends.soon,
      detail: { days_left: 5 },
    })
  })

  it('fails on an expired certificate', async () => {
    const outcome = await runCheck(ssl('expired'), trusted)
    expect(outcome).toMatchObject({
      ok: false,
      message: `The certificate of localhost expired on ${dayText(ends.expired as number)}.`,
      expiresAt: ends.expired,
      detail: { days_left: -3, chain_valid: true },
    })
    expect(outcome.responseMs).not.toBeNull()
    v.parse(SslDetail, outcome.detail)
  })

  it('fails on a certificate that is not valid yet', async () => {
    const outcome = await runCheck(ssl('future'), trusted)
    expect(outcome.ok).toBe(false)
    expect(outcome.message).toBe(
      `The certificate of localhost is not valid until ${dayText(Date.parse(String(outcome.detail?.valid_from)))}.`,
    )
    expect(outcome.expiresAt).toBe(ends.future)
  })

  it('fails on a certificate for another host name, and still reports its expiry', async () => {
    const outcome = await runCheck(ssl('other'), trusted)
    expect(outcome).toMatchObject({
      ok: false,
      message: 'The certificate is for other.test, www.other.test, not localhost.',
      expiresAt: ends.other,
      detail: { hostname_match: false, chain_valid: true, subject: 'other.test' },
    })
    v.parse(SslDetail, outcome.detail)
  })

  it('fails on a certificate no trusted authority signed', async () => {
    const outcome = await runCheck(ssl('self'), trusted)
    expect(outcome).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The certificate is not trusted: self-signed\. Seen: localhost, expires /),
      detail: { chain_valid: false, chain_error: 'self-signed', hostname_match: true },
    })
    expect(outcome.expiresAt).toBeGreaterThan(Date.now())
    // Without TLS_CA_FILE the test CA is unknown too.
    expect(await runCheck(ssl('valid'), context(true))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The certificate is not trusted: its issuer/),
      detail: { chain_valid: false },
    })
  })

  it('reports no expiry when there is no handshake', async () => {
    const port = await closedPort()
    expect(await runCheck(ssl('valid', { host: '127.0.0.1', port }), trusted)).toEqual({
      ok: false,
      responseMs: null,
      message: `Connection refused by 127.0.0.1:${port}.`,
    })
    const site = await startSite()
    try {
      const outcome = await runCheck(ssl('valid', { host: '127.0.0.1', port: site.port }), trusted)
      expect(outcome.message).toMatch(new RegExp(`^The TLS handshake with 127\\.0\\.0\\.1:${site.port} failed: .+\\.$`))
      expect(outcome.expiresAt).toBeUndefined()
    } finally {
      await close(site.server)
    }
  })

  it('gives up on a handshake that does not finish in time', async () => {
    const silent = await startSilent()
    try {
      const outcome = await runCheck(
        ssl('valid', { host: '127.0.0.1', port: silent.port, timeout_seconds: 1 }),
        trusted,
      )
      expect(outcome).toEqual({
        ok: false,
        responseMs: null,
        message: `The TLS handshake with 127.0.0.1:${silent.port} did not finish within 1 s.`,
      })
      await vi.waitFor(() => expect(silent.open()).toBe(0))
    } finally {
      await silent.stop()
    }
  })

  it('refuses addresses the target policy forbids before connecting', async () => {
    const connect = vi.spyOn(tls, 'connect')
    expect((await runCheck(ssl('valid', { host: '127.0.0.1' }), context(false))).message).toBe(
      'Refused: 127.0.0.1 is a loopback address. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.',
    )
    expect(connect).not.toHaveBeenCalled()
    expect((await runCheck(ssl('valid'), context(false))).message).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\./,
    )
  })

  it('ends at once when the signal aborts', async () => {
    const silent = await startSilent()
    try {
      const abort = new AbortController()
      setTimeout(() => abort.abort(), 50)
      const outcome = await runCheck(ssl('valid', { host: '127.0.0.1', port: silent.port }), {
        ...trusted,
        signal: abort.signal,
      })
      expect(outcome.message).toBe('The check was cancelled.')
    } finally {
      await silent.stop()
    }
  })
})

describe('subject alternative names', () => {
  it('reads DNS names and IP addresses, quoted ones too', () => {
    expect(altNames('DNS:a.test, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1')).toEqual([
      'a.test',
      '127.0.0.1',
      '0:0:0:0:0:0:0:1',
    ])
    expect(altNames('DNS:"weird, name.test", DNS:b.test')).toEqual(['weird, name.test', 'b.test'])
    expect(altNames(undefined)).toEqual([])
  })
})
