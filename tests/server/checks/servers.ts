import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as v from 'valibot'
import { MonitorInput } from '@vigil/domain/monitor.schema'
import type { CheckContext, CheckTarget } from '../../../src/server/checks/index.ts'
import type { NetworkConfig } from '../../../src/server/config.ts'

// Servers for the check runners' tests, all on 127.0.0.1: tests send traffic to loopback only.

export const MiB = 1024 * 1024

/**
 * Network settings that keep every query on loopback: a resolver and registries on 127.0.0.1 port 9, where
 * nothing listens. Tests of the network checks put their own servers here.
 */
export const TEST_NETWORK: NetworkConfig = {
  dnsServers: ['127.0.0.1:9'],
  dnsblZones: ['bl.test'],
  rdapBootstrapUrl: 'http://127.0.0.1:9/rdap/dns.json',
  whoisServer: '127.0.0.1:9',
}

/** A check context on TEST_NETWORK with the target policy given. */
export const context = (allowPrivate: boolean, network: Partial<NetworkConfig> = {}): CheckContext => ({
  policy: { allowPrivate },
  network: { ...TEST_NETWORK, ...network },
})

/** A monitor as the API would store it: parsed by the domain schema, with its defaults. */
export const monitor = (input: Record<string, unknown>): CheckTarget =>
  v.parse(MonitorInput, { name: 'Test', ...input }) as unknown as CheckTarget

const listen = async <S extends net.Server>(server: S): Promise<{ server: S; port: number }> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/** Closes a server and every connection still open on it. */
export const close = (server: net.Server & { closeAllConnections?: () => void }) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections?.()
  })

/** Timers that end when the request does, so a test server holds nothing after a check gives up. */
const later = (req: http.IncomingMessage, ms: number, fn: () => void) => {
  const timer = setTimeout(fn, ms)
  req.socket.once('close', () => clearTimeout(timer))
}

export interface TestSite {
  port: number
  base: string
  /** Requests seen, newest last: method, url, headers, body. */
  seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[]
  /** Whether /huge (64 MiB) was written to the end; a check that stops reading makes it false. */
  hugeFinished: () => boolean
  server: http.Server
}

const PAGE = '<html><body><h1>Welcome to Vigil</h1><p>All systems normal.</p></body></html>'
export const JSON_BODY = { status: 'ok', version: '1.2', items: [{ id: 1, name: 'db' }, { id: 2 }], count: 2 }

/** The HTTP test site; its routes are described where they are handled. */
export const startSite = async (): Promise<TestSite> => {
  const seen: TestSite['seen'] = []
  let hugeFinished = false
  let base = ''
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      })
      route(req, res)
    })
  })
  const route = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = url.pathname
    const q = (name: string) => url.searchParams.get(name)
    const m = /^\/(status|redirect)\/(\d+)$/.exec(path)
    if (path === '/ok') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    if (m?.[1] === 'status') return res.writeHead(Number(m[2])).end(`status ${m[2]}`)
    // /redirect/301?to=/ok: a redirect with the given code to the given (relative or absolute) Location
    if (m?.[1] === 'redirect') return res.writeHead(Number(m[2]), { location: q('to') ?? '/ok' }).end('moved')
    // /chain/3: three relative redirects, then /ok
    const chain = /^\/chain\/(\d+)$/.exec(path)
    if (chain) {
      const n = Number(chain[1])
      return res.writeHead(302, { location: n > 1 ? `/chain/${n - 1}` : `${base}/ok` }).end()
    }
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end()
    if (path === '/slow-headers') return later(req, Number(q('ms') ?? 5000), () => res.writeHead(200).end('late'))
    if (path === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('Welcome, the rest follows... ')
      return later(req, Number(q('ms') ?? 5000), () => res.end('done'))
    }
    if (path === '/huge') {
      // 64 MiB, more than loopback buffers hold: "START" at the beginning, "BEYOND" after the first MiB.
      hugeFinished = false
      res.writeHead(200, { 'content-type': 'text/plain' })
      const block = Buffer.alloc(64 * 1024, 'x')
      const first = Buffer.from(`START${block.subarray(5)}`)
      const beyond = Buffer.from(`BEYOND${block.subarray(6)}`)
      let sent = 0
      const pump = () => {
        while (sent < 64 * MiB && !res.destroyed) {
          const chunk = sent === 0 ? first : sent >= MiB ? beyond : block
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        if (!res.destroyed) res.end(() => (hugeFinished = true))
      }
      return pump()
    }
    if (path === '/json')
      return res
        .writeHead(200, { 'content-type': 'application/json', 'x-version': '1.2' })
        .end(JSON.stringify(JSON_BODY))
    if (path === '/gzip') {
      const body = gzipSync(Buffer.from(PAGE))
      return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(body)
    }
    // Answers what it received, for the request-shaping tests.
    if (path === '/echo')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen.at(-1)))
    if (path === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    if (path === '/to-ftp') return res.writeHead(301, { location: 'ftp://127.0.0.1/file' }).end()
    // Closes the connection without answering.
    if (path === '/hang-up') return req.socket.destroy()
    if (path === '/cut-body') {
      res.writeHead(200, { 'content-length': '1000' })
      res.write('only part of it')
      return later(req, 20, () => req.socket.destroy())
    }
    res.writeHead(404).end('not found')
  }
  const { port } = await listen(server)
  base = `http://127.0.0.1:${port}`
  return { port, base, seen, hugeFinished: () => hugeFinished, server }
}

/** A TCP listener that accepts connections and never writes a byte. */
export const startSilent = async () => {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    socket.resume() // reads (and drops) what comes, so it sees the client's close
  })
  const { port } = await listen(server)
  const stop = () => {
    for (const socket of sockets) socket.destroy()
    return close(server)
  }
  return { server, port, open: () => sockets.size, stop }
}

/** A port that was listening a moment ago and is closed now: connections to it are refused. */
export const closedPort = async () => {
  const { server, port } = await listen(net.createServer())
  await close(server)
  return port
}

/** A self-signed certificate for localhost and 127.0.0.1, made with the openssl command. */
export const selfSignedCertificate = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-cert-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    )
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** An HTTPS server with a self-signed certificate that answers every request with 200 and a page. */
export const startHttps = async () => {
  const server = https.createServer(selfSignedCertificate(), (_req, res) => res.writeHead(200).end(PAGE))
  const { port } = await listen(server)
  return { server, port }
}
