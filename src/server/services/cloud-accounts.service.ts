import * as v from 'valibot'
import { CLOUD_PROVIDER_WORDS, type CloudPart, type CloudProvider } from '@vigil/domain/cloud-account'
import { fieldErrors } from '@vigil/domain/form-validation'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import type { CloudPartRecord } from '../db/repos/cloud-data.repo.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import { Failure, invalid, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import type { Deps } from './deps.ts'
import { assertFeature } from './subscriptions.service.ts'

// What every provider's connected accounts share (AWS accounts, Azure app registrations, Microsoft 365 tenants): the
// plan feature that opens them, ownership, sealed credentials, the record a connection stores, removal with the
// account's monitors, a read on demand, and how a sync's parts are answered. Each provider's service adds its own
// checks and pages.

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A body the provider's schema refused: the first message, and each field's. */
export const rejected = (issues: v.BaseIssue<unknown>[]) => {
  const errors = fieldErrors(issues)
  return invalid(Object.values(errors)[0] ?? 'Check the highlighted fields.', errors)
}

/** A body checked with the provider's schema: 400 with each field's message when it does not fit. */
export const checked = <S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> => {
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw rejected(parsed.issues)
  return parsed.output
}

export const partView = (p: CloudPartRecord): CloudPart => ({
  area: p.area,
  scope: p.scope,
  ok: p.ok,
  kind: p.kind,
  message: p.message,
  action: p.action,
  checked_at: new Date(p.checked_at).toISOString(),
  read_at: iso(p.read_at),
})

type AccountChange = Parameters<ReturnType<typeof reposOf>['cloudAccounts']['update']>[1]

/** The fields every provider's account view starts with. */
export const commonView = (account: CloudAccountRecord) => ({
  id: account.account_id,
  name: account.name,
  status: account.status,
  last_error: account.last_error,
  synced_at: iso(account.synced_at),
  next_sync_at: iso(account.next_sync_at),
  created_at: new Date(account.created_at).toISOString(),
  costs_read_at: iso(account.costs_read_at),
})

