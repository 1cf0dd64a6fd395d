import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

// Secrets at rest (cloud credentials): AES-256-GCM with the server's key. Each value gets its own random 96-bit
// nonce; the tag makes any change to a stored value an error rather than garbage. Stored as `v1:<base64 of nonce,
// ciphertext and tag>`, so a later key or cipher can be told apart.

const NONCE = 12
const TAG = 16

export interface SecretBox {
  seal(plaintext: string): string
  /** The plaintext, or an error when the value was not sealed with this key or was changed. */
  open(sealed: string): string
  /** A stable value derived from the key and `text` (an external ID per user): nobody without the key can make it. */
  derive(text: string): string
}

export const createSecretBox = (key: Uint8Array): SecretBox => {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes (64 hexadecimal characters).')
  // A key of its own for derived values, so they reveal nothing about the sealing key.
  const deriveKey = createHmac('sha256', key).update('vigil derive v1').digest()
  return {
    derive: (text) => createHmac('sha256', deriveKey).update(text).digest('base64url'),
    seal(plaintext) {
      const nonce = randomBytes(NONCE)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return `v1:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('This secret was not sealed by this server.')
      const bytes = Buffer.from(sealed.slice(3), 'base64')
      if (bytes.length < NONCE + TAG) throw new Error('This secret is damaged.')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG))
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE, bytes.length - TAG)), decipher.final()]).toString(
          'utf8',
        )
      } catch {
        throw new Error('This secret cannot be opened with the server key: SECRET_KEY (or the key file) changed.')
      }
    },
  }
}

/**
 * The server key: SECRET_KEY (64 hexadecimal characters) when set, else a key file in DATA_DIR made on the first
 * start (readable by the server's user only). Several servers on one database must share SECRET_KEY.
 */
export const loadSecretKey = (opts: { secretKey?: string; keyFile: string }): Uint8Array => {
  if (opts.secretKey !== undefined) {
    if (!/^[0-9a-fA-F]{64}$/.test(opts.secretKey))
      throw new Error(
        'SECRET_KEY must be 64 hexadecimal characters (32 bytes), such as the output of `openssl rand -hex 32`.',
      )
    return Buffer.from(opts.secretKey, 'hex')
  }
  if (existsSync(opts.keyFile)) {
    const text = readFileSync(opts.keyFile, 'utf8').trim()
    if (!/^[0-9a-f]{64}$/i.test(text))
      throw new Error(`The key file ${opts.keyFile} does not hold a 64-character hex key.`)
    return Buffer.from(text, 'hex')
  }
  mkdirSync(dirname(opts.keyFile), { recursive: true })
  const key = randomBytes(32)
  writeFileSync(opts.keyFile, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(opts.keyFile, 0o600)
  return key
}
