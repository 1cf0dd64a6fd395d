import type { BulkInput } from '@vigil/domain/tags'
import { Failure } from '../errors.ts'
import { monitorsEvent } from '../live/events-of.ts'
import type { Deps } from './deps.ts'
import { monitorsService } from './monitors.service.ts'
import { tagsService } from './tags.service.ts'

// One action on many of the user's monitors, from the list. Every id must be the user's, or nothing is done (404).
// Each monitor is then changed on its own, as its own button would: a resume over the plan's limit fails for that
// monitor with the plan's message, and the others go on.

export interface BulkOutcome {
  done: number
  failed: { id: string; message: string }[]
}

export const bulkService = (deps: Deps) => {
  const monitors = monitorsService(deps)
  const tags = tagsService(deps)
  return async (userId: string, input: BulkInput): Promise<BulkOutcome> => {
    if (input.action === 'tag' || input.action === 'untag') {
      await tags.tagMany(userId, input.tag_id as string, input.monitor_ids, input.action === 'tag')
      deps.live.publishAll([monitorsEvent(userId, input.monitor_ids)])
      return { done: input.monitor_ids.length, failed: [] }
    }
    await tags.ownedMonitors(userId, input.monitor_ids)
    const outcome: BulkOutcome = { done: 0, failed: [] }
    for (const id of input.monitor_ids) {
      try {
        if (input.action === 'pause') await monitors.pause(userId, id)
        else if (input.action === 'resume') await monitors.resume(userId, id)
        else await monitors.remove(userId, id)
        outcome.done += 1
      } catch (err) {
        if (!(err instanceof Failure)) throw err
        outcome.failed.push({ id, message: err.message })
      }
    }
    return outcome
  }
}
