import { inflateSync } from 'node:zlib'

// A WOFF 1.0 font (https://www.w3.org/TR/WOFF/) as the plain TrueType/OpenType file it wraps. Fontsource ships its
// fonts as WOFF, whose tables fontkit inflates in JavaScript each time pdfkit opens a font, once per document and
// most of a small report's render time; inflated once here by zlib, each report reads the plain tables.

const WOFF = 0x774f4646 // "wOFF"
const HEADER = 44
const ENTRY = 20

/** The sfnt bytes of a WOFF file; throws on any other file. */
export const sfntOf = (woff: Buffer): Buffer => {
  if (woff.length < HEADER || woff.readUInt32BE(0) !== WOFF) throw new Error('Not a WOFF 1.0 font.')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = HEADER + i * ENTRY
    const field = (k: number) => woff.readUInt32BE(at + k)
    const [tag, offset, compLength, origLength, checksum] = [field(0), field(4), field(8), field(12), field(16)]
    const stored = woff.subarray(offset, offset + compLength)
    // A table is stored compressed only where that made it smaller.
    const data = compLength < origLength ? inflateSync(stored) : stored
    if (data.length !== origLength) throw new Error('A WOFF table does not inflate to its length.')
    return { tag, checksum, data }
  })
  // The offset table's binary-search fields, as the OpenType spec defines them.
  const power = 2 ** Math.floor(Math.log2(count))
  const directory = 12 + 16 * count
  const padded = (n: number) => (n + 3) & ~3
  const out = Buffer.alloc(directory + tables.reduce((sum, t) => sum + padded(t.data.length), 0))
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(count, 4)
  out.writeUInt16BE(power * 16, 6)
  out.writeUInt16BE(Math.log2(power), 8)
  out.writeUInt16BE(count * 16 - power * 16, 10)
  let offset = directory
  tables.forEach((t, i) => {
    const at = 12 + 16 * i
    out.writeUInt32BE(t.tag, at)
    out.writeUInt32BE(t.checksum, at + 4)
    out.writeUInt32BE(offset, at + 8)
    out.writeUInt32BE(t.data.length, at + 12)
    t.data.copy(out, offset)
    offset += padded(t.data.length)
  })
  return out
}
