import net from 'node:net'
import tls from 'node:tls'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type CheckTarget, runCheck } from '../../../src/server/checks/index.ts'
import {
  close,
  closedPort,
  context,
  JSON_BODY,
  monitor,
  startHttps,
  startSilent,
  startSite,
  type TestSite,
} from './servers.ts'

const ALLOW = context(true)
const DENY = context(false)

let site: TestSite
let silent: Awaited<ReturnType<typeof startSilent>>
let secure: Awaited<ReturnType<typeof startHttps>>
beforeAll(async () => {
  site = await startSite()
  silent = await startSilent()
  secure = await startHttps()
})
afterAll(async () => {
  await Promise.all([close(site.server), silent.stop(), close(secure.server)])
})
afterEach(() => vi.restoreAllMocks())

const connectionsOf = (server: net.Server) =>
  new Promise<number>((resolve) => server.getConnections((_err, count) => resolve(count)))
const openConnections = () => connectionsOf(site.server)

const web = (path: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'web', url: `${site.base}${path}`, ...extra })
const api = (path: string, extra: Record<string, unknown> = {}) =>
  monitor({ type: 'api', url: `${site.base}${path}`, ...extra })

describe('web monitors', () => {
  it('passes on a 2xx page and reports the facts', async () => {
    const outcome = await runCheck(web('/ok'), ALLOW)
    expect(outcome.ok).toBe(true)
    expect(outcome.message).toMatch(/^200 OK in \d+ ms$/)
    expect(outcome.responseMs).toBeGreaterThanOrEqual(0)
    expect(outcome.detail).toMatchObject({
      status_code: 200,
      final_url: `${site.base}/ok`,
      redirects: 0,
      address: '127.0.0.1',
      body_truncated: false,
    })
    const request = site.seen.at(-1)
    expect(request?.headers['user-agent']).toBe('Vigil-Monitor/1.0')
    expect(request?.headers.connection).toBe('close')
  })

  it('fails on a status outside expected_status, and passes when it is expected', async () => {
    const outcome = await runCheck(web('/status/503'), ALLOW)
    expect(outcome).toMatchObject({ ok: false, message: 'Expected status 200-299, got 503.' })
    expect(outcome.responseMs).not.toBeNull()
    expect(outcome.detail?.status_code).toBe(503)
    expect((await runCheck(web('/status/503', { expected_status: '200-299, 503' }), ALLOW)).ok).toBe(true)
  })

  it('looks for the keyword, case-sensitively, and can require its absence', async () => {
    expect((await runCheck(web('/ok', { keyword: 'Welcome' }), ALLOW)).ok).toBe(true)
    expect(await runCheck(web('/ok', { keyword: 'welcome' }), ALLOW)).toMatchObject({
      ok: false,
      message: 'The keyword "welcome" was not found in the page.',
    })
    expect((await runCheck(web('/ok', { keyword: 'Error', keyword_absent: true }), ALLOW)).ok).toBe(true)
    expect(await runCheck(web('/ok', { keyword: 'Welcome', keyword_absent: true }), ALLOW)).toMatchObject({
      ok: false,
      message: 'The keyword "Welcome" was found in the page.',
    })
  })

  it('checks the status before the keyword', async () => {
    expect((await runCheck(web('/status/500', { keyword: 'status' }), ALLOW)).message).toBe(
      'Expected status 200-299, got 500.',
    )
  })

  it('decodes a compressed page before looking for the keyword', async () => {
    expect((await runCheck(web('/gzip', { keyword: 'All systems normal' }), ALLOW)).ok).toBe(true)
  })

  it('reads at most 1 MiB of a huge body, then stops and closes the connection', async () => {
    const started = performance.now()
    const found = await runCheck(web('/huge', { keyword: 'START' }), ALLOW)
    expect(found.ok).toBe(true)
    expect(found.detail?.body_truncated).toBe(true)
    const beyond = await runCheck(web('/huge', { keyword: 'BEYOND' }), ALLOW)
    expect(beyond).toMatchObject({
      ok: false,
      message: 'The keyword "BEYOND" was not found in the first 1 MiB of the page.',
    })
    // without a keyword the body is counted, not kept, and still cut at 1 MiB
    expect((await runCheck(web('/huge'), ALLOW)).detail?.body_truncated).toBe(true)
    expect(performance.now() - started).toBeLessThan(5000)
    await vi.waitFor(async () => expect(await openConnections()).toBe(0), { timeout: 2000 })
    expect(site.hugeFinished()).toBe(false)
  })
})

