import { fromPromise } from 'xstate'
import { Message } from '@vigil/domain/api-message'
import { OneUser } from '@vigil/domain/auth.schema'
import { AccountDeleted, EmailChangeRequested, ProfileView } from '@vigil/domain/profile'
import { loadMachine } from '../machines/load.machine.ts'
import { call } from './api.ts'

// The profile page's calls, apart from api.ts so that their schemas load with that page.

export const profileApi = {
  view: () => call(ProfileView, 'profile'),
  rename: (body: { name: string }) => call(OneUser, 'profile', { method: 'PATCH', body }).then((d) => d.user),
  /** The picture's bytes as the body; the server reads its kind from them. */
  setPicture: ({ file }: { file: File }) =>
    call(OneUser, 'profile/picture', {
      method: 'PUT',
      body: file,
      headers: { 'content-type': file.type || 'application/octet-stream' },
    }).then((d) => d.user),
  removePicture: () => call(OneUser, 'profile/picture', { method: 'DELETE' }).then((d) => d.user),
  requestEmailChange: (body: { email: string; password: string }) =>
    call(EmailChangeRequested, 'profile/email', { method: 'POST', body }),
  /** A link from a mail: the one sent at sign-up, or the one that changes the address. */
  confirmEmail: (token: string) =>
    call(OneUser, 'profile/email/confirm', { method: 'POST', body: { token } }).then((d) => d.user),
  /** "Send again" of the link that confirms the account's address. */
  resendConfirmation: () => call(Message, 'profile/email/confirmation', { method: 'POST' }).then((d) => d.message),
  deleteAccount: (body: { password: string; confirmation: string }) =>
    call(AccountDeleted, 'profile', { method: 'DELETE', body }).then((d) => d.removed),
}
export type ProfileApi = typeof profileApi

/** The profile page's first read. */
export const profileLoadLogic = loadMachine<Awaited<ReturnType<ProfileApi['view']>>>().provide({
  actors: { fetch: fromPromise(() => profileApi.view()) },
})
