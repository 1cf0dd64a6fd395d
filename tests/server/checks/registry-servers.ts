import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { close } from './servers.ts'

// Registries for the domain check's tests, on 127.0.0.1: an RDAP server (with IANA's bootstrap file) and a
// WHOIS server. Answers are shaped like real ones: Verisign's RDAP JSON for .com, its WHOIS text, and the
// RIPE-style text of registries such as .ru.

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

/** A .com domain object as Verisign's RDAP server answers it, expiring at `expiresAt` (none when null). */
export const rdapDomain = (name: string, expiresAt: number | null, registeredAt = Date.now() - 3000 * DAY) => ({
  objectClassName: 'domain',
  handle: '2336799_DOMAIN_COM-VRSN',
  ldhName: name.toUpperCase(),
  links: [{ value: `https://rdap.verisign.com/com/v1/domain/${name}`, rel: 'self', type: 'application/rdap+json' }],
  status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
  entities: [
    {
      objectClassName: 'entity',
      handle: '376',
      roles: ['registrar'],
      publicIds: [{ type: 'IANA Registrar ID', identifier: '376' }],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'RESERVED-Internet Assigned Numbers Authority'],
        ],
      ],
      entities: [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: ['vcard', [['fn', {}, 'text', '']]] }],
    },
  ],
  events: [
    { eventAction: 'registration', eventDate: iso(registeredAt) },
    ...(expiresAt === null ? [] : [{ eventAction: 'expiration', eventDate: iso(expiresAt) }]),
    { eventAction: 'last changed', eventDate: iso(Date.now() - 30 * DAY) },
    { eventAction: 'last update of RDAP database', eventDate: iso(Date.now()) },
  ],
  secureDNS: { delegationSigned: true },
  nameservers: [
    { objectClassName: 'nameserver', ldhName: 'A.IANA-SERVERS.NET' },
    { objectClassName: 'nameserver', ldhName: 'B.IANA-SERVERS.NET' },
  ],
  rdapConformance: ['rdap_level_0', 'icann_rdap_technical_implementation_guide_1', 'icann_rdap_response_profile_1'],
  notices: [{ title: 'Terms of Use', description: ['Service subject to Terms of Use.'] }],
})

/** What the RDAP server answers for a path: JSON, or a status with a body, after an optional delay. */
export type RdapAnswer = { json: unknown } | { status: number; body?: string } | { delayMs: number; json: unknown }

export const startRdapServer = async () => {
  const answers = new Map<string, RdapAnswer>()
  const requests: { url: string; accept: string }[] = []
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    requests.push({ url, accept: String(req.headers.accept ?? '') })
    const answer = answers.get(url.split('?')[0] as string)
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/rdap+json' })
      return res.end(JSON.stringify({ errorCode: 404, title: 'Not Found' }))
    }
    const send = () => {
      if ('status' in answer) return res.writeHead(answer.status).end(answer.body ?? '')
      res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(answer.json))
    }
    if ('delayMs' in answer) {
      const timer = setTimeout(send, answer.delayMs)
      req.socket.once('close', () => clearTimeout(timer))
    } else send()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    requests,
    /** Sets what `path` answers (e.g. `/com/domain/example.com`). */
    answer: (path: string, answer: RdapAnswer) => answers.set(path, answer),
    close: () => close(server),
  }
}

/** IANA's bootstrap file (RFC 9224) pointing .com, .net, .co.uk and .uk at `base`, and without .org and .ru. */
export const bootstrapFile = (base: string) => ({
  version: '1.0',
  publication: '2026-11-20T18:00:02Z',
  description: 'RDAP bootstrap file for Domain Name System registrations',
  services: [
    [['com', 'net'], [`${base}/com/`]],
    [['uk'], [`${base}/uk/`]],
    [['co.uk'], [`${base}/couk`]], // no final slash: the check adds it
  ],
})

/** A .com answer as Verisign's WHOIS server gives it. */
export const verisignWhois = (name: string, expiresAt: number) => `   Domain Name: ${name.toUpperCase()}
   Registry Domain ID: 2336799_DOMAIN_COM-VRSN
   Registrar WHOIS Server: whois.iana.org
   Registrar URL: http://res-dom.iana.org
   Updated Date: 2026-08-14T07:01:44Z
   Creation Date: 1995-08-14T04:00:00Z
   Registry Expiry Date: ${iso(expiresAt)}
   Registrar: RESERVED-Internet Assigned Numbers Authority
   Registrar IANA ID: 376
   Registrar Abuse Contact Email:
   Registrar Abuse Contact Phone:
   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited
   Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
   Name Server: A.IANA-SERVERS.NET
   Name Server: B.IANA-SERVERS.NET
   DNSSEC: signedDelegation
   URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/
>>> Last update of whois database: 2026-11-23T06:00:00Z <<<

For more information on Whois status codes, please visit https://icann.org/epp

NOTICE: The expiration date displayed in this record is the date the
registrar's sponsorship of the domain name registration in the registry is
currently set to expire.
`

/** A RIPE-style answer, as the .ru registry gives it. */
export const ripeStyleWhois = (name: string, expiresAt: number) => `% TCI Whois Service. Terms of use:
% https://tcinet.ru/documents/whois_ru_rf.pdf (in Russian)

domain:        ${name.toUpperCase()}
nserver:       ns1.example.ru. 192.0.2.53
nserver:       ns2.example.ru.
state:         REGISTERED, DELEGATED, VERIFIED
org:           Example LLC
taxpayer-id:   7700000000
registrar:     RU-CENTER-RU
admin-contact: https://www.nic.ru/whois
created:       2004-06-15T20:00:00Z
paid-till:     ${iso(expiresAt)}
free-date:     ${iso(expiresAt + 30 * DAY).slice(0, 10)}
source:        TCI

Last updated on 2026-11-23T06:01:30Z
`

export const VERISIGN_NO_MATCH = (name: string) => `No match for "${name.toUpperCase()}".
>>> Last update of whois database: 2026-11-23T06:00:00Z <<<
`

/** A WHOIS server: answers the query line with `answers[query]` (else Verisign's "No match"), then closes. */
export const startWhoisServer = async (answers: Record<string, string | null>) => {
  const queries: string[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let line = ''
    socket.on('data', (data: Buffer) => {
      line += data.toString('latin1')
      if (!line.endsWith('\r\n')) return
      queries.push(line)
      const query = line.trim().toLowerCase()
      const answer = query in answers ? answers[query] : VERISIGN_NO_MATCH(query)
      // null: a server that never answers.
      if (answer !== null && answer !== undefined) socket.end(answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const stop = () => {
    for (const socket of sockets) socket.destroy()
    return close(server)
  }
  return { address, queries, close: stop }
}
