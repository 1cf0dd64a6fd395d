import dns from 'node:dns'
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCheck } from '../../../src/server/checks/index.ts'
import { closedPort, context, monitor, startSilent } from './servers.ts'

const ALLOW = context(true)
const DENY = context(false)

let listener: Awaited<ReturnType<typeof startSilent>>
beforeAll(async () => {
  listener = await startSilent()
})
afterAll(() => listener.stop())
afterEach(() => vi.restoreAllMocks())

const port = (host: string, portNumber: number, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'port', host, port: portNumber, ...extra })

describe('port monitors', () => {
  it('passes when the port accepts a connection, and closes it', async () => {
    const outcome = await runCheck(port('127.0.0.1', listener.port), ALLOW)
    expect(outcome).toMatchObject({ ok: true, detail: { address: '127.0.0.1' } })
    expect(outcome.message).toMatch(/^Port \d+ is open \(connected in \d+ ms\)$/)
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    await vi.waitFor(() => expect(listener.open()).toBe(0))
  })

  it('resolves a host name through the policy', async () => {
    expect((await runCheck(port('localhost', listener.port), ALLOW)).ok).toBe(true)
    expect((await runCheck(port('localhost', listener.port), DENY)).message).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\. Set ALLOW_PRIVATE_TARGETS=true/,
    )
  })

  it('says the connection was refused once the listener is closed', async () => {
    const closed = await closedPort()
    expect(await runCheck(port('127.0.0.1', closed), ALLOW)).toEqual({
      ok: false,
      responseMs: null,
      message: `Connection refused by 127.0.0.1:${closed}.`,
    })
  })

  it('says when the host name does not resolve', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((h: string, _o: unknown, cb: (e: Error) => void) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${h}`), { code: 'ENOTFOUND', hostname: h }))) as never)
    expect((await runCheck(port('example.invalid', 80), ALLOW)).message).toBe(
      'The host name example.invalid does not resolve.',
    )
  })

  it('says when the connection does not open in time', async () => {
    // A connect that never completes, as to a host that drops packets; no packet leaves the machine.
    vi.spyOn(net, 'connect').mockImplementation(() => new net.Socket() as never)
    const started = performance.now()
    const outcome = await runCheck(port('127.0.0.1', 9, { timeout_seconds: 1 }), ALLOW)
    expect(outcome).toEqual({ ok: false, responseMs: null, message: 'No connection to 127.0.0.1:9 within 1 s.' })
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('says when the host name does not resolve in time', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((() => {}) as never)
    expect((await runCheck(port('slow-dns.example', 80, { timeout_seconds: 1 }), ALLOW)).message).toBe(
      'The host name slow-dns.example did not resolve within 1 s.',
    )
  })

  it('refuses private and metadata addresses before connecting', async () => {
    const connect = vi.spyOn(net, 'connect')
    expect((await runCheck(port('10.0.0.5', 22), DENY)).message).toBe(
      'Refused: 10.0.0.5 is a private address. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.',
    )
    expect((await runCheck(port('169.254.169.254', 80), ALLOW)).message).toBe(
      'Refused: 169.254.169.254 is a cloud metadata address, which is never monitored.',
    )
    expect((await runCheck(port('::ffff:127.0.0.1', listener.port), DENY)).message).toMatch(/loopback address/)
    expect(connect).not.toHaveBeenCalled()
  })

  it('ends at once when the signal aborts', async () => {
    vi.spyOn(net, 'connect').mockImplementation(() => new net.Socket() as never)
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 50)
    expect((await runCheck(port('127.0.0.1', 9), { ...ALLOW, signal: abort.signal })).message).toBe(
      'The check was cancelled.',
    )
  })
})