describe('timeouts and connection failures', () => {
  it('says when the headers do not come in time', async () => {
    const started = performance.now()
    const outcome = await runCheck(web('/slow-headers?ms=5000', { timeout_seconds: 1 }), ALLOW)
    expect(outcome).toMatchObject({ ok: false, responseMs: null, message: 'No response within 1 s.' })
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('says when the body does not finish in time', async () => {
    const outcome = await runCheck(web('/slow-body?ms=5000', { timeout_seconds: 1 }), ALLOW)
    expect(outcome).toMatchObject({
      ok: false,
      message: 'The server answered 200 but the body did not finish within 1 s.',
    })
  })

  it('passes a slow answer that finishes inside the timeout, counting the whole body in responseMs', async () => {
    const outcome = await runCheck(web('/slow-body?ms=300', { timeout_seconds: 2 }), ALLOW)
    expect(outcome.ok).toBe(true)
    expect(outcome.responseMs).toBeGreaterThanOrEqual(290)
  })

  it('says when a port accepts the connection but never answers', async () => {
    const outcome = await runCheck(
      monitor({ type: 'web', url: `http://127.0.0.1:${silent.port}/`, timeout_seconds: 1 }),
      ALLOW,
    )
    expect(outcome).toMatchObject({ ok: false, message: 'No response within 1 s.' })
    await vi.waitFor(() => expect(silent.open()).toBe(0))
  })

  it('says when the connection is refused', async () => {
    const port = await closedPort()
    const outcome = await runCheck(monitor({ type: 'web', url: `http://127.0.0.1:${port}/` }), ALLOW)
    expect(outcome).toMatchObject({ ok: false, responseMs: null, message: `Connection refused by 127.0.0.1:${port}.` })
  })

  it('says when the server hangs up without answering, or cuts the body short', async () => {
    expect((await runCheck(web('/hang-up'), ALLOW)).message).toBe(
      `The server at 127.0.0.1:${site.port} closed the connection without a response.`,
    )
    expect((await runCheck(web('/cut-body'), ALLOW)).message).toBe(
      `The connection to 127.0.0.1:${site.port} closed before the response body was complete.`,
    )
  })

  it('says when the host name does not resolve', async () => {
    // The resolver answers as it would for a name that does not exist, without sending a query.
    const dns = await import('node:dns')
    vi.spyOn(dns.default, 'lookup').mockImplementation(((h: string, _o: unknown, cb: (e: Error) => void) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${h}`), { code: 'ENOTFOUND', hostname: h }))) as never)
    const outcome = await runCheck(monitor({ type: 'web', url: 'http://example.invalid/' }), ALLOW)
    expect(outcome).toMatchObject({ ok: false, message: 'The host name example.invalid does not resolve.' })
  })

  it('says when the host name does not resolve in time', async () => {
    const dns = await import('node:dns')
    vi.spyOn(dns.default, 'lookup').mockImplementation((() => {}) as never)
    const outcome = await runCheck(monitor({ type: 'web', url: 'http://slow-dns.example/', timeout_seconds: 1 }), ALLOW)
    expect(outcome).toMatchObject({ ok: false, message: 'The host name slow-dns.example did not resolve within 1 s.' })
  })

  it('ends at once when the signal aborts', async () => {
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 100)
    const started = performance.now()
    const outcome = await runCheck(web('/slow-headers?ms=5000'), { ...ALLOW, signal: abort.signal })
    expect(outcome).toMatchObject({ ok: false, message: 'The check was cancelled.' })
    expect(performance.now() - started).toBeLessThan(3000)
  })
})

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('follows a %i to a relative Location', async (code) => {
    const outcome = await runCheck(web(`/redirect/${code}?to=/ok`, { keyword: 'Welcome' }), ALLOW)
    expect(outcome.ok).toBe(true)
    expect(outcome.detail).toMatchObject({ redirects: 1, final_url: `${site.base}/ok`, status_code: 200 })
  })

  it('follows a chain of relative and absolute redirects up to 10 hops', async () => {
    const outcome = await runCheck(web('/chain/10'), ALLOW)
    expect(outcome.ok).toBe(true)
    expect(outcome.detail).toMatchObject({ redirects: 10, final_url: `${site.base}/ok` })
    expect((await runCheck(web('/chain/11'), ALLOW)).message).toBe('Too many redirects (more than 10).')
  })

  it('stops a redirect loop after 10 hops', async () => {
    const outcome = await runCheck(web('/loop'), ALLOW)
    expect(outcome).toMatchObject({ ok: false, message: 'Too many redirects (more than 10).' })
    expect(outcome.detail?.redirects).toBe(10)
  })

  it('checks the redirect itself when follow_redirects is off', async () => {
    const off = { follow_redirects: false }
    expect((await runCheck(web('/redirect/301?to=/ok', off), ALLOW)).message).toBe('Expected status 200-299, got 301.')
    const expected = await runCheck(web('/redirect/301?to=/ok', { ...off, expected_status: '301' }), ALLOW)
    expect(expected).toMatchObject({ ok: true, detail: { status_code: 301, redirects: 0 } })
  })

  it('turns a POST into a GET without body on 301/302/303 and repeats it on 307/308', async () => {
    const post = { method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer t' } }
    for (const code of [301, 302, 303]) {
      await runCheck(api(`/redirect/${code}?to=/echo`, post), ALLOW)
      expect(site.seen.at(-1)).toMatchObject({ method: 'GET', url: '/echo', body: '' })
      expect(site.seen.at(-1)?.headers['content-type']).toBeUndefined()
    }
    for (const code of [307, 308]) {
      await runCheck(api(`/redirect/${code}?to=/echo`, post), ALLOW)
      expect(site.seen.at(-1)).toMatchObject({ method: 'POST', url: '/echo', body: '{"a":1}' })
      // same origin: the credentials go along
      expect(site.seen.at(-1)?.headers.authorization).toBe('Bearer t')
    }
  })

  it('drops credentials when a redirect changes origin', async () => {
    const other = `http://localhost:${site.port}/echo`
    await runCheck(
      api(`/redirect/307?to=${encodeURIComponent(other)}`, { headers: { authorization: 'Bearer t' } }),
      ALLOW,
    )
    expect(site.seen.at(-1)?.url).toBe('/echo')
    expect(site.seen.at(-1)?.headers.authorization).toBeUndefined()
  })

  it('refuses a redirect to a cloud metadata address without connecting to it', async () => {
    const connect = vi.spyOn(net, 'connect')
    const outcome = await runCheck(web('/to-metadata'), ALLOW)
    expect(outcome).toMatchObject({
      ok: false,
      message: 'Refused: 169.254.169.254 is a cloud metadata address, which is never monitored.',
      detail: { final_url: 'http://169.254.169.254/latest/meta-data/', redirects: 1 },
    })
    expect(connect).toHaveBeenCalledTimes(1)
    expect(connect.mock.calls[0]?.[0]).toMatchObject({ host: '127.0.0.1' })
  })

  it('refuses a redirect to another scheme', async () => {
    expect((await runCheck(web('/to-ftp'), ALLOW)).message).toBe(
      'The server redirected to ftp://127.0.0.1/file, which is not an http or https URL.',
    )
  })
})

describe('target policy', () => {
  it('refuses loopback in every spelling when private targets are not allowed, before connecting', async () => {
    const connect = vi.spyOn(net, 'connect')
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '0177.0.0.1', '[::ffff:127.0.0.1]', '[::1]']) {
      const outcome = await runCheck(monitor({ type: 'web', url: `http://${host}:${site.port}/ok` }), DENY)
      expect(outcome.ok).toBe(false)
      expect(outcome.message).toMatch(/^Refused: .* is a loopback address\. Set ALLOW_PRIVATE_TARGETS=true/)
    }
    expect(connect).not.toHaveBeenCalled()
  })

  it('reaches a numeric loopback form when private targets are allowed', async () => {
    const outcome = await runCheck(monitor({ type: 'web', url: `http://2130706433:${site.port}/ok` }), ALLOW)
    expect(outcome).toMatchObject({ ok: true, detail: { address: '127.0.0.1' } })
  })

  it('refuses localhost on the address it resolves to, and no connection reaches the server', async () => {
    const before = site.seen.length
    const outcome = await runCheck(monitor({ type: 'web', url: `http://localhost:${site.port}/ok` }), DENY)
    expect(outcome.message).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\./)
    expect(site.seen.length).toBe(before)
    expect((await runCheck(monitor({ type: 'web', url: `http://localhost:${site.port}/ok` }), ALLOW)).ok).toBe(true)
  })

  it('refuses a metadata address even when private targets are allowed', async () => {
    const connect = vi.spyOn(net, 'connect')
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://2852039166/']) {
      const outcome = await runCheck(monitor({ type: 'web', url }), ALLOW)
      expect(outcome.message).toMatch(/a cloud metadata address, which is never monitored\.$/)
    }
    expect(connect).not.toHaveBeenCalled()
  })
})

