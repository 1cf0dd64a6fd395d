import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { networkProblem } from '../net/net-problems.ts'
import { resolveTarget } from '../net/target-policy.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'

// Ping monitors through the system's ping (raw ICMP needs privileges Node does not have). The host is
// resolved and checked by the target policy first, and ping is given that address, never the name, in an
// argument list, never through a shell.

type PingMonitor = Extract<CheckTarget, { type: 'ping' }>

export interface PingStats {
  sent: number
  received: number
  /** Percent, one decimal. */
  loss: number
  rtt: { min: number; avg: number; max: number } | null
}

// iputils: "3 packets transmitted, 3 received, 0% packet loss"; busybox and BSD: "3 packets received".
const COUNTS = /(\d+) packets transmitted, (\d+) (?:packets )?received/
// iputils "rtt min/avg/max/mdev = a/b/c/d ms"; busybox "round-trip min/avg/max = a/b/c ms".
const RTT = /(?:rtt|round-trip) min\/avg\/max(?:\/\w+)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/
const NOT_PERMITTED = /operation not permitted|permission denied|lacking privilege|are you root|must be root/i
const UNREACHABLE = /Destination (?:Host|Net|Port|Protocol) Unreachable|Time to live exceeded/i
const OUTPUT_CAP = 64 * 1024
const INTERVAL_SECONDS = 0.2 // the shortest interval every iputils version allows without root

/** The summary of ping's output (iputils or busybox), or null when it printed none. */
export const parsePingOutput = (output: string): PingStats | null => {
  const counts = COUNTS.exec(output)
  if (!counts) return null
  const sent = Number(counts[1])
  const received = Number(counts[2])
  const rtt = RTT.exec(output)
  return {
    sent,
    received,
    loss: sent === 0 ? 100 : Math.round((1 - received / sent) * 1000) / 10,
    rtt: rtt ? { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) } : null,
  }
}

let systemPing: string | undefined
const pingCommand = () => {
  systemPing ??= existsSync('/usr/bin/ping') ? '/usr/bin/ping' : 'ping'
  return systemPing
}

const NOT_INSTALLED = 'The ping command is not installed on this server.'

const notPermitted = (line: string) =>
  `Ping is not permitted on this server: ${line.replace(/\.$/, '')}; allow unprivileged ICMP (sysctl net.ipv4.ping_group_range) or give ping the cap_net_raw capability.`

/** The line of ping's error output that matters, without the "ping: " prefix. */
const errorLine = (stderr: string, pattern?: RegExp) => {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim().replace(/^[\w./-]*ping6?: /, ''))
    .filter(Boolean)
  return (pattern ? lines.find((l) => pattern.test(l)) : undefined) ?? lines[0] ?? ''
}

const ms = (value: number) => (value >= 10 ? String(Math.round(value)) : String(Number(value.toFixed(2))))

const outcomeOf = (address: string, stats: PingStats, stdout: string, stderr: string): CheckOutcome => {
  const detail = {
    address,
    packet_loss: stats.loss,
    sent: stats.sent,
    received: stats.received,
    rtt_min: stats.rtt?.min ?? null,
    rtt_avg: stats.rtt?.avg ?? null,
    rtt_max: stats.rtt?.max ?? null,
  }
  if (stats.received === 0) {
    const why = UNREACHABLE.exec(stdout)?.[0] ?? errorLine(stderr)
    return {
      ok: false,
      responseMs: null,
      message: `No reply from ${address} to ${stats.sent} pings (100 % packet loss${why ? `; ${why}` : ''}).`,
      detail,
    }
  }
  const avg = stats.rtt?.avg ?? null
  const time = avg === null ? '' : `, ${ms(avg)} ms average`
  const loss = stats.received < stats.sent ? `, ${Math.round(stats.loss)} % packet loss` : ''
  return {
    ok: true,
    // Whole milliseconds like the other checks; the exact times are in detail.
    responseMs: avg === null ? null : Math.round(avg),
    message: `${stats.received} of ${stats.sent} replies${loss}${time}`,
    detail,
  }
}

export const checkPing = (monitor: PingMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const { host, count } = monitor
  const seconds = monitor.timeout_seconds
  if (ctx.signal?.aborted) return Promise.resolve(CANCELLED)
  return new Promise((resolve) => {
    let done = false
    let child: ChildProcess | undefined
    let phase: 'resolve' | 'ping' = 'resolve'
    const finish = (outcome: CheckOutcome) => {
      if (done) return
      done = true
      clearTimeout(timer)
      ctx.signal?.removeEventListener('abort', onAbort)
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      resolve(outcome)
    }
    const onAbort = () => finish(CANCELLED)
    // ping waits -W seconds after its last packet; the kill comes after that, with a second to spare.
    const budget = (seconds + (count - 1) * INTERVAL_SECONDS + 1) * 1000
    const timer = setTimeout(() => {
      const message =
        phase === 'resolve'
          ? `The host name ${host} did not resolve within ${seconds} s.`
          : `Ping did not finish within ${Math.ceil(budget / 1000)} s.`
      finish({ ok: false, responseMs: null, message })
    }, budget)
    ctx.signal?.addEventListener('abort', onAbort, { once: true })

    resolveTarget(host, ctx.policy).then(
      ({ address, family }) => {
        if (done) return
        phase = 'ping'
        const args = ['-n', '-c', String(count), '-W', String(seconds), '-i', String(INTERVAL_SECONDS)]
        args.push(family === 6 ? '-6' : '-4', address)
        child = spawn(ctx.pingPath ?? pingCommand(), args, {
          stdio: ['ignore', 'pipe', 'pipe'],
          // The C locale keeps the summary in English with decimal points.
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
        })
        let stdout = ''
        let stderr = ''
        child.stdout?.setEncoding('utf8').on('data', (s: string) => {
          if (stdout.length < OUTPUT_CAP) stdout += s
        })
        child.stderr?.setEncoding('utf8').on('data', (s: string) => {
          if (stderr.length < OUTPUT_CAP) stderr += s
        })
        child.on('error', (err: NodeJS.ErrnoException) => {
          const message =
            err.code === 'ENOENT'
              ? NOT_INSTALLED
              : `The ping command could not be started: ${err.code === 'EACCES' ? 'permission denied' : err.message}.`
          finish({ ok: false, responseMs: null, message, detail: { address } })
        })
        child.on('close', (code) => {
          const stats = parsePingOutput(stdout)
          if (stats) return finish(outcomeOf(address, stats, stdout, stderr))
          const line = errorLine(stderr, NOT_PERMITTED)
          const message = NOT_PERMITTED.test(line)
            ? notPermitted(line)
            : `Ping failed: ${(line || `it exited with code ${code}`).replace(/\.$/, '')}.`
          finish({ ok: false, responseMs: null, message, detail: { address } })
        })
      },
      (err) => finish({ ok: false, responseMs: null, message: networkProblem(err, host) }),
    )
  })
}
