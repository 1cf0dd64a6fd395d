import { maxHeaderSize, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { serve } from '@hono/node-server'

// The app on Node's HTTP server, as the server process and the tests start it. Node reads at most `maxHeaderSize`
// bytes (16 KB) of request line and headers; a request past that, or one that is no HTTP, never reaches the app, and
// Node would answer it with a bare status and no body. Here it gets the API's JSON `{ message }` instead, saying what
// to do: a long report selection goes as POST /api/reports with a JSON body.

type ClientError = Error & { code?: string; rawPacket?: Buffer }

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
}

const limitKb = Math.round(maxHeaderSize / 1024)
const LONG_SELECTION = 'Send a long report selection as POST /api/reports with the query as a JSON body.'

/** The request line, when the packet starts with it: the method, the address and the version up to the line's end. */
const requestLineLength = (packet: Buffer | undefined): number | null => {
  if (!packet || !/^[A-Z]+ \S/.test(packet.subarray(0, 24).toString('latin1'))) return null
  const end = packet.indexOf('\r\n')
  return end === -1 ? packet.length : end
}

/** The status and message for a request Node refused before the app saw it. */
export const clientErrorAnswer = (error: ClientError): { status: number; message: string } => {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // The address alone took half of what is read: it is the part that is too long.
      const line = requestLineLength(error.rawPacket)
      if (line !== null && line >= maxHeaderSize / 2)
        return {
          status: 414,
          message: `The address is too long: the server reads at most ${limitKb} KB of address and headers. ${LONG_SELECTION}`,
        }
      return {
        status: 431,
        message: `The request's address and headers are too large: the server reads at most ${limitKb} KB of them. ${LONG_SELECTION}`,
      }
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The chunk extensions of the request body are too large.' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive. Send it again.' }
    default:
      return { status: 400, message: 'The request could not be read as HTTP/1.1.' }
  }
}

/** Answers as Node does by default (only while no answer is under way on the socket), with a JSON body, and closes. */
const answerClientError = (error: ClientError, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  const { status, message } = clientErrorAnswer(error)
  const body = JSON.stringify({ message })
  socket.end(
    [
      `HTTP/1.1 ${status} ${REASONS[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
}

/** Serves the app on a port (0: any free one), refusing what Node refuses with the API's JSON answers. */
export const listen = (
  fetch: Parameters<typeof serve>[0]['fetch'],
  { port, hostname }: { port: number; hostname: string },
  listening?: Parameters<typeof serve>[1],
): Server => {
  const server = serve({ fetch, port, hostname }, listening) as Server
  server.on('clientError', answerClientError)
  return server
}