describe('api monitors', () => {
  it('sends the method, headers and body, with a JSON content type for a JSON body', async () => {
    const outcome = await runCheck(
      api('/echo', { method: 'PUT', headers: { 'X-Token': 'abc', 'User-Agent': 'Custom/2' }, body: '{"ping":true}' }),
      ALLOW,
    )
    expect(outcome.ok).toBe(true)
    const seen = site.seen.at(-1)
    expect(seen).toMatchObject({ method: 'PUT', body: '{"ping":true}' })
    expect(seen?.headers).toMatchObject({
      'x-token': 'abc',
      'user-agent': 'Custom/2',
      'content-type': 'application/json',
      'content-length': '13',
    })
  })

  it('leaves the content type alone for a body that is not JSON, or when one is given', async () => {
    await runCheck(api('/echo', { method: 'POST', body: 'a=1&b=2' }), ALLOW)
    expect(site.seen.at(-1)?.headers['content-type']).toBeUndefined()
    await runCheck(api('/echo', { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } }), ALLOW)
    expect(site.seen.at(-1)?.headers['content-type']).toBe('text/plain')
  })

  it('passes when every assertion holds', async () => {
    const assertions = [
      { type: 'status', operator: 'equals', value: '200' },
      { type: 'json', path: '$.status', operator: 'equals', value: 'ok' },
      { type: 'json', path: '$.items[0].name', operator: 'equals', value: 'db' },
      { type: 'json', path: '$.items.length', operator: 'equals', value: JSON_BODY.items.length },
      { type: 'header', path: 'X-Version', operator: 'equals', value: '1.2' },
      { type: 'header', path: 'content-type', operator: 'contains', value: 'json' },
      { type: 'response_time', operator: 'less_than', value: '5000' },
    ]
    const outcome = await runCheck(api('/json', { assertions }), ALLOW)
    expect(outcome).toMatchObject({ ok: true, detail: { status_code: 200 } })
  })

  it('reports the first assertion that fails', async () => {
    const assertions = [
      { type: 'json', path: '$.status', operator: 'equals', value: 'ok' },
      { type: 'json', path: '$.count', operator: 'greater_than', value: '5' },
      { type: 'header', path: 'x-missing', operator: 'equals', value: 'x' },
    ]
    expect((await runCheck(api('/json', { assertions }), ALLOW)).message).toBe(
      'JSON $.count is 2, expected it to be greater than "5".',
    )
    const header = [{ type: 'header', path: 'x-missing', operator: 'equals', value: 'x' }]
    expect((await runCheck(api('/json', { assertions: header }), ALLOW)).message).toBe(
      'Header x-missing is missing, expected it to equal "x".',
    )
    const time = [{ type: 'response_time', operator: 'less_than', value: '0' }]
    expect((await runCheck(api('/json', { assertions: time }), ALLOW)).message).toMatch(
      /^Response time \(ms\) is \d+, expected it to be less than "0"\.$/,
    )
    const notJson = [{ type: 'json', path: '$.status', operator: 'equals', value: 'ok' }]
    expect((await runCheck(api('/ok', { assertions: notJson }), ALLOW)).message).toBe(
      'The response is not JSON, so $.status cannot be read.',
    )
  })

  it('checks expected_status before the assertions', async () => {
    const assertions = [{ type: 'json', path: '$.status', operator: 'equals', value: 'ok' }]
    expect((await runCheck(api('/status/404', { assertions }), ALLOW)).message).toBe(
      'Expected status 200-299, got 404.',
    )
  })
})

