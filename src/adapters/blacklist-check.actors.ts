import { fromPromise } from 'xstate'
import { blacklistCheckMachine } from '../machines/blacklist-check.machine.ts'
import type { BlacklistApi } from './blacklist-api.ts'

/** The Check Black List page's one-off check. */
export const blacklistCheckLogic = (api: BlacklistApi) =>
  blacklistCheckMachine.provide({
    actors: { checkBlacklist: fromPromise(({ input }) => api.check(input.target)) },
  })
