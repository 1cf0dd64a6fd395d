import { cbc } from '@noble/ciphers/aes.js'
import { bytesToHex, bytesToUtf8, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils.js'
import { sha256 } from '@noble/hashes/sha2.js'

// User data is encrypted before it goes to local storage. AES-256-CBC, a random 16-byte IV,
// the key is the SHA-256 of a fixed application string, stored as `ivhex:cipherhex`. The key ships with the
// app, so this keeps casual eyes off the stored data; it is not a secret from the user's own browser.
export const APP_KEY_MATERIAL = 'vigil-monitoring:user-data:v1'
const KEY = sha256(utf8ToBytes(APP_KEY_MATERIAL))
export const IV_LENGTH = 16

/** Encrypts a JSON value with the IV given (16 random bytes: randomness comes in from the caller). */
export const encodeUserData = (value: unknown, iv: Uint8Array): string => {
  if (iv.length !== IV_LENGTH) throw new Error(`IV must be ${IV_LENGTH} bytes`)
  const cipher = cbc(KEY, iv).encrypt(utf8ToBytes(JSON.stringify(value)))
  return `${bytesToHex(iv)}:${bytesToHex(cipher)}`
}

/** The stored object, or null when the data is empty, malformed, cannot be decrypted, or is not an object. */
export const decodeUserData = <T extends object = Record<string, unknown>>(
  stored: string | null | undefined,
): T | null => {
  if (!stored) return null
  const [ivHex, cipherHex, extra] = stored.split(':')
  if (!ivHex || !cipherHex || extra !== undefined || ivHex.length !== IV_LENGTH * 2) return null
  try {
    const plain = cbc(KEY, hexToBytes(ivHex)).decrypt(hexToBytes(cipherHex))
    const value: unknown = JSON.parse(bytesToUtf8(plain))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null
  } catch {
    return null
  }
}
