import { type Deflatable, gzipOf } from './gzip-parts.ts'
import type { MonitorPage } from './monitor-list.ts'

// A page of the monitor list as the bytes of its JSON answer: the rows' bytes as the server keeps them (list-rows.ts),
// never parsed or written again, and gzipped from the rows deflated once (gzip-parts.ts).

/** `{ data: page }` as the parts of its JSON: each row's bytes as they are kept (deflated once too), then its tags. */
const pageParts = (page: MonitorPage): (Buffer | Deflatable)[] => {
  const { monitors, rowsKept, ...rest } = page
  const parts: (Buffer | Deflatable)[] = [Buffer.from('{"data":{"monitors":[')]
  monitors.forEach(({ row, tags }, k) => {
    // An unpaged list's rows are made for this answer alone: deflated with the rest, not one by one.
    parts.push(rowsKept ? row : row.bytes, Buffer.from(`${JSON.stringify(tags)}}${k < monitors.length - 1 ? ',' : ''}`))
  })
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}}`))
  return parts
}

/** `{ data: page }` as the bytes of its JSON, or (`gzip`) of that JSON gzipped from its rows deflated once. */
export const pageJson = (page: MonitorPage, gzip = false): Uint8Array<ArrayBuffer> => {
  const parts = pageParts(page)
  return (
    gzip ? gzipOf(parts) : Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : p.bytes)))
  ) as Uint8Array<ArrayBuffer>
}
