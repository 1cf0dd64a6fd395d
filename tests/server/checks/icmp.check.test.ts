import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePingOutput } from '../../../src/server/checks/icmp.check.ts'
import { runCheck } from '../../../src/server/checks/index.ts'
import { context, monitor } from './servers.ts'

const ALLOW = context(true)
const DENY = context(false)

const IPUTILS_OK = `PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.
64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms
64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.061 ms
64 bytes from 127.0.0.1: icmp_seq=3 ttl=64 time=0.052 ms

--- 127.0.0.1 ping statistics ---
3 packets transmitted, 3 received, 0% packet loss, time 405ms
rtt min/avg/max/mdev = 0.045/0.052/0.061/0.006 ms
`
const IPUTILS_PARTIAL = `--- 192.0.2.1 ping statistics ---
3 packets transmitted, 2 received, 33.3333% packet loss, time 407ms
rtt min/avg/max/mdev = 0.041/0.050/0.059/0.009 ms
`
const IPUTILS_NONE = `PING 203.0.113.9 (203.0.113.9) 56(84) bytes of data.
From 198.51.100.1 icmp_seq=1 Destination Host Unreachable

--- 203.0.113.9 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2041ms
`
const BUSYBOX_OK = `PING 127.0.0.1 (127.0.0.1): 56 data bytes
64 bytes from 127.0.0.1: seq=0 ttl=64 time=0.060 ms
64 bytes from 127.0.0.1: seq=1 ttl=64 time=0.104 ms

--- 127.0.0.1 ping statistics ---
2 packets transmitted, 2 packets received, 0% packet loss
round-trip min/avg/max = 0.060/0.082/0.104 ms
`

describe('parsePingOutput', () => {
  it('reads the iputils summary', () => {
    expect(parsePingOutput(IPUTILS_OK)).toEqual({
      sent: 3,
      received: 3,
      loss: 0,
      rtt: { min: 0.045, avg: 0.052, max: 0.061 },
    })
    expect(parsePingOutput(IPUTILS_PARTIAL)).toMatchObject({ sent: 3, received: 2, loss: 33.3 })
    expect(parsePingOutput(IPUTILS_NONE)).toEqual({ sent: 3, received: 0, loss: 100, rtt: null })
  })

  it('reads the busybox summary', () => {
    expect(parsePingOutput(BUSYBOX_OK)).toEqual({
      sent: 2,
      received: 2,
      loss: 0,
      rtt: { min: 0.06, avg: 0.082, max: 0.104 },
    })
  })

  it('finds no summary in an error', () => {
    expect(parsePingOutput('ping: socket: Operation not permitted\n')).toBeNull()
  })
})

