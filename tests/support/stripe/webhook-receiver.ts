import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A webhook endpoint for tests of the gateway alone: it keeps every call's exact bytes and headers and answers
// with a status the test chooses (200 unless told), or with what `handle` returns.

export interface ReceivedCall {
  headers: http.IncomingHttpHeaders
  /** The exact bytes received: what a signature covers. */
  raw: Buffer
  signature: string | undefined
}

export const startWebhookReceiver = async (
  handle?: (call: ReceivedCall) => { status: number; body?: string } | Promise<{ status: number; body?: string }>,
) => {
  const calls: ReceivedCall[] = []
  let status = 200
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const call = {
        headers: req.headers,
        raw: Buffer.concat(chunks),
        signature: req.headers['stripe-signature'] as string | undefined,
      }
      calls.push(call)
      const answer = handle ? await handle(call) : { status, body: '{"received":true}' }
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    calls: calls as readonly ReceivedCall[],
    /** The events received, parsed (for reading; verify with the raw bytes). */
    events: () => calls.map((call) => JSON.parse(call.raw.toString('utf8')) as { id: string; type: string }),
    answerWith(next: number) {
      status = next
    },
    clear() {
      calls.length = 0
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
