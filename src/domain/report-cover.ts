import { PERIOD_MS, type Period } from './uptime.ts'

// Which rollups add up to a report's period. Rollups are kept per minute (2 days), per hour (35 days) and per UTC day
// (400 days), and a result's time is counted whole in the bucket of each size it falls in, so the buckets of any size
// over the same span add up to the same numbers. A period is covered by the largest buckets that fit inside it and
// finer ones at its edges. Where the finer buckets of an edge are no longer kept, the edge moves to the nearest
// boundary of the bucket that is (so the period read may differ from the period asked by less than half a bucket),
// and the report says which period it covers.

export interface CoverPiece {
  period: Period
  /** Buckets of this period with from <= bucket_start < to (to null: every later bucket, the period runs to now). */
  from: number
  to: number | null
}

export interface Cover {
  pieces: CoverPiece[]
  /** The period the pieces cover, which the report states. */
  from: number
  to: number
}

export interface CoverInput {
  from: number
  to: number
  now: number
  /** The oldest bucket start still kept, per period. */
  keptFrom: Record<Period, number>
  /** The largest buckets to use (hours, for a period charted by the hour); days unless said. */
  largest?: Period
}

const FINER: Record<Period, Period | null> = { day: 'hour', hour: 'minute', minute: null }
const down = (at: number, period: Period) => at - (at % PERIOD_MS[period])
const up = (at: number, period: Period) => (at % PERIOD_MS[period] === 0 ? at : down(at, period) + PERIOD_MS[period])

/**
 * The rollup pieces over [from, to). A period that runs to now (or past it) takes the current buckets whole, as they
 * hold nothing after now, and covers up to now.
 */
export const coverRange = ({ from, to, now, keptFrom, largest = 'day' }: CoverInput): Cover => {
  const pieces: CoverPiece[] = []
  let coveredFrom = from
  let coveredTo = Math.min(to, now)
  const piece = (period: Period, a: number, b: number | null) => pieces.push({ period, from: a, to: b })

  // [a, b) with the largest buckets of `period` or finer that fit; b null runs to now.
  const cover = (a: number, b: number | null, period: Period) => {
    const start = up(a, period)
    const end = b === null ? null : down(b, period)
    if (end === null || start < end) {
      piece(period, start, end)
      if (start > a) head(a, start, period)
      if (end !== null && b !== null && b > end) tail(end, b, period)
      return
    }
    const finer = FINER[period]
    if (finer) cover(a, b, finer)
  }

  // The part [a, start) of the bucket of `period` that ends at start.
  const head = (a: number, start: number, period: Period) => {
    const finer = FINER[period]
    if (finer === null) coveredFrom = start
    else if (a >= keptFrom[finer]) cover(a, start, finer)
    else if (start - a >= PERIOD_MS[period] / 2) {
      // The finer buckets here are gone: the whole bucket when the part is at least half of it, else none.
      piece(period, start - PERIOD_MS[period], start)
      coveredFrom = start - PERIOD_MS[period]
    } else coveredFrom = start
  }

  // The part [end, b) of the bucket of `period` that starts at end.
  const tail = (end: number, b: number, period: Period) => {
    const finer = FINER[period]
    if (finer === null) coveredTo = end
    else if (end >= keptFrom[finer]) cover(end, b, finer)
    else if (b - end >= PERIOD_MS[period] / 2) {
      piece(period, end, end + PERIOD_MS[period])
      coveredTo = end + PERIOD_MS[period]
    } else coveredTo = end
  }

  cover(from, to >= now ? null : to, largest)
  pieces.sort((x, y) => x.from - y.from)
  return { pieces, from: coveredFrom, to: coveredTo }
}
