import * as v from 'valibot'
import { MAX_PAGE_LIMIT, NOTIFICATION_TYPES } from './notification.ts'
import { patchSchema } from './patch-schema.ts'

const positiveInt = (name: string, fallback: string, max?: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,9}$/, `${name} must be a positive whole number.`),
    v.transform(Number),
    v.minValue(1, `${name} must be at least 1.`),
    v.maxValue(max ?? 1_000_000, `${name} must be at most ${max ?? 1_000_000}.`),
  )

/** `?page&limit` as query strings; limit defaults to the bell's 50. */
export const PageQuery = v.object({
  page: positiveInt('page', '1'),
  limit: positiveInt('limit', '50', MAX_PAGE_LIMIT),
})
export type PageQuery = v.InferOutput<typeof PageQuery>

export const MarkReadInput = patchSchema(
  v.object({
    notification_id: v.pipe(
      v.string('Notification id is required.'),
      v.nonEmpty('Notification id is required.'),
      v.maxLength(64, 'Notification id is too long.'),
    ),
  }),
)
export type MarkReadInput = v.InferOutput<typeof MarkReadInput>

/** `/notifications`' filters: a type, and read or unread. */
export const NotificationListQuery = v.object({
  ...PageQuery.entries,
  type: v.optional(v.picklist(NOTIFICATION_TYPES, `Type must be one of ${NOTIFICATION_TYPES.join(', ')}.`)),
  read: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'Read must be true or false.'),
      v.transform((r) => r === 'true'),
    ),
  ),
})
export type NotificationListQuery = v.InferOutput<typeof NotificationListQuery>
