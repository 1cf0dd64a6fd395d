import dgram from 'node:dgram'
import net from 'node:net'
import dnsPacket, { type Answer, type DecodedPacket, type Question } from 'dns-packet'

// A small authoritative DNS server on 127.0.0.1 (UDP, and TCP on the same port for answers too large for
// UDP) for the DNS and blacklist checks' tests and benchmark. Records are written as text, in the forms the
// checks report: MX "10 mail.example.test", SRV "priority weight port target", SOA "mname rname serial
// refresh retry expire minimum", CAA "flags tag value". A name with no record is NXDOMAIN; a name with
// records but none of the type asked is NODATA. `*.zone` answers for every name under zone.

export type TestRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'TXT' | 'SOA' | 'CAA' | 'SRV'
export type TestZone = Record<string, Partial<Record<TestRecordType, string[]>>>
/** REFUSED and SERVFAIL are answered as such; DROP never answers (a timeout). */
export type TestFailure = 'REFUSED' | 'SERVFAIL' | 'DROP'

/** A 600-character TXT value: three strings on the wire, more than a UDP answer without EDNS holds. */
export const LONG_TXT = `v=DKIM1; k=rsa; p=${'A'.repeat(582)}`

export const TEST_ZONE: TestZone = {
  'example.test': {
    A: ['192.0.2.1', '192.0.2.2'],
    AAAA: ['2001:db8::1'],
    MX: ['10 mail.example.test', '20 backup.example.test'],
    NS: ['ns1.example.test', 'ns2.example.test'],
    TXT: ['v=spf1 -all', LONG_TXT],
    SOA: ['ns1.example.test hostmaster.example.test 2026112301 7200 3600 1209600 300'],
    CAA: ['0 issue letsencrypt.org', '128 iodef mailto:security@example.test'],
  },
  'www.example.test': { CNAME: ['example.test'] },
  '_sip._tcp.example.test': { SRV: ['10 60 5060 sip.example.test', '20 0 5060 sip2.example.test'] },
  'mail.example.test': { A: ['127.0.0.2'] },
  'backup.example.test': { A: ['127.0.0.3'], AAAA: ['::1'] },
  // The test DNSBL: 127.0.0.2 is listed (as on every real DNSBL), with a reason.
  '2.0.0.127.bl.test': { A: ['127.0.0.2'], TXT: ['Listed for testing, see https://bl.test/lookup?ip=127.0.0.2'] },
  // A zone that answers every query with its "refused / rate limited" code, as Spamhaus does to public resolvers.
  '*.refusing.test': { A: ['127.255.255.254'] },
}

export interface TestDnsServer {
  port: number
  /** `127.0.0.1:port`, as a monitor's resolver or DNS_SERVERS entry. */
  address: string
  /** Replaces the records of one type at `name`; undefined removes them. */
  setRecords(name: string, type: TestRecordType, values: string[] | undefined): void
  /** Answers every query for `name` (or `*.zone`) with a failure; null ends it. */
  setFailure(name: string, failure: TestFailure | null): void
  /** Waits this long before every answer, or before the answers for `name` (or `*.zone`) when given. */
  setDelay(ms: number, name?: string): void
  /** Every query received, oldest first. */
  queries: { name: string; type: string; tcp: boolean }[]
  close(): Promise<void>
}

const key = (name: string) => name.toLowerCase().replace(/\.$/, '')

const chunks = (text: string) => {
  const out: string[] = []
  for (let i = 0; i < text.length; i += 255) out.push(text.slice(i, i + 255))
  return out.length > 0 ? out : ['']
}

/** The dns-packet answer for a record written as text. */
const answerOf = (name: string, type: TestRecordType, value: string): Answer => {
  const w = value.split(' ')
  const base = { name, ttl: 60 }
  switch (type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'NS':
      return { ...base, type, data: value }
    case 'TXT':
      return { ...base, type, data: chunks(value) }
    case 'MX':
      return { ...base, type, data: { preference: Number(w[0]), exchange: w[1] ?? '' } }
    case 'SRV':
      return {
        ...base,
        type,
        data: { priority: Number(w[0]), weight: Number(w[1]), port: Number(w[2]), target: w[3] ?? '' },
      }
    case 'SOA': {
      const [mname = '', rname = '', ...n] = w
      const [serial, refresh, retry, expire, minimum] = n.map(Number)
      return { ...base, type, data: { mname, rname, serial, refresh, retry, expire, minimum } }
    }
    case 'CAA':
      // @types/dns-packet describes CAA data wrongly; dns-packet encodes { flags, tag, value }.
      return { ...base, type, data: { flags: Number(w[0]), tag: w[1], value: w.slice(2).join(' ') } as never }
  }
}

/** A UDP socket on a free port and the TCP server on the same port; another port when that TCP port is taken. */
const bindBoth = async (makeUdp: () => dgram.Socket, tcp: net.Server) => {
  for (let attempt = 0; ; attempt++) {
    const udp = makeUdp()
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve))
    const port = udp.address().port
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false))
      tcp.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (listening) return { udp, port }
    await new Promise<void>((resolve) => udp.close(() => resolve()))
    if (attempt === 10) throw new Error('no port is free for both UDP and TCP')
  }
}