describe('ping monitors through fake ping commands', () => {
  let dir: string
  /** Writes an executable shell script that stands in for ping. */
  const script = (name: string, body: string) => {
    const path = join(dir, name)
    writeFileSync(path, `#!/bin/sh\n${body}\n`)
    chmodSync(path, 0o755)
    return path
  }
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-ping-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const ping = (host = '127.0.0.1', extra: Record<string, unknown> = {}) => monitor({ type: 'ping', host, ...extra })

  it('passes ping an argument list with the checked address, never through a shell', async () => {
    const args = join(dir, 'args.txt')
    const pingPath = script(
      'record',
      `for a in "$@"; do printf '%s\\n' "$a" >> '${args}'; done\ncat <<'EOF'\n${IPUTILS_OK}EOF`,
    )
    const outcome = await runCheck(ping('127.0.0.1', { count: 3, timeout_seconds: 2 }), { ...ALLOW, pingPath })
    expect(readFileSync(args, 'utf8').split('\n').filter(Boolean)).toEqual([
      '-n',
      '-c',
      '3',
      '-W',
      '2',
      '-i',
      '0.2',
      '-4',
      '127.0.0.1',
    ])
    expect(outcome).toEqual({
      ok: true,
      responseMs: 0,
      message: '3 of 3 replies, 0.05 ms average',
      detail: {
        address: '127.0.0.1',
        packet_loss: 0,
        sent: 3,
        received: 3,
        rtt_min: 0.045,
        rtt_avg: 0.052,
        rtt_max: 0.061,
      },
    })
    rmSync(args)
    await runCheck(ping('::1'), { ...ALLOW, pingPath })
    expect(readFileSync(args, 'utf8').split('\n').filter(Boolean).slice(-2)).toEqual(['-6', '::1'])
  })

  it('reports partial loss, and no reply as a failure with its reason', async () => {
    const partial = script('partial', `cat <<'EOF'\n${IPUTILS_PARTIAL}EOF`)
    expect(await runCheck(ping(), { ...ALLOW, pingPath: partial })).toMatchObject({
      ok: true,
      message: '2 of 3 replies, 33 % packet loss, 0.05 ms average',
      detail: { packet_loss: 33.3, sent: 3, received: 2 },
    })
    const none = script('none', `cat <<'EOF'\n${IPUTILS_NONE}EOF\nexit 1`)
    expect(await runCheck(ping(), { ...ALLOW, pingPath: none })).toMatchObject({
      ok: false,
      responseMs: null,
      message: 'No reply from 127.0.0.1 to 3 pings (100 % packet loss; Destination Host Unreachable).',
      detail: { packet_loss: 100, received: 0, rtt_avg: null },
    })
  })

  it('reads busybox output', async () => {
    const busybox = script('busybox', `cat <<'EOF'\n${BUSYBOX_OK}EOF`)
    expect(await runCheck(ping(), { ...ALLOW, pingPath: busybox })).toMatchObject({
      ok: true,
      message: '2 of 2 replies, 0.08 ms average',
    })
  })

  it('explains how to permit ping when the system refuses the socket', async () => {
    const hint = 'allow unprivileged ICMP (sysctl net.ipv4.ping_group_range) or give ping the cap_net_raw capability.'
    const iputils = script(
      'eperm',
      "echo 'ping: socktype: SOCK_RAW' >&2\necho 'ping: socket: Operation not permitted' >&2\necho 'ping: => missing cap_net_raw+p capability or setuid?' >&2\nexit 2",
    )
    expect(await runCheck(ping(), { ...ALLOW, pingPath: iputils })).toEqual({
      ok: false,
      responseMs: null,
      message: `Ping is not permitted on this server: socket: Operation not permitted; ${hint}`,
      detail: { address: '127.0.0.1' },
    })
    const denied = script('eacces', "echo 'ping: socket: Permission denied' >&2\nexit 2")
    expect((await runCheck(ping(), { ...ALLOW, pingPath: denied })).message).toBe(
      `Ping is not permitted on this server: socket: Permission denied; ${hint}`,
    )
    const inetutils = script('lacking', "echo 'ping: Lacking privilege for icmp socket.' >&2\nexit 1")
    expect((await runCheck(ping(), { ...ALLOW, pingPath: inetutils })).message).toBe(
      `Ping is not permitted on this server: Lacking privilege for icmp socket; ${hint}`,
    )
  })

  it('says when ping is not installed', async () => {
    const outcome = await runCheck(ping(), { ...ALLOW, pingPath: join(dir, 'no-such-ping') })
    expect(outcome).toMatchObject({
      ok: false,
      responseMs: null,
      message: 'The ping command is not installed on this server.',
    })
  })

  it('reports another ping error in its own words', async () => {
    const unreachable = script('netunreach', "echo 'ping: connect: Network is unreachable' >&2\nexit 2")
    expect((await runCheck(ping(), { ...ALLOW, pingPath: unreachable })).message).toBe(
      'Ping failed: connect: Network is unreachable.',
    )
  })

  it('kills a ping that runs past its time, and on abort', async () => {
    const pids = join(dir, 'pids.txt')
    const hang = script('hang', `echo $$ >> '${pids}'\nexec sleep 30`)
    const started = performance.now()
    const outcome = await runCheck(ping('127.0.0.1', { count: 1, timeout_seconds: 1 }), { ...ALLOW, pingPath: hang })
    expect(outcome).toEqual({ ok: false, responseMs: null, message: 'Ping did not finish within 2 s.' })
    expect(performance.now() - started).toBeLessThan(4500)
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 200)
    expect((await runCheck(ping(), { ...ALLOW, pingPath: hang, signal: abort.signal })).message).toBe(
      'The check was cancelled.',
    )
    for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number))
      await expect.poll(() => isRunning(pid)).toBe(false)
  })

  it('refuses a private or metadata host before running ping', async () => {
    const marker = join(dir, 'ran.txt')
    const pingPath = script('marker', `touch '${marker}'`)
    expect((await runCheck(ping('127.0.0.1'), { ...DENY, pingPath })).message).toBe(
      'Refused: 127.0.0.1 is a loopback address. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.',
    )
    expect((await runCheck(ping('localhost'), { ...DENY, pingPath })).message).toMatch(
      /^Refused: localhost resolves to/,
    )
    expect((await runCheck(ping('169.254.169.254'), { ...ALLOW, pingPath })).message).toBe(
      'Refused: 169.254.169.254 is a cloud metadata address, which is never monitored.',
    )
    expect(existsSync(marker)).toBe(false)
  })
})

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('ping monitors with the system ping', () => {
  it('pings 127.0.0.1', async () => {
    const outcome = await runCheck(monitor({ type: 'ping', host: '127.0.0.1', count: 2, timeout_seconds: 2 }), ALLOW)
    expect(outcome).toMatchObject({
      ok: true,
      detail: { address: '127.0.0.1', sent: 2, received: 2, packet_loss: 0 },
    })
    expect(outcome.message).toMatch(/^2 of 2 replies, [\d.]+ ms average$/)
    expect(outcome.detail?.rtt_avg).toBeGreaterThan(0)
  })

  it('pings localhost on the address it resolves to', async () => {
    const outcome = await runCheck(monitor({ type: 'ping', host: 'localhost', count: 1 }), ALLOW)
    expect(outcome.ok).toBe(true)
    expect(['127.0.0.1', '::1']).toContain(outcome.detail?.address)
  })
})
