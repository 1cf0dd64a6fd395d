import { randomBytes } from 'node:crypto'

let lastMs = 0
let counter = 0

/**
 * A UUIDv7 (RFC 9562): time-ordered, so rows created later sort later, with a 12-bit counter that keeps
 * ids created within one millisecond in creation order.
 */
export const newId = (): string => {
  let ms = Date.now()
  if (ms <= lastMs) {
    ms = lastMs
    counter += 1
    if (counter > 0xfff) {
      ms = lastMs + 1
      counter = 0
    }
  } else counter = 0
  lastMs = ms
  const bytes = randomBytes(16)
  bytes.writeUIntBE(ms, 0, 6)
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