const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const

export const startDnsServer = async (zone: TestZone = TEST_ZONE): Promise<TestDnsServer> => {
  const records = new Map<string, Map<TestRecordType, string[]>>()
  const failures = new Map<string, TestFailure>()
  const queries: TestDnsServer['queries'] = []
  const timers = new Set<NodeJS.Timeout>()
  const delays = new Map<string, number>()
  let delay = 0

  const setRecords = (name: string, type: TestRecordType, values: string[] | undefined) => {
    const at = records.get(key(name)) ?? new Map<TestRecordType, string[]>()
    if (values === undefined) at.delete(type)
    else at.set(type, values)
    if (at.size === 0) records.delete(key(name))
    else records.set(key(name), at)
  }
  for (const [name, types] of Object.entries(zone))
    for (const [type, values] of Object.entries(types)) setRecords(name, type as TestRecordType, values)

  /** The entry for a name: its own, else the closest `*.` wildcard above it. */
  const find = <T>(map: Map<string, T>, name: string): T | undefined => {
    if (map.has(name)) return map.get(name)
    const labels = name.split('.')
    for (let i = 1; i < labels.length; i++) {
      const wildcard = map.get(`*.${labels.slice(i).join('.')}`)
      if (wildcard !== undefined) return wildcard
    }
    return undefined
  }

  /** The response to one question and how long to wait before sending it, or null to stay silent. */
  const respond = (query: DecodedPacket, tcp: boolean): { response: Buffer; delayMs: number } | null => {
    const question = query.questions?.[0] as Question | undefined
    const name = key(question?.name ?? '')
    queries.push({ name, type: question?.type ?? '', tcp })
    const failure = find(failures, name)
    if (failure === 'DROP') return null
    const answers: Answer[] = []
    let rcode: number = failure ? RCODES[failure] : RCODES.NOERROR
    if (!failure && question) {
      const at = find(records, name)
      if (at === undefined) rcode = RCODES.NXDOMAIN
      else {
        const type = question.type as TestRecordType
        // A name with a CNAME answers other types with the CNAME and the target's records, as resolvers do.
        const alias = type === 'CNAME' ? undefined : at.get('CNAME')?.[0]
        if (alias) {
          answers.push(answerOf(question.name, 'CNAME', alias))
          for (const value of records.get(key(alias))?.get(type) ?? []) answers.push(answerOf(alias, type, value))
        } else for (const value of at.get(type) ?? []) answers.push(answerOf(question.name, type, value))
      }
    }
    const flags = dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode
    const packet = { type: 'response' as const, id: query.id, flags, questions: query.questions, answers }
    const full = dnsPacket.encode(packet)
    const delayMs = find(delays, name) ?? delay
    // Over UDP: the client's EDNS size, else 512 bytes; larger answers are truncated so it asks over TCP.
    const opt = query.additionals?.find((a) => a.type === 'OPT') as { udpPayloadSize?: number } | undefined
    if (tcp || full.length <= Math.max(512, opt?.udpPayloadSize ?? 512)) return { response: full, delayMs }
    const truncated = dnsPacket.encode({ ...packet, flags: flags | dnsPacket.TRUNCATED_RESPONSE, answers: [] })
    return { response: truncated, delayMs }
  }

  const later = (ms: number, fn: () => void) => {
    if (ms === 0) return fn()
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timers.add(timer)
  }

  const decode = (message: Buffer): DecodedPacket | null => {
    try {
      return dnsPacket.decode(message)
    } catch {
      return null // not DNS: dropped, as a server would
    }
  }

  const makeUdp = () =>
    // A burst of hundreds of queries overflows the default receive buffer (about 200 KiB: a small datagram
    // takes over 2 KiB of it), and the kernel drops what does not fit; the kernel caps this at rmem_max.
    dgram
      .createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 })
      .on('message', function (this: dgram.Socket, message, peer) {
        const query = decode(message)
        const answer = query ? respond(query, false) : null
        if (answer) later(answer.delayMs, () => this.send(answer.response, peer.port, peer.address))
      })

  const sockets = new Set<net.Socket>()
  const tcp = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let buffered = Buffer.alloc(0)
    socket.on('data', (data: Buffer) => {
      buffered = Buffer.concat([buffered, data])
      // Each message is preceded by its length in two bytes.
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0)
        const query = decode(buffered.subarray(2, 2 + length))
        buffered = buffered.subarray(2 + length)
        const answer = query ? respond(query, true) : null
        if (!answer) continue
        const framed = Buffer.alloc(2 + answer.response.length)
        framed.writeUInt16BE(answer.response.length, 0)
        answer.response.copy(framed, 2)
        later(answer.delayMs, () => socket.writable && socket.write(framed))
      }
    })
  })
  const { udp, port } = await bindBoth(makeUdp, tcp)

  return {
    port,
    address: `127.0.0.1:${port}`,
    setRecords,
    setFailure: (name, failure) => (failure === null ? failures.delete(key(name)) : failures.set(key(name), failure)),
    setDelay: (ms, name) => {
      if (name === undefined) delay = ms
      else delays.set(key(name), ms)
    },
    queries,
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      for (const socket of sockets) socket.destroy()
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ])
    },
  }
}
