import type { ApiFailure } from '@vigil/domain/api-failure'
import { Message } from '@vigil/domain/api-message'
import { AuthResult, Verified } from '@vigil/domain/auth.schema'
import { NotificationPage, NotificationsRead, OneNotification } from '@vigil/domain/notification'
import { PlanList } from '@vigil/domain/plan'
import { OneSubscription } from '@vigil/domain/subscription'
import { LoginOutcome } from '@vigil/domain/two-factor'
import { FetchError, ofetch } from 'ofetch'
import * as v from 'valibot'
import { readToken } from './storage.ts'

// One client for the whole app: base /api/, credentials on every call, the stored token as a Bearer
// header too, and every answer parsed by a domain schema before it reaches a flow.
const http = ofetch.create({
  baseURL: '/api/',
  credentials: 'include',
  retry: 0,
  onRequest({ options }) {
    const token = readToken()
    if (token) options.headers.set('authorization', `Bearer ${token}`)
  },
})

const data = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema })

/** Any failure becomes an ApiFailure: the HTTP status (0 when unreachable) and the server's message. */
const toFailure = (error: unknown): ApiFailure => {
  if (error instanceof FetchError) {
    const body = error.data as { message?: unknown; errors?: unknown } | undefined
    const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : undefined
    return {
      status: error.status ?? 0,
      message: typeof body?.message === 'string' ? body.message : undefined,
      errors,
    }
  }
  return { status: 0 }
}

/** One call: the answer's `data` parsed by `schema`; any failure thrown as an ApiFailure. */
export const call = async <S extends v.GenericSchema>(
  schema: S,
  path: string,
  options: Parameters<typeof http>[1] = {},
): Promise<v.InferOutput<S>> => {
  let body: unknown
  try {
    body = await http(path, options)
  } catch (error) {
    throw toFailure(error)
  }
  const parsed = v.safeParse(data(schema), body)
  if (!parsed.success) throw { status: 0, message: undefined } satisfies ApiFailure
  return parsed.output.data
}

/**
 * A file the server answers as an attachment: its bytes and the name it gives them (Content-Disposition). A failure
 * is thrown as an ApiFailure with the server's JSON message, as `call` does.
 */
export const callFile = async (
  path: string,
  options: Parameters<typeof http.raw>[1] = {},
): Promise<{ name: string; content: Blob }> => {
  let response: Awaited<ReturnType<typeof http.raw<Blob, 'blob'>>>
  try {
    response = await http.raw(path, { ...options, responseType: 'blob', ignoreResponseError: true })
  } catch (error) {
    throw toFailure(error)
  }
  const content = response._data ?? new Blob([])
  if (!response.ok) {
    const body = (await content
      .text()
      .then((text) => JSON.parse(text))
      .catch(() => undefined)) as { message?: unknown } | undefined
    throw {
      status: response.status,
      message: typeof body?.message === 'string' ? body.message : undefined,
    } satisfies ApiFailure
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download'
  return { name, content }
}

export const api = {
  verifySession: () => call(Verified, 'auth/verify').then((d) => d.user),

  /** Signed in, or (two-factor sign-in on) a challenge for the second step. */
  login: (body: { email: string; password: string }) => call(LoginOutcome, 'auth/login', { method: 'POST', body }),

  loginTwoFactor: (body: { challenge: string; method: 'code' | 'recovery'; code: string }) =>
    call(AuthResult, 'auth/login/two_factor', { method: 'POST', body }),

  register: (body: {
    name: string
    email: string
    password: string
    plan: 'Basic' | 'Pro'
    billing_frequency?: 'Monthly' | 'Yearly'
    is_free_trial?: boolean
  }) => call(AuthResult, 'auth/register', { method: 'POST', body }),

  logout: () => call(Message, 'auth/logout', { method: 'POST' }).then(() => undefined),

  forgotPassword: (email: string) =>
    call(Message, 'auth/forgot_password', { method: 'POST', body: { email } }).then((d) => d.message),

  resetPassword: (token: string, password: string) =>
    call(Message, 'auth/reset_password', { method: 'POST', body: { token, password } }).then((d) => d.message),

  /** A page of the user's notifications, newest first; optionally of one type, or only read or unread ones. */
  notifications: (page: number, limit: number, filter: { type?: string; read?: boolean } = {}) =>
    call(NotificationPage, 'user_notification', {
      query: {
        page,
        limit,
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.read === undefined ? {} : { read: String(filter.read) }),
      },
    }),
  /** Marks every unread notification of the user read. */
  markAllNotificationsRead: () => call(NotificationsRead, 'user_notification/read_all', { method: 'POST' }),

  markNotificationRead: (notificationId: string) =>
    call(OneNotification, 'user_notification', { method: 'PATCH', body: { notification_id: notificationId } }),

  changePassword: (userId: string, body: { current_password: string; new_password: string }) =>
    call(Message, `user/user_password_change/${encodeURIComponent(userId)}`, { method: 'PUT', body }),

  subscription: () => call(OneSubscription, 'user_subscription').then((d) => d.subscription),

  changePlan: (body: { plan: 'Basic' | 'Pro'; billing_frequency?: 'Monthly' | 'Yearly'; is_free_trial?: boolean }) =>
    call(OneSubscription, 'user_subscription', { method: 'PUT', body }).then((d) => d.subscription),

  plans: () => call(PlanList, 'plans').then((d) => d.plans),
  /** The plans with how they are paid and whom to write to, for the landing page. */
  planList: () => call(PlanList, 'plans'),
}
export type Api = typeof api
