import { createServer as createHttpServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net'

const listen = (server: Server | TcpServer, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })

const close = (server: Server | TcpServer) =>
  new Promise<void>((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * A website on loopback for monitors to watch. `mode` picks its answer; `down()` closes the port (connections
 * are refused) and `up()` opens it again on the same port.
 */
export const startHttpTarget = async () => {
  const state = { mode: 'ok' as 'ok' | 'error' | 'slow', body: '<h1>Welcome to the shop</h1>', hits: 0 }
  const handler = createHttpServer((req, res) => {
    state.hits += 1
    if (state.mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
      return
    }
    const send = () => {
      if (req.url?.startsWith('/api'))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', items: [1, 2] }))
      else res.writeHead(200, { 'content-type': 'text/html' }).end(state.body)
    }
    if (state.mode === 'slow') setTimeout(send, 300)
    else send()
  })
  let server = handler
  const port = await listen(server)
  return {
    state,
    port,
    url: `http://127.0.0.1:${port}/`,
    down: () => close(server),
    up: async () => {
      server = createHttpServer((req, res) => handler.emit('request', req, res))
      await listen(server, port)
    },
    close: () => close(server),
  }
}

/** A TCP port on loopback that accepts connections until `down()`. */
export const startTcpTarget = async () => {
  const make = () => createTcpServer((socket) => socket.end())
  let server = make()
  const port = await listen(server)
  return {
    port,
    down: () => close(server),
    up: async () => {
      server = make()
      await listen(server, port)
    },
    close: () => close(server),
  }
}
