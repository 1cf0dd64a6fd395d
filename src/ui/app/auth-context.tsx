import { useActorRef, useSelector } from './actor-hooks.ts'
import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import { authLogic } from '../../adapters/flows.actors.ts'
import { storedAuthFlag } from '../../adapters/storage.ts'
import type { authMachine } from '../../machines/auth.machine.ts'

type AuthActor = ActorRefFrom<typeof authMachine>
const AuthContext = createContext<AuthActor | null>(null)

const logic = authLogic()

export function AuthProvider({ children }: { children: ReactNode }) {
  const auth = useActorRef(logic, { input: { storedFlag: storedAuthFlag() } })
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
}

/** The auth flow: `isAuthenticated`, `login(token)` and `logout()`. */
export function useAuth() {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth must be used within an AuthProvider')
  const isAuthenticated = useSelector(auth, (s) => s.context.isAuthenticated)
  return {
    isAuthenticated,
    login: (token: string) => auth.send({ type: 'auth.login', token }),
    logout: () => auth.send({ type: 'auth.logout' }),
  }
}