describe('https', () => {
  const url = () => `https://localhost:${secure.port}/`

  it('fails on a self-signed certificate when verify_tls is on, naming the problem', async () => {
    const outcome = await runCheck(monitor({ type: 'web', url: url() }), ALLOW)
    expect(outcome).toMatchObject({
      ok: false,
      responseMs: null,
      message: expect.stringMatching(
        /^The TLS certificate of localhost is not trusted: it is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)\. Seen: localhost, expires .+, SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}\.$/,
      ),
    })
  })

  it('passes when verify_tls is off, with SNI set to the host name', async () => {
    const connect = vi.spyOn(tls, 'connect')
    const outcome = await runCheck(monitor({ type: 'web', url: url(), verify_tls: false, keyword: 'Welcome' }), ALLOW)
    expect(outcome).toMatchObject({ ok: true, detail: { status_code: 200, address: '127.0.0.1' } })
    expect(connect.mock.calls[0]?.[0]).toMatchObject({ servername: 'localhost', rejectUnauthorized: false })
  })

  it('says when the TLS handshake does not finish in time', async () => {
    const outcome = await runCheck(
      monitor({ type: 'web', url: `https://127.0.0.1:${silent.port}/`, timeout_seconds: 1 }),
      ALLOW,
    )
    expect(outcome.message).toBe(`The TLS handshake with 127.0.0.1:${silent.port} did not finish within 1 s.`)
  })

  it('says when the server does not speak TLS', async () => {
    const outcome = await runCheck(monitor({ type: 'web', url: `https://127.0.0.1:${site.port}/ok` }), ALLOW)
    // OpenSSL's reason only ("wrong version number"), without its error codes and source paths
    expect(outcome.message).toMatch(
      new RegExp(`^The TLS handshake with 127\\.0\\.0\\.1:${site.port} failed: [a-z ]+\\.$`),
    )
  })
})

