import { BlacklistCheck } from '@vigil/domain/check-details'
import { call } from './api.ts'

// The one-off blacklist check of the Check Black List page; its answer parsed by the domain's schema.

export const blacklistApi = {
  /**
   * Checks an address or domain now (it may take seconds); nothing is stored. 400 with errors.target for a
   * target the server will not check, 403 when the plan is locked, 429 when asked too often.
   */
  check: (target: string) =>
    call(BlacklistCheck, 'blacklist/check', { method: 'POST', body: { target } }).then((d) => d.result),
}
export type BlacklistApi = typeof blacklistApi
