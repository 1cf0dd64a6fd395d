import type { IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Pem } from '../../server/checks/certs.ts'

// One HTTPS server on 127.0.0.1 for each loopback service, with a handler from a plain request to a plain answer.

export interface Request {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  body: string
}

export interface Answer {
  /** Closes the connection without answering (a dropped request), when true. */
  hangUp?: boolean
  status: number
  headers?: Record<string, string>
  body?: unknown
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body,
  headers,
})

export interface LoopbackServer {
  origin: string
  close: () => Promise<void>
}

export const serveHttps = async (pem: Pem, handle: (req: Request) => Answer | Promise<Answer>) => {
  const server = https.createServer({ key: pem.key, cert: pem.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', `https://${req.headers.host}`)
      const body = Buffer.concat(chunks).toString('utf8')
      let answer: Answer
      try {
        answer = await handle({ method: req.method ?? 'GET', url, headers: req.headers, body })
      } catch (error) {
        answer = json(500, { error: { code: 'InternalServerError', message: String(error) } })
      }
      if (answer.hangUp) {
        req.socket.destroy()
        return
      }
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers })
      res.end(text)
    })
  })
  server.on('tlsClientError', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { origin: `https://127.0.0.1:${port}`, close } satisfies LoopbackServer
}
