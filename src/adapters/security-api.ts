import { fromPromise } from 'xstate'
import { SecurityEventList, type SecurityEventView } from '@vigil/domain/security-events'
import { RecoveryCodesIssued, TwoFactorSetup, TwoFactorStatus } from '@vigil/domain/two-factor'
import { loadMachine } from '../machines/load.machine.ts'
import { twoFactorMachine } from '../machines/two-factor.machine.ts'
import { call } from './api.ts'

// Settings → Security's calls for two-factor sign-in and the log of security events.

export const securityApi = {
  twoFactor: () => call(TwoFactorStatus, 'security/two_factor'),
  setup: () => call(TwoFactorSetup, 'security/two_factor/setup', { method: 'POST' }),
  enable: (body: { code: string; password: string }) =>
    call(RecoveryCodesIssued, 'security/two_factor', { method: 'POST', body }),
  renewRecoveryCodes: (body: { code: string; password: string }) =>
    call(RecoveryCodesIssued, 'security/two_factor/recovery_codes', { method: 'POST', body }),
  disable: (body: { code: string; password: string }) =>
    call(TwoFactorStatus, 'security/two_factor', { method: 'DELETE', body }),
  events: () => call(SecurityEventList, 'security/events').then((d) => d.events),
}
export type SecurityApi = typeof securityApi

export const twoFactorLogic = (api: SecurityApi) =>
  twoFactorMachine.provide({
    actors: { fetchStatus: fromPromise(() => api.twoFactor()), startSetup: fromPromise(() => api.setup()) },
  })

/** The log, read when the page opens and again after a change on it. */
export const securityEventsLogic = (api: SecurityApi) =>
  loadMachine<SecurityEventView[]>().provide({ actors: { fetch: fromPromise(() => api.events()) } })
