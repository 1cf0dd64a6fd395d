import { fromPromise } from 'xstate'
import { SessionEnded, SessionList, SessionsEnded } from '@vigil/domain/sessions'
import { sessionsMachine } from '../machines/sessions.machine.ts'
import { call } from './api.ts'
import type { Effects } from './flows.actors.ts'

// Settings → Security's calls and its sessions flow.

export const sessionsApi = {
  list: () => call(SessionList, 'sessions').then((d) => d.sessions),
  end: (id: string) => call(SessionEnded, `sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  endOthers: () => call(SessionsEnded, 'sessions/others', { method: 'DELETE' }).then((d) => d.ended),
}
export type SessionsApi = typeof sessionsApi

export const sessionsLogic = (api: SessionsApi, fx: Pick<Effects, 'toast'>) =>
  sessionsMachine.provide({
    actors: {
      fetchSessions: fromPromise(() => api.list()),
      end: fromPromise(({ input }) => api.end(input.id)),
      endOthers: fromPromise(() => api.endOthers()),
    },
    actions: {
      ended: (_, { count }) =>
        fx.toast({
          title: count === 1 ? 'The session was signed out' : `${count} sessions were signed out`,
          type: 'success',
        }),
    },
  })
