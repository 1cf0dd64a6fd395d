import {
  MAX_TAGS,
  TAG_NAME_TAKEN,
  type Tag,
  type TagColor,
  type TagInput,
  type TagRef,
  tagKey,
} from '@vigil/domain/tags'
import type { TagRow } from '../db/repos/tags.repo.ts'
import { conflict, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import type { Deps } from './deps.ts'

// A user's tags, and which of their monitors carry them. Another user's tag or monitor is not found.

const toTag = (row: TagRow & { monitor_count?: number | string | null }): Tag => ({
  id: row.tag_id,
  name: row.name,
  color: row.color as TagColor,
  monitor_count: Number(row.monitor_count ?? 0),
  created_at: new Date(row.created_at).toISOString(),
})

/** A monitor's tags as the API shows them; a colour was one of TAG_COLORS when it was stored. */
export const toTagRefs = (tags: readonly { id: string; name: string; color: string }[]): TagRef[] =>
  tags.map((t) => ({ id: t.id, name: t.name, color: t.color as TagColor }))

export const tagsService = ({ repos, clock }: Pick<Deps, 'repos' | 'clock'>) => {
  const owned = async (userId: string, tagId: string) => {
    const row = await repos.tags.findOwned(userId, tagId)
    if (!row) throw notFound('Tag')
    return row
  }
  const ownedMonitors = async (userId: string, monitorIds: readonly string[]) => {
    const mine = await repos.monitors.ownedIds(userId, monitorIds)
    if (monitorIds.some((id) => !mine.has(id))) throw notFound('Monitor')
  }
  const withCount = async (userId: string, tagId: string) =>
    toTag((await repos.tags.listOwned(userId)).find((t) => t.tag_id === tagId) as TagRow)

  return {
    list: async (userId: string) => ({ tags: (await repos.tags.listOwned(userId)).map(toTag) }),

    create: async (userId: string, input: TagInput) => {
      if ((await repos.tags.countOwned(userId)) >= MAX_TAGS)
        throw conflict(`You can have at most ${MAX_TAGS} tags: delete one to add another.`)
      const row: TagRow = {
        tag_id: newId(),
        user_id: userId,
        name: input.name,
        name_key: tagKey(input.name),
        color: input.color,
        created_at: clock.now(),
      }
      if (!(await repos.tags.insert(row))) throw conflict(TAG_NAME_TAKEN, { name: TAG_NAME_TAKEN })
      return toTag({ ...row, monitor_count: 0 })
    },

    update: async (userId: string, tagId: string, patch: Partial<TagInput>) => {
      await owned(userId, tagId)
      const change = {
        ...(patch.name === undefined ? {} : { name: patch.name, name_key: tagKey(patch.name) }),
        ...(patch.color === undefined ? {} : { color: patch.color }),
      }
      if (!(await repos.tags.update(tagId, change))) throw conflict(TAG_NAME_TAKEN, { name: TAG_NAME_TAKEN })
      return withCount(userId, tagId)
    },

    remove: async (userId: string, tagId: string) => {
      await owned(userId, tagId)
      await repos.tags.delete(tagId)
    },

    /** A monitor's tags become exactly these (all the user's). */
    setForMonitor: async (userId: string, monitorId: string, tagIds: readonly string[]) => {
      await ownedMonitors(userId, [monitorId])
      if ((await repos.tags.ownedOf(userId, tagIds)).length !== tagIds.length) throw notFound('Tag')
      await repos.tags.setOf(monitorId, tagIds)
      return toTagRefs((await repos.tags.ofMonitors([monitorId])).get(monitorId) ?? [])
    },

    /** Gives a tag to many monitors, or takes it from them. */
    tagMany: async (userId: string, tagId: string, monitorIds: readonly string[], on: boolean) => {
      await owned(userId, tagId)
      await ownedMonitors(userId, monitorIds)
      if (on) await repos.tags.addTo(tagId, monitorIds)
      else await repos.tags.removeFrom(tagId, monitorIds)
    },

    ownedMonitors,
  }
}
