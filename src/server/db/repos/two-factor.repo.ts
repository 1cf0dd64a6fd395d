import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { countRows } from './count-rows.ts'

// Two-factor sign-in: the user's sealed TOTP secret, their recovery codes (hashes) and the sign-ins waiting for
// their second step. Each "use" is one conditional update, so two requests at once cannot both spend a code.
export const twoFactorRepo = (db: Kysely<DB>) => ({
  of: (userId: string) =>
    db
      .selectFrom('two_factor')
      .select(['secret', 'created_at', 'enabled_at', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  /** A new secret being set up; it replaces one not yet confirmed, never one in use. */
  putPending: (userId: string, secret: string, now: number) =>
    db
      .insertInto('two_factor')
      .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_step: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret, created_at: now, last_step: null })
          .where('two_factor.enabled_at', 'is', null),
      )
      .execute(),

  /** Takes the code of a 30-second step once: false when that step or a later one was used already. */
  acceptStep: async (userId: string, step: number) => {
    const result = await db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  },

  enable: (userId: string, now: number) =>
    db.updateTable('two_factor').set({ enabled_at: now }).where('user_id', '=', userId).execute(),

  remove: async (userId: string) => {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    await db.deleteFrom('two_factor').where('user_id', '=', userId).execute()
  },

  /** Replaces the user's recovery codes with these hashes. */
  putRecoveryCodes: async (userId: string, hashes: readonly string[]) => {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute()
  },

  /** Spends a recovery code: false when it is not one of the user's or was used. */
  spendRecoveryCode: async (userId: string, hash: string, now: number) => {
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  },

  recoveryCodesLeft: (userId: string) =>
    countRows(db.selectFrom('recovery_codes').where('user_id', '=', userId).where('used_at', 'is', null)),

  insertChallenge: (row: { token_hash: string; user_id: string; created_at: number; expires_at: number }) =>
    db
      .insertInto('sign_in_challenges')
      .values({ ...row, attempts: 0 })
      .execute(),

  /**
   * Counts one try of a challenge and answers its user; undefined when it is unknown, expired or out of tries.
   */
  tryChallenge: (tokenHash: string, now: number, maxAttempts: number) =>
    db
      .updateTable('sign_in_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .returning(['user_id'])
      .executeTakeFirst(),

  deleteChallenge: (tokenHash: string) =>
    db.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).execute(),

  deleteExpiredChallenges: (now: number) =>
    db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute(),
})
