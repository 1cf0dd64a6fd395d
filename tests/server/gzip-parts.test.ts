import { randomBytes } from 'node:crypto'
import { createGunzip, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { accepts } from '../../src/server/http/accept-encoding.ts'
import { type Deflatable, gzipOf } from '../../src/server/read-model/gzip-parts.ts'

// A gzip answer put together from parts, some deflated once and kept (read-model/gzip-parts.ts): what any gunzip
// reads from it must be the parts' bytes one after the other, whatever their sizes and order.

const text = (n: number, seed = 0) =>
  Buffer.from(
    Array.from(
      { length: n },
      (_, i) => `{"checked_at":"2026-11-27T20:${i % 60}:00.000Z","ms":${(i * 37 + seed) % 400}}`,
    )
      .join(',')
      .slice(0, n),
  )
const kept = (bytes: Buffer): Deflatable => ({ bytes })
const plain = (parts: readonly (Buffer | Deflatable)[]) =>
  Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : p.bytes)))

/** What a streaming gunzip (as a browser's) reads from `gz`, fed a few bytes at a time. */
const streamed = (gz: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    const out: Buffer[] = []
    const gunzip = createGunzip()
    gunzip.on('data', (chunk: Buffer) => out.push(chunk))
    gunzip.on('end', () => resolve(Buffer.concat(out)))
    gunzip.on('error', reject)
    for (let at = 0; at < gz.length; at += 7) gunzip.write(gz.subarray(at, at + 7))
    gunzip.end()
  })

describe('a gzip answer made of parts deflated once', () => {
  it('holds the parts one after the other: kept ones, short and long runs of others, empty ones', async () => {
    const cases: (Buffer | Deflatable)[][] = [
      [],
      [Buffer.alloc(0)],
      [Buffer.from('{"data":[]}')],
      [kept(text(5000))],
      [Buffer.from('['), kept(text(4800, 1)), Buffer.from(','), kept(text(4800, 2)), Buffer.from(']')],
      // A run long enough to be deflated as it goes (an unpaged list), between kept parts.
      [kept(text(3000)), text(70_000, 3), Buffer.from('x'), kept(Buffer.alloc(0)), text(4095, 4), text(1, 5)],
      // Bytes deflate cannot shorten, kept and not.
      [kept(randomBytes(40_000)), randomBytes(3000), randomBytes(9000), kept(randomBytes(10))],
    ]
    for (const parts of cases) {
      const gz = gzipOf(parts)
      expect(gunzipSync(gz).equals(plain(parts))).toBe(true)
      expect((await streamed(gz)).equals(plain(parts))).toBe(true)
    }
  })

  it('deflates a kept part once, into bytes of its own, and sends those from then on', () => {
    const row = kept(text(4800))
    const first = gzipOf([Buffer.from('['), row, Buffer.from(']')])
    const deflated = row.deflated
    expect(deflated).toBeDefined()
    expect(deflated?.length).toBeLessThan(row.bytes.length / 3)
    // Its own buffer, not a slice of zlib's 16 KB output buffer, which a kept row would pin.
    expect(deflated?.buffer.byteLength).toBe(deflated?.length)
    const again = gzipOf([Buffer.from('['), row, Buffer.from(']')])
    expect(row.deflated).toBe(deflated)
    expect(again.equals(first)).toBe(true)
    // What is kept is what is sent: other bytes kept in its place are sent in its place.
    const other = kept(text(4800))
    other.deflated = deflated
    expect(gunzipSync(gzipOf([other])).equals(row.bytes)).toBe(true)
  })

  it('is much shorter than a page of list rows', () => {
    const rows = Array.from({ length: 50 }, (_, k) => kept(text(4800, k)))
    const parts = rows.flatMap((r) => [r, Buffer.from('[],')])
    expect(gzipOf(parts).length).toBeLessThan(plain(parts).length / 4)
  })
})

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true, true],
    ['GZIP', true, false],
    ['x-gzip', true, false],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true, true],
    ['gzip;q=0', false, false],
    ['*', true, true],
    ['*;q=0.5, gzip;q=0', false, true],
    ['identity', false, false],
    ['deflate', false, false],
    ['', false, false],
    [undefined, false, false],
    ['gzipped, brotli', false, false],
  ])('%s takes gzip: %s, br: %s', (header, gzip, br) => {
    expect(accepts(header, 'gzip')).toBe(gzip)
    expect(accepts(header, 'br')).toBe(br)
  })
})
