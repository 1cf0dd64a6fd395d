import * as v from 'valibot'
import { patchSchema } from './patch-schema.ts'
import { plainLine } from './plain-text.ts'

// Tags group monitors across types ("production", "customer A"): named and coloured by their user, given to monitors
// one by one or many at once, and a filter of the monitor list.

export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
] as const
export type TagColor = (typeof TAG_COLORS)[number]

/** Most tags one user has, and most tags on one monitor. */
export const MAX_TAGS = 100
export const MAX_TAGS_PER_MONITOR = 20

export const TAG_NAME_TAKEN = 'You already have a tag with this name.'

const Name = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.minLength(1, 'Name is required.'),
  v.maxLength(30, 'A tag name has at most 30 characters.'),
  v.check((name) => !/[\r\n,]/.test(name), 'A tag name is one line, without commas.'),
  plainLine('A tag name'),
)
const Color = v.picklist(TAG_COLORS, `Colour must be one of ${TAG_COLORS.join(', ')}.`)

export const TagInput = v.object({ name: Name, color: v.optional(Color, 'gray') })
export type TagInput = v.InferOutput<typeof TagInput>
export const TagPatch = patchSchema(v.partial(v.object({ name: Name, color: Color })))

/** A tag as a monitor carries it. */
export const TagRef = v.object({ id: v.string(), name: v.string(), color: v.picklist(TAG_COLORS) })
export type TagRef = v.InferOutput<typeof TagRef>

/** A tag as the tags list answers it, with how many of the user's monitors carry it. */
export const Tag = v.object({ ...TagRef.entries, monitor_count: v.number(), created_at: v.string() })
export type Tag = v.InferOutput<typeof Tag>

/** `GET /api/tags`: the user's tags, by name. */
export const TagList = v.object({ tags: v.array(Tag) })
export type TagList = v.InferOutput<typeof TagList>

export const OneTag = v.object({ tag: Tag })
export type OneTag = v.InferOutput<typeof OneTag>

/** `PUT /api/monitors/{id}/tags`: the monitor's tags now. */
export const MonitorTagList = v.object({ tags: v.array(TagRef) })
export type MonitorTagList = v.InferOutput<typeof MonitorTagList>

/** The key two names clash on: case and surrounding spaces aside. */
export const tagKey = (name: string) => name.trim().toLowerCase()

const Ids = (what: string, max: number) =>
  v.pipe(
    v.array(
      v.pipe(v.string(`${what} ids are text.`), v.maxLength(64, `Unknown ${what}.`)),
      `Give the ${what} ids as a list.`,
    ),
    v.maxLength(max, `At most ${max} ${what}s at once.`),
    v.transform((ids) => [...new Set(ids)]),
  )

/** `PUT /api/monitors/{id}/tags`: the monitor's tags, all of them. */
export const MonitorTagsInput = v.object({ tag_ids: Ids('tag', MAX_TAGS_PER_MONITOR) })

export const BULK_ACTIONS = ['pause', 'resume', 'delete', 'tag', 'untag'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** `POST /api/monitors/bulk`: one action on many of the user's monitors. */
export const BulkInput = v.pipe(
  v.object({
    action: v.picklist(BULK_ACTIONS, `Action must be one of ${BULK_ACTIONS.join(', ')}.`),
    monitor_ids: v.pipe(Ids('monitor', 500), v.minLength(1, 'Choose at least one monitor.')),
    tag_id: v.optional(v.pipe(v.string('The tag id is text.'), v.maxLength(64, 'Tag not found.'))),
  }),
  v.forward(
    v.check(
      (b) => (b.action === 'tag' || b.action === 'untag') === (b.tag_id !== undefined),
      'Tagging needs a tag_id; other actions take none.',
    ),
    ['tag_id'],
  ),
)
export type BulkInput = v.InferOutput<typeof BulkInput>
