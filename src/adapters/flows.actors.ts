import { fromPromise } from 'xstate'
import { withoutSignupFlag } from '@vigil/domain/plan-dialog'
import { authMachine } from '../machines/auth.machine.ts'
import { changePasswordMachine } from '../machines/change-password.machine.ts'
import { formMachine } from '../machines/form.machine.ts'
import { logoutMachine } from '../machines/logout.machine.ts'
import { notificationsMachine } from '../machines/notifications.machine.ts'
import { planDialogMachine } from '../machines/plan-dialog.machine.ts'
import { sessionMachine } from '../machines/session.machine.ts'
import { sidebarMachine } from '../machines/sidebar.machine.ts'
import { subscriptionMachine } from '../machines/subscription.machine.ts'
import { noteAccountStatus } from './account-status.ts'
import type { Api } from './api.ts'
import {
  clearStoredItems,
  removeToken,
  storedSidebarCollapsed,
  storedUserId,
  storeSidebarCollapsed,
  storeToken,
} from './storage.ts'

/** What the flows do to the page; the views hand these in (router navigation, the toaster). */
export interface Effects {
  navigate(path: string, options?: { replace?: boolean }): void
  toast(toast: { title: string; type?: 'info' | 'success' | 'warning' | 'error'; duration?: number }): void
  /** The current query string, and a way to replace it without a new history entry. */
  search(): string
  replaceSearch(search: string): void
  log(message: string, error: unknown): void
}

export const BELL_PAGE = { page: 1, limit: 50 } as const

// The only place machines meet HTTP, storage and the router.
export const authLogic = () =>
  authMachine.provide({
    actions: {
      storeToken: (_, { token }) => storeToken(token),
      removeToken: () => removeToken(),
    },
  })

export const sessionLogic = (api: Api, fx: Effects) =>
  sessionMachine.provide({
    actors: {
      verify: fromPromise<void>(async () => {
        noteAccountStatus(await api.verifySession())
      }),
    },
    actions: { redirectToLogin: () => fx.navigate('/login', { replace: true }) },
  })

export const notificationsLogic = (
  api: Api,
  fx: Effects,
  page: { page: number; limit: number; type?: string; read?: boolean } = BELL_PAGE,
) =>
  notificationsMachine.provide({
    actors: {
      fetchNotifications: fromPromise(() =>
        api.notifications(page.page, page.limit, { type: page.type, read: page.read }),
      ),
      markRead: fromPromise(({ input }) => api.markNotificationRead(input.notificationId)),
      markAllRead: fromPromise<unknown>(() => api.markAllNotificationsRead()),
    },
    actions: {
      navigate: (_, { path }) => fx.navigate(path),
      logError: (_, { error }) => fx.log('notification update failed', error),
    },
  })

/** The sidebar, keeping in storage whether the user collapsed it; `sidebarInput` is how it starts. */
export const sidebarLogic = () =>
  sidebarMachine.provide({ actions: { remember: (_, { collapsed }) => storeSidebarCollapsed(collapsed) } })
export const sidebarInput = (width: number) => ({ width, collapsed: storedSidebarCollapsed() })

export const subscriptionLogic = (api: Api) =>
  subscriptionMachine.provide({ actors: { fetchSubscription: fromPromise(() => api.subscription()) } })

export const planDialogLogic = (fx: Effects) =>
  planDialogMachine.provide({
    actions: {
      removeSignupFlag: () => fx.replaceSearch(withoutSignupFlag(fx.search())),
      navigate: (_, { path }) => fx.navigate(path),
    },
  })

export const changePasswordLogic = (api: Api, fx: Effects) =>
  changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input }) => {
        const userId = storedUserId()
        if (!userId) throw { status: 401, message: 'Your session has ended. Please sign in again.' }
        return api.changePassword(userId, input)
      }),
    },
    actions: { notifySuccess: (_, { message }) => fx.toast({ title: message, type: 'success' }) },
  })

export const logoutLogic = (api: Api, fx: Effects) =>
  logoutMachine.provide({
    actors: { endSession: fromPromise<void>(() => api.logout()) },
    actions: {
      clearStoredItems: () => clearStoredItems(),
      toast: (_, { message, durationMs }) => fx.toast({ title: message, type: 'success', duration: durationMs }),
      navigate: (_, { path }) => fx.navigate(path, { replace: true }),
    },
  })

/** A form flow whose submit calls the API; `succeeded` runs with the answer. */
export const formLogic = <T>(submit: (values: any) => Promise<T>, succeeded: (output: T) => void = () => {}) =>
  formMachine.provide({
    actors: { submit: fromPromise(({ input }) => submit(input)) },
    actions: { succeeded: (_, { output }) => succeeded(output as T) },
  })
