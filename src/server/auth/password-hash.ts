import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt from node:crypto (no native add-on to build). The parameters are stored with each hash, so the
// cost can be raised later and old hashes still verify.
const KEY_LENGTH = 32
const R = 8
const P = 1

const derive = (password: string, salt: Buffer, logN: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** logN
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 256 * N * R }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })

/** `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`; logN 15 is 32 MiB and about 100 ms here. */
export const hashPassword = async (password: string, logN = 15): Promise<string> => {
  const salt = randomBytes(16)
  const key = await derive(password, salt, logN)
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, logN, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash || Number(r) !== R || Number(p) !== P) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
