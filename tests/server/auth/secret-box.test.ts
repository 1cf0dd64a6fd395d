import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSecretBox, loadSecretKey } from '../../../src/server/auth/secret-box.ts'

// Cloud credentials at rest: AES-256-GCM under the server key, which is SECRET_KEY or a key file made on first start.

const dir = mkdtempSync(join(tmpdir(), 'vigil-key-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 7))

  it('seals a value so that only the key opens it, with a new nonce each time', () => {
    const sealed = box.seal('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('wJalrXUtnFEMI')
    expect(box.seal('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow(/SECRET_KEY \(or the key file\) changed/)
  })

  it('refuses a changed sealed value instead of opening it to garbage', () => {
    const sealed = box.seal('secret')
    const bytes = Buffer.from(sealed.slice(3), 'base64')
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow()
  })

  it('takes SECRET_KEY as 64 hexadecimal characters and refuses anything else with the fix', () => {
    const hex = 'ab'.repeat(32)
    expect(Buffer.from(loadSecretKey({ secretKey: hex, keyFile: join(dir, 'unused') })).toString('hex')).toBe(hex)
    for (const bad of ['abc', 'zz'.repeat(32), 'ab'.repeat(33)])
      expect(() => loadSecretKey({ secretKey: bad, keyFile: join(dir, 'unused') })).toThrow(
        'SECRET_KEY must be 64 hexadecimal characters (32 bytes), such as the output of `openssl rand -hex 32`.',
      )
  })

  it('makes a key file readable by the server only on first start, and reads the same key after', () => {
    const keyFile = join(dir, 'data', 'secret.key')
    const first = loadSecretKey({ keyFile })
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(Buffer.from(first).toString('hex'))
    expect(loadSecretKey({ keyFile })).toEqual(first)
    writeFileSync(keyFile, 'not a key\n')
    expect(() => loadSecretKey({ keyFile })).toThrow(/does not hold a 64-character hex key/)
  })
})
