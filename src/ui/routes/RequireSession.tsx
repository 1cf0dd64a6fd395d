import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Outlet } from 'react-router'
import { api } from '../../adapters/api.ts'
import { sessionLogic } from '../../adapters/flows.actors.ts'
import { useEffects } from '../app/effects.ts'
import { LoadingScreen } from '../pages/LoadingScreen.tsx'

/** Protected routes: 'Loading...' while GET /api/auth/verify runs, then the page or a redirect to /login. */
export function RequireSession() {
  const fx = useEffects()
  const logic = useMemo(() => sessionLogic(api, fx), [fx])
  const session = useActorRef(logic)
  const authenticated = useSelector(session, (s) => s.matches('authenticated'))
  return authenticated ? <Outlet /> : <LoadingScreen />
}