export const cloudAccounts = (deps: Deps, provider: CloudProvider) => {
  const { repos, clock } = deps
  // The plan feature that opens it, and what messages call it (AWS account, Microsoft 365 tenant).
  const kind = {
    provider,
    feature: CLOUD_PROVIDER_WORDS[provider].feature,
    label: CLOUD_PROVIDER_WORDS[provider].account,
  }

  const feature = (userId: string) => assertFeature(repos, userId, kind.feature, clock.now())

  /** The user's account of this provider; 404 for anyone else's, or another provider's. */
  const owned = async (userId: string, accountId: string) => {
    await feature(userId)
    const account = await repos.cloudAccounts.findOwned(userId, accountId)
    if (account?.provider !== kind.provider) throw notFound(kind.label)
    return account
  }

  /** The account as stored now (after a change). */
  const reread = async (accountId: string) => (await repos.cloudAccounts.find(accountId)) as CloudAccountRecord

  const listOwned = async (userId: string) => {
    await feature(userId)
    return repos.cloudAccounts.listOwned(userId, kind.provider)
  }

  /** Removes the account, what was read of it, and its monitors (they would only fail without it). */
  const remove = async (userId: string, accountId: string) => {
    await owned(userId, accountId)
    return deps.database.db.transaction().execute(async (trx) => {
      const r = reposOf(trx)
      const monitors = (await r.monitors.listOwned(userId)).filter(
        (m) => (m.settings as { account_id?: unknown }).account_id === accountId,
      )
      for (const m of monitors) await r.monitors.deleteOwned(userId, m.monitor_id)
      if (!(await r.cloudAccounts.deleteOwned(userId, accountId))) throw notFound(kind.label)
      return { monitors_removed: monitors.length }
    })
  }

  /** Reads the account now (its costs only when they are due: the cost APIs bill or throttle each request). */
  const syncNow = async (userId: string, accountId: string) => {
    await owned(userId, accountId)
    if (!(await deps.cloudSync.syncNow(accountId)))
      throw new Failure('conflict', 'This account is being read right now. Its pages show the result in a moment.')
    return reread(accountId)
  }

  /** The account's message after a removal: "AWS account removed with its 2 monitors." */
  const removedMessage = (monitorsRemoved: number) =>
    `${kind.label} removed${
      monitorsRemoved === 0 ? '' : ` with its ${monitorsRemoved} monitor${monitorsRemoved === 1 ? '' : 's'}`
    }.`

  return {
    feature,
    owned,

    /**
     * The calls every provider's service answers alike, given how it shows accounts (`views`: one query per list,
     * not per account): list, one account, remove, read now.
     */
    commonCalls: <V>(views: (list: CloudAccountRecord[]) => Promise<V[]>) => {
      const one = async (account: CloudAccountRecord) => (await views([account]))[0] as V
      return {
        owned,
        list: async (userId: string) => views(await listOwned(userId)),
        get: async (userId: string, accountId: string) => one(await owned(userId, accountId)),
        remove,
        removedMessage,
        sync: async (userId: string, accountId: string) => one(await syncNow(userId, accountId)),
      }
    },

    reread,

    /** The credentials as they were connected (sealed at rest with the server key). */
    credentialsOf: <C>(account: CloudAccountRecord): C => JSON.parse(deps.secrets.open(account.credentials)) as C,

    /** Stores a new account, pending, and has it read at once. */
    insert: async (
      userId: string,
      fields: Pick<CloudAccountRecord, 'name' | 'scope' | 'identity'> & { credentials: unknown },
    ) => {
      const now = clock.now()
      const account: CloudAccountRecord = {
        account_id: newId(),
        user_id: userId,
        provider: kind.provider,
        name: fields.name,
        credentials: deps.secrets.seal(JSON.stringify(fields.credentials)),
        scope: fields.scope,
        identity: fields.identity,
        status: 'pending',
        last_error: null,
        synced_at: null,
        costs_read_at: null,
        next_sync_at: now,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      }
      await repos.cloudAccounts.insert(account)
      deps.cloudSync.syncSoon(account.account_id)
      return account
    },

    /** New credentials, sealed: the account is pending until it is read with them. */
    newCredentials: (credentials: unknown): AccountChange => ({
      credentials: deps.secrets.seal(JSON.stringify(credentials)),
      status: 'pending',
      last_error: null,
    }),

    /** Writes a change; when what is read changed (`readAgain`), the account is read again at once. */
    change: async (accountId: string, change: Omit<AccountChange, 'updated_at'>, readAgain: boolean) => {
      await repos.cloudAccounts.update(accountId, {
        ...change,
        ...(readAgain ? { next_sync_at: clock.now() } : {}),
        updated_at: clock.now(),
      })
      if (readAgain) deps.cloudSync.syncSoon(accountId)
      return reread(accountId)
    },

    /**
     * Checks the stored credentials again (they may have been revoked or expired): `check` throws the provider's
     * refusal, or says what to show and store. An account in error is read again once they work.
     */
    retest: async (
      userId: string,
      accountId: string,
      check: (account: CloudAccountRecord) => Promise<{ message: string; change?: AccountChange }>,
    ) => {
      const account = await owned(userId, accountId)
      try {
        const { message, change } = await check(account)
        await repos.cloudAccounts.update(accountId, {
          ...change,
          ...(account.status === 'error' ? { status: 'pending', next_sync_at: clock.now() } : {}),
          last_error: null,
          updated_at: clock.now(),
        })
        return {
          ok: true as const,
          message,
          account: await reread(accountId),
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : `The ${kind.label}'s credentials were refused.`
        await repos.cloudAccounts.update(accountId, { status: 'error', last_error: message, updated_at: clock.now() })
        return {
          ok: false as const,
          message,
          account: await reread(accountId),
        }
      }
    },
  }
}

export type CloudAccounts = ReturnType<typeof cloudAccounts>
