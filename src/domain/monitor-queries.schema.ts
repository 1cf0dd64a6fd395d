import * as v from 'valibot'
import { StatsWindowSchema } from './check-result.ts'
import { PageQuery } from './pagination.schema.ts'

// The query strings of the monitor history routes.

/** An instant as ISO 8601 or epoch milliseconds, to epoch milliseconds. */
export const Instant = (name: string) =>
  v.pipe(
    v.string(),
    v.transform((s) => (/^\d{1,15}$/.test(s) ? Number(s) : Date.parse(s))),
    v.check(
      (n) => Number.isFinite(n),
      `${name} must be a date and time in ISO 8601 (2026-11-23T10:00:00Z) or epoch milliseconds.`,
    ),
  )

export const ResultsQuery = v.pipe(
  v.object({
    ...PageQuery.entries,
    from: v.optional(Instant('from')),
    to: v.optional(Instant('to')),
  }),
  v.forward(
    v.check((q) => q.from === undefined || q.to === undefined || q.from <= q.to, 'from must not be after to.'),
    ['from'],
  ),
)
export type ResultsQuery = v.InferOutput<typeof ResultsQuery>

export const StatsQuery = v.object({ window: v.optional(StatsWindowSchema, '24h') })

export const IncidentsQuery = v.object({
  ...PageQuery.entries,
  monitor_id: v.optional(v.pipe(v.string(), v.maxLength(64, 'monitor_id is too long.'))),
  open: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'open must be true or false.'),
      v.transform((s) => s === 'true'),
    ),
  ),
})
export type IncidentsQuery = v.InferOutput<typeof IncidentsQuery>
