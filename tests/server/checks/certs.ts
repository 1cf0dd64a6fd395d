import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tls from 'node:tls'

// Certificates for the SSL check's tests, made with the openssl command (as servers.ts does): a test CA and
// leaf certificates it signs with any validity window, past and future ones included. `openssl x509 -req`
// (OpenSSL 3.0) only counts days from now; `openssl ca` takes -startdate and -enddate, so leaves are signed
// with it and a minimal configuration. EC P-256 keys: made in milliseconds.

export interface Pem {
  key: string
  cert: string
}

const DAY = 86_400_000

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' })

const inTempDir = <T>(fn: (dir: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-certs-'))
  try {
    return fn(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']

/** `subjectAltName=DNS:localhost,IP:127.0.0.1` for the names and addresses given. */
const altNames = (names: readonly string[]) =>
  `subjectAltName=${names.map((n) => (isIP(n) ? `IP:${n}` : `DNS:${n}`)).join(',')}`

/** A self-signed certificate valid from now for `days` days (a CA certificate too: openssl req marks it CA:TRUE). */
export const selfSigned = (opts: { commonName: string; names?: string[]; days?: number }): Pem =>
  inTempDir((dir) => {
    const ext = opts.names ? ['-addext', altNames(opts.names)] : []
    openssl(
      ['req', '-x509', ...KEY, '-keyout', 'key.pem', '-out', 'cert.pem', '-days', String(opts.days ?? 30)].concat(
        ['-subj', `/CN=${opts.commonName}`],
        ext,
      ),
      dir,
    )
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') }
  })

/** A CA for the tests; trust it with `network.tlsCa = ca.cert`. */
export const createCa = (name = 'Test CA'): Pem => selfSigned({ commonName: name, days: 3650 })

const CA_CONFIG = `[ca]
default_ca = test
[test]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
unique_subject = no
copy_extensions = copy
[any]
commonName = supplied
`

/** `YYYYMMDDHHMMSSZ`, as openssl ca takes dates. */
const asn1Time = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`

/** A leaf signed by `ca`, valid from `notBefore` (default a day ago) to `notAfter` (epoch ms). */
export const issue = (
  ca: Pem,
  opts: { commonName: string; names: string[]; notAfter: number; notBefore?: number },
): Pem =>
  inTempDir((dir) => {
    writeFileSync(join(dir, 'ca.cnf'), CA_CONFIG)
    writeFileSync(join(dir, 'index.txt'), '')
    writeFileSync(join(dir, 'serial'), `${Date.now().toString(16).padStart(16, '0')}\n`)
    writeFileSync(join(dir, 'ca.key'), ca.key)
    writeFileSync(join(dir, 'ca.pem'), ca.cert)
    openssl(
      ['req', '-new', ...KEY, '-keyout', 'key.pem', '-out', 'leaf.csr', '-subj', `/CN=${opts.commonName}`].concat([
        '-addext',
        altNames(opts.names),
      ]),
      dir,
    )
    const start = asn1Time(opts.notBefore ?? Date.now() - DAY)
    openssl(
      [
        'ca',
        '-batch',
        '-notext',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-in',
        'leaf.csr',
      ].concat(['-out', 'cert.pem', '-startdate', start, '-enddate', asn1Time(opts.notAfter)]),
      dir,
    )
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') }
  })

/** A TLS server on 127.0.0.1 with this certificate; `names` are the SNI names clients sent, newest last. */
export const startTlsServer = async (pem: Pem) => {
  const names: (string | false)[] = []
  const server = tls.createServer({ key: pem.key, cert: pem.cert }, (socket) => {
    names.push(socket.servername ?? false)
    socket.on('error', () => {})
    socket.end()
  })
  server.on('tlsClientError', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { server, port, names, close }
}
