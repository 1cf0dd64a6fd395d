import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCa, issue, type Pem } from '../../server/checks/certs.ts'

// The CA that the loopback Azure servers' certificates chain to. The global setup makes it before any test worker
// starts and names it in NODE_EXTRA_CA_CERTS, which Node reads when a process starts: the workers (forks, which
// vitest gives the parent's environment) then trust it as a machine whose operator added a private CA does, and
// the Azure libraries and fetch need no TLS option from our code.

const DIR_ENV = 'VIGIL_TEST_CA_DIR'

/** Makes the CA and points NODE_EXTRA_CA_CERTS at it (after any CA already named there); returns the clean-up. */
export const installTestCa = (): (() => void) => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-test-ca-'))
  const ca = createCa('Vigil loopback test CA')
  const already = process.env.NODE_EXTRA_CA_CERTS
  const kept = already && existsSync(already) ? `${readFileSync(already, 'utf8').trim()}\n` : ''
  writeFileSync(join(dir, 'ca.key'), ca.key, { mode: 0o600 })
  writeFileSync(join(dir, 'ca.pem'), ca.cert)
  writeFileSync(join(dir, 'trusted.pem'), kept + ca.cert)
  process.env[DIR_ENV] = dir
  process.env.NODE_EXTRA_CA_CERTS = join(dir, 'trusted.pem')
  return () => rmSync(dir, { recursive: true, force: true })
}

const testCa = (): Pem => {
  const dir = process.env[DIR_ENV]
  if (!dir || process.env.NODE_EXTRA_CA_CERTS !== join(dir, 'trusted.pem')) {
    throw new Error('The test CA is missing: run the tests through vitest, whose global setup makes it.')
  }
  return { key: readFileSync(join(dir, 'ca.key'), 'utf8'), cert: readFileSync(join(dir, 'ca.pem'), 'utf8') }
}

/** A server certificate for 127.0.0.1 and localhost, signed by the test CA. */
export const loopbackCertificate = (): Pem =>
  issue(testCa(), { commonName: 'localhost', names: ['localhost', '127.0.0.1'], notAfter: Date.now() + 86_400_000 })
