import net from 'node:net'
import type { CheckOutcome } from '../../domain/check-result.ts'
import type { CheckContext, CheckTarget } from './index.ts'
import { addressProblem, policyLookup } from './target-policy.ts'

// Port monitors: a TCP connection is opened (through the target policy) and closed again.

type PortMonitor = Extract<CheckTarget, { type: 'port' }>

/** host:port, with IPv6 in brackets. */
export const hostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)

/** The sentence for a failed connection or resolution (net, dns and the target policy's errors). */
export const networkProblem = (err: unknown, host: string, port?: number): string => {
  const e = err as NodeJS.ErrnoException
  const where = port === undefined ? host : hostPort(host, port)
  switch (e?.code) {
    case 'ETARGETREFUSED':
      return e.message
    case 'ENOTFOUND':
    case 'ENODATA':
      return `The host name ${host} does not resolve.`
    case 'EAI_AGAIN':
      return `The host name ${host} could not be resolved: the DNS server did not answer.`
    case 'ECONNREFUSED':
      return `Connection refused by ${where}.`
    case 'ECONNRESET':
      return `The connection to ${where} was reset.`
    case 'EHOSTUNREACH':
      return `${host} is unreachable (no route to host).`
    case 'ENETUNREACH':
      return `The network of ${host} is unreachable.`
    case 'ETIMEDOUT':
      return `The connection to ${where} timed out.`
    default: {
      const detail = e?.message || e?.code || String(err)
      return `Could not connect to ${where}: ${detail.replace(/\.$/, '')}.`
    }
  }
}

export const CANCELLED: CheckOutcome = { ok: false, responseMs: null, message: 'The check was cancelled.' }

export const checkPort = (monitor: PortMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const { host, port } = monitor
  const literalProblem = net.isIP(host) ? addressProblem(host, ctx.policy) : null
  if (literalProblem) return Promise.resolve({ ok: false, responseMs: null, message: literalProblem })
  const seconds = monitor.timeout_seconds
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = net.connect({ host, port, lookup: policyLookup(ctx.policy) })
    let done = false
    const finish = (outcome: CheckOutcome) => {
      if (done) return
      done = true
      clearTimeout(timer)
      ctx.signal?.removeEventListener('abort', onAbort)
      socket.destroy()
      resolve(outcome)
    }
    const onAbort = () => finish(CANCELLED)
    let resolved = net.isIP(host) !== 0
    const timer = setTimeout(() => {
      const message = resolved
        ? `No connection to ${hostPort(host, port)} within ${seconds} s.`
        : `The host name ${host} did not resolve within ${seconds} s.`
      finish({ ok: false, responseMs: null, message })
    }, seconds * 1000)
    ctx.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (resolved = true))
    socket.once('connect', () => {
      const ms = Math.round(performance.now() - started)
      finish({
        ok: true,
        responseMs: ms,
        message: `Port ${port} is open (connected in ${ms} ms)`,
        detail: { address: socket.remoteAddress ?? null },
      })
    })
    // Kept for the socket's life: an 'error' without a listener would crash the process.
    socket.on('error', (err) => finish({ ok: false, responseMs: null, message: networkProblem(err, host, port) }))
  })
}
