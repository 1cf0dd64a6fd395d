import net from 'node:net'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { hostPort, networkProblem } from '../net/net-problems.ts'
import { addressProblem, policyLookup } from '../net/target-policy.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'

// Port monitors: a TCP connection is opened (through the target policy) and closed again.

type PortMonitor = Extract<CheckTarget, { type: 'port' }>

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