describe('resources', () => {
  const handles = () => {
    const counts: Record<string, number> = {}
    for (const name of process.getActiveResourcesInfo()) counts[name] = (counts[name] ?? 0) + 1
    return counts
  }
  // Polls with a plain sleep, so no timer of the polling itself is active when the handles are counted.
  const within3s = async (quiet: () => boolean) => {
    for (let i = 0; i < 60 && !quiet(); i++) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const SOCKETS = ['TCPSocketWrap', 'TLSWrap', 'ZlibWrap', 'SimpleWriteWrap', 'WriteWrap']
  const sockets = (counts: Record<string, number>) => SOCKETS.map((name) => `${name}: ${counts[name] ?? 0}`)

  it('leaves no socket or timer behind after hundreds of failing and slow checks', async () => {
    // Earlier tests' sockets finish closing first: then only the servers' listeners are open.
    await within3s(() => SOCKETS.every((name) => !handles()[name]))
    const before = handles()
    expect(sockets(before)).toEqual(SOCKETS.map((name) => `${name}: 0`))
    const port = await closedPort()
    const monitors = [
      web('/status/503'),
      web('/hang-up'),
      web('/slow-headers?ms=5000', { timeout_seconds: 1 }),
      web('/slow-body?ms=5000', { timeout_seconds: 1 }),
      web('/huge', { keyword: 'BEYOND' }),
      web('/loop'),
      web('/ok', { keyword: 'absent' }),
      monitor({ type: 'web', url: `http://127.0.0.1:${port}/` }),
      monitor({ type: 'web', url: `http://127.0.0.1:${silent.port}/`, timeout_seconds: 1 }),
      monitor({ type: 'web', url: `https://localhost:${secure.port}/` }),
    ]
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) => runCheck(monitors[i % monitors.length] as CheckTarget, ALLOW)),
    )
    expect(outcomes.filter((o) => o.ok)).toEqual([])
    await within3s(() => SOCKETS.every((name) => !handles()[name]))
    const after = handles()
    expect(sockets(after)).toEqual(sockets(before))
    expect(after.Timeout ?? 0).toBeLessThanOrEqual(before.Timeout ?? 0)
    expect(silent.open()).toBe(0)
    expect(await openConnections()).toBe(0)
  })
})
