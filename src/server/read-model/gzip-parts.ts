import { constants, crc32, deflateRawSync } from 'node:zlib'

// An answer made of parts, some of them kept (the monitor list's rows), as gzip without compressing it all again for
// each request. A deflate stream may be cut into pieces that each end on a byte boundary (a sync flush ends a piece
// so, and a stored block starts on one), and a piece deflated on its own refers back only to its own bytes, so the
// pieces can be put one after the other: a kept part is deflated once, when it is first sent, and sent as it is from
// then on. A gzip member around them needs only the CRC-32 and the length of what they hold (RFC 1951 and 1952).

/** A part deflated once and kept beside its bytes. */
export interface Deflatable {
  readonly bytes: Buffer
  deflated?: Buffer
}

/**
 * Shorter runs of parts that are not kept are sent stored, as they are (a page's tags and counts); longer ones are
 * deflated as they go. A stored block holds at most 65,535 bytes.
 */
const DEFLATE_FROM = 4096

const deflatedPiece = (bytes: Buffer, level: number) =>
  deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH })

/**
 * `parts` in a buffer of their own, to be kept: a small Buffer is a slice of a shared pool, and zlib's answer a slice
 * of its 16 KB output buffer, which a kept one would pin.
 */
export const owned = (parts: readonly Buffer[]) => {
  const bytes = Buffer.allocUnsafeSlow(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) at += part.copy(bytes, at)
  return bytes
}

/** A stored block (not the last) of `bytes`, fewer than 65,536: a header byte, the length and its complement. */
const storedPiece = (bytes: Buffer): Buffer[] => {
  const head = Buffer.alloc(5)
  head.writeUInt16LE(bytes.length, 1)
  head.writeUInt16LE(~bytes.length & 0xffff, 3)
  return [head, bytes]
}

// ID1 ID2, CM deflate, no flags, no time, no extra flags, OS unknown.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
// An empty stored block marked last.
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

/**
 * `parts` as one gzip member: a kept part deflated once (at level 6, then kept on it), a run of other parts stored
 * when short, deflated at level 1 when long (an unpaged list: no part of it is kept).
 */
export const gzipOf = (parts: readonly (Buffer | Deflatable)[]): Buffer => {
  const pieces: Buffer[] = [HEADER]
  let crc = 0
  let length = 0
  let run: Buffer[] = []
  const endRun = () => {
    if (run.length === 0) return
    const bytes = run.length === 1 ? (run[0] as Buffer) : Buffer.concat(run)
    run = []
    if (bytes.length >= DEFLATE_FROM) pieces.push(deflatedPiece(bytes, 1))
    else pieces.push(...storedPiece(bytes))
  }
  for (const part of parts) {
    const bytes = Buffer.isBuffer(part) ? part : part.bytes
    crc = crc32(bytes, crc)
    length += bytes.length
    if (Buffer.isBuffer(part)) run.push(part)
    else {
      endRun()
      part.deflated ??= owned([deflatedPiece(part.bytes, 6)])
      pieces.push(part.deflated)
    }
  }
  endRun()
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(LAST_BLOCK, trailer)
  return Buffer.concat(pieces)
}
