import { useActorRef } from '../app/actor-hooks.ts'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { api } from '../../adapters/api.ts'
import {
  changePasswordLogic,
  logoutLogic,
  notificationsLogic,
  sidebarInput,
  sidebarLogic,
  subscriptionLogic,
} from '../../adapters/flows.actors.ts'
import type { changePasswordMachine } from '../../machines/change-password.machine.ts'
import type { logoutMachine } from '../../machines/logout.machine.ts'
import type { notificationsMachine } from '../../machines/notifications.machine.ts'
import type { sidebarMachine } from '../../machines/sidebar.machine.ts'
import type { subscriptionMachine } from '../../machines/subscription.machine.ts'
import { useEffects } from '../app/effects.ts'
import { useLiveBell } from './use-live-bell.ts'

export interface Shell {
  subscription: ActorRefFrom<typeof subscriptionMachine>
  notifications: ActorRefFrom<typeof notificationsMachine>
  changePassword: ActorRefFrom<typeof changePasswordMachine>
  logout: ActorRefFrom<typeof logoutMachine>
  sidebar: ActorRefFrom<typeof sidebarMachine>
}

const ShellContext = createContext<Shell | null>(null)

/** The flows of the signed-in shell, started once per layout and shared by its parts. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const fx = useEffects()
  const logic = useMemo(
    () => ({
      subscription: subscriptionLogic(api),
      notifications: notificationsLogic(api, fx),
      changePassword: changePasswordLogic(api, fx),
      logout: logoutLogic(api, fx),
      sidebar: sidebarLogic(),
    }),
    [fx],
  )
  const shell: Shell = {
    subscription: useActorRef(logic.subscription),
    notifications: useActorRef(logic.notifications),
    changePassword: useActorRef(logic.changePassword),
    logout: useActorRef(logic.logout),
    sidebar: useActorRef(logic.sidebar, {
      input: sidebarInput(typeof window === 'undefined' ? 1024 : window.innerWidth),
    }),
  }
  useLiveBell(shell.notifications)
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>
}

export function useShell(): Shell {
  const shell = useContext(ShellContext)
  if (!shell) throw new Error('useShell must be used within a ShellProvider')
  return shell
}
