import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { APP_KEY_MATERIAL, decodeUserData, encodeUserData, IV_LENGTH } from '@vigil/domain/storage-codec'

const iv = (fill: number) => new Uint8Array(IV_LENGTH).fill(fill)
const ivA = Uint8Array.from({ length: 16 }, (_, i) => i)
const ivB = iv(0xab)
const user = { user_id: 'u-1', name: 'Zoë Ångström ✓', email: 'zoe@example.com', roles: ['a'], nested: { n: 1 } }

// An independent implementation: Node's own AES-256-CBC (PKCS#7 padding), key = SHA-256 of the app string.
const nodeKey = createHash('sha256').update(APP_KEY_MATERIAL, 'utf8').digest()
const nodeEncode = (value: unknown, ivBytes: Uint8Array, key: Uint8Array = nodeKey) => {
  const cipher = createCipheriv('aes-256-cbc', key, ivBytes)
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return `${Buffer.from(ivBytes).toString('hex')}:${body.toString('hex')}`
}
const nodeDecode = (stored: string) => {
  const [ivHex = '', body = ''] = stored.split(':')
  const decipher = createDecipheriv('aes-256-cbc', nodeKey, Buffer.from(ivHex, 'hex'))
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'hex')), decipher.final()]).toString('utf8'))
}

/** The stored value with one hex digit of the cipher text changed, at `index` within the cipher text. */
const tamper = (stored: string, index: number) => {
  const [ivHex = '', body = ''] = stored.split(':')
  const digit = body[index] === '0' ? '1' : '0'
  return `${ivHex}:${body.slice(0, index)}${digit}${body.slice(index + 1)}`
}

describe('storage codec', () => {
  it('keeps its key material: changing it makes every stored userData unreadable', () =>
    expect(APP_KEY_MATERIAL).toBe('vigil-monitoring:user-data:v1'))

  it.each([
    ['a user', user],
    ['an empty object', {}],
    ['a long object', { text: 'x'.repeat(1000) }],
  ])('round trips %s', (_, value) => expect(decodeUserData(encodeUserData(value, ivA))).toEqual(value))

  it('stores 32 hex digits of IV, a colon, then hex cipher text in whole blocks', () => {
    const stored = encodeUserData(user, ivA)
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/)
    const [ivHex = '', body = ''] = stored.split(':')
    expect(ivHex).toBe('000102030405060708090a0b0c0d0e0f')
    expect(body.length % 32).toBe(0)
  })

  it('is deterministic for a fixed IV', () => expect(encodeUserData(user, ivA)).toBe(encodeUserData(user, ivA)))

  it('gives another cipher text for another IV', () => {
    const [ivHexA, bodyA] = encodeUserData(user, ivA).split(':')
    const [ivHexB, bodyB] = encodeUserData(user, ivB).split(':')
    expect(ivHexA).not.toBe(ivHexB)
    expect(bodyA).not.toBe(bodyB)
  })

  it.each([
    ['a user', user, ivA],
    ['another IV', user, ivB],
    ['an empty object', {}, iv(0)],
    ['JSON of exactly one block', { a: 'bcdefghi' }, ivA], // 16 bytes: a whole block of padding follows
  ])('matches Node crypto (AES-256-CBC, SHA-256 key) for %s', (_, value, ivBytes) => {
    const stored = encodeUserData(value, ivBytes)
    expect(stored).toBe(nodeEncode(value, ivBytes))
    expect(nodeDecode(stored)).toEqual(value)
    expect(decodeUserData(nodeEncode(value, ivBytes))).toEqual(value)
  })

  it.each([0, 15, 17])('refuses an IV of %i bytes', (length) =>
    expect(() => encodeUserData(user, new Uint8Array(length))).toThrow('IV must be 16 bytes'),
  )

  const valid = encodeUserData(user, ivA)
  const [validIv = '', validBody = ''] = valid.split(':')
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['garbage', 'garbage'],
    ['short hex parts', 'abc:def'],
    ['no cipher text', `${validIv}:`],
    ['no IV', `:${validBody}`],
    ['a third part', `${valid}:00`],
    ['an IV one byte short', `${validIv.slice(2)}:${validBody}`],
    ['an IV one byte long', `${validIv}00:${validBody}`],
    ['an IV that is not hex', `${'zz'.repeat(16)}:${validBody}`],
    ['cipher text that is not hex', `${validIv}:${'zz'.repeat(validBody.length / 2)}`],
    ['cipher text cut short of a block', `${validIv}:${validBody.slice(0, -2)}`],
    ['cipher text missing its last block', `${validIv}:${validBody.slice(0, -32)}`],
    ['tampered cipher text (first block)', tamper(valid, 0)],
    ['tampered cipher text (last block)', tamper(valid, validBody.length - 1)],
    ['the wrong key', nodeEncode(user, ivA, createHash('sha256').update('another-app-string').digest())],
    ['the number 5', encodeUserData(5, ivA)],
    ['an array', encodeUserData([1, 2], ivA)],
    ['null as JSON', encodeUserData(null, ivA)],
    ['a string', encodeUserData('user', ivA)],
    ['a boolean', encodeUserData(true, ivA)],
  ])('decodes %s to null', (_, stored) => expect(decodeUserData(stored)).toBeNull())
})
