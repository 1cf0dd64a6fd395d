import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A certificate for an app registration, as `openssl req -x509` makes one for Azure: self-signed, RSA (the key
// type Microsoft Entra ID takes for client assertions). `pem` is what the app signs in with (key and certificate);
// `certificate` is the public part uploaded to the app.

export const appCertificate = (): { pem: string; certificate: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-app-cert-'))
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '30'].concat(
        ['-subj', '/CN=vigil-monitoring'],
      ),
      { cwd: dir, stdio: 'pipe' },
    )
    const key = readFileSync(join(dir, 'key.pem'), 'utf8')
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8')
    return { pem: `${key}${certificate}`, certificate }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
