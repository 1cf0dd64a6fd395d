import { fromPromise } from 'xstate'
import type { SaveRequest } from '../machines/save-form.machine.ts'

/** What every save form flow takes from its adapter: the save, and where the stored record goes. */
interface SaveFormFlow<T> {
  provide(implementations: {
    actors: { save: ReturnType<typeof fromPromise<T, SaveRequest>> }
    actions: { saved: (args: unknown, params: { saved: T | null }) => void }
  }): unknown
}

/**
 * A save form with its calls: POST a new record (`create`), PATCH a change (`update`); `saved` hears of the stored
 * record (null: nothing changed).
 */
export const saveFormLogic = <F extends SaveFormFlow<T>, T>(
  flow: F,
  calls: {
    create: (body: Record<string, unknown>) => Promise<T>
    update: (id: string, body: Record<string, unknown>) => Promise<T>
  },
  saved: (record: T | null) => void,
) =>
  flow.provide({
    actors: {
      save: fromPromise<T, SaveRequest>(({ input }) =>
        input.id === null ? calls.create(input.body) : calls.update(input.id, input.body),
      ),
    },
    actions: { saved: (_, { saved: record }) => saved(record) },
  }) as F
