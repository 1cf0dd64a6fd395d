import { randomUUID } from 'node:crypto'
import { accountStatus } from '@vigil/domain/cloud-account'
import type { SecretBox } from '../auth/secret-box.ts'
import { type Clock, pollOn } from '../clock.ts'
import type { CloudProviders } from '../cloud/providers.ts'
import type { CloudConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import { repos } from '../db/repos/index.ts'
import type { UserEvent } from '../live/hub.ts'
import type { Logger } from '../logger.ts'

// Reads the connected cloud accounts on their schedule, leased as monitors are so several workers share the work and
// never read one account twice at once. Each sync is stored in one transaction: every part's status, the resources
// of the parts that read well (the others keep what they read before, shown as stale) and the costs. An account is
// read every CLOUD_SYNC_SECONDS, or as often as its most frequent monitor asks (not below a minute); its billed cost
// APIs at most every CLOUD_COST_READ_HOURS.

const MIN_SYNC_MS = 60_000

export interface CloudSyncOptions {
  database: Database
  clock: Clock
  logger: Logger
  secrets: SecretBox
  syncers: CloudProviders['sync']
  config: CloudConfig
  workerId?: string
  pollMs?: number
  /** Accounts read at once by one worker. */
  concurrency?: number
  /** Tells the owner's open pages that an account was read (live updates), once what was read is stored. */
  publish?: (events: readonly UserEvent[]) => void
}

export const createCloudSync = (opts: CloudSyncOptions) => {
  const { database, clock, logger, secrets, syncers, config } = opts
  const told = (account: CloudAccountRecord) =>
    opts.publish?.([
      {
        userId: account.user_id,
        event: { kind: 'cloud', account_id: account.account_id, provider: account.provider },
      },
    ])
  const workerId = opts.workerId ?? randomUUID()
  const pollMs = opts.pollMs ?? 5000
  const concurrency = opts.concurrency ?? 4
  const r = repos(database.db)
  let running: Promise<number> | null = null
  let seq = 0
  const background = new Set<Promise<unknown>>()

  /** How soon the account is read again: as often as its most frequent monitor checks, within the bounds. */
  const nextSyncIn = async (account: CloudAccountRecord) => {
    const monitors = await r.monitors.listOwned(account.user_id)
    const intervals = monitors
      .filter((m) => m.paused === 0 && (m.settings as { account_id?: unknown }).account_id === account.account_id)
      .map((m) => m.interval_seconds * 1000)
    return Math.max(MIN_SYNC_MS, Math.min(config.syncMs, ...intervals))
  }

  const syncOne = async (account: CloudAccountRecord, lease: string) => {
    const now = clock.now()
    const sync = syncers[account.provider]
    let outcome: Awaited<ReturnType<NonNullable<typeof sync>>>
    try {
      if (!sync) throw new Error(`Accounts of ${account.provider} cannot be read by this server.`)
      const costs = account.costs_read_at === null || now - account.costs_read_at >= config.costReadMs
      outcome = await sync({
        credentials: JSON.parse(secrets.open(account.credentials)),
        scope: account.scope,
        costs,
        now,
      })
    } catch (error) {
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
    const next = clock.now() + (await nextSyncIn(account))
    if (!outcome.ok) {
      const held = await r.cloudAccounts.settle(account.account_id, lease, {
        status: 'error',
        last_error: outcome.message,
        next_sync_at: next,
        updated_at: clock.now(),
      })
      if (held) told(account)
      return
    }
    const { snapshot } = outcome
    const status = accountStatus(snapshot.parts)
    const failed = snapshot.parts.find((p) => !p.ok)
    const costsRead = snapshot.parts.some((p) => p.area === 'costs' && p.ok)
    const stored = await database.db.transaction().execute(async (trx) => {
      const t = repos(trx)
      // Written only while this worker still holds the account (it was not removed or taken over meanwhile).
      const held = await t.cloudAccounts.settle(account.account_id, lease, {
        status,
        last_error: status === 'ok' ? null : (failed?.message ?? null),
        synced_at: now,
        ...(costsRead ? { costs_read_at: now } : {}),
        next_sync_at: next,
        updated_at: clock.now(),
      })
      if (!held) return false
      await t.cloudData.write(
        account.account_id,
        { parts: snapshot.parts.map((p) => ({ ...p, checked_at: now })), sets: snapshot.sets, costs: snapshot.costs },
        now,
      )
      return true
    })
    if (stored) told(account)
  }

  const runLeased = async (accounts: CloudAccountRecord[], lease: string) => {
    const queue = [...accounts]
    const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let account = queue.shift(); account; account = queue.shift())
        await syncOne(account, lease).catch((error) =>
          logger.error('a cloud account sync failed', { account: account?.account_id, error: String(error) }),
        )
    })
    await Promise.all(workers)
    return accounts.length
  }

  /** Leases the accounts due now and reads them; resolves when every one is stored. */
  const runOnce = async () => {
    const lease = `${workerId}.${++seq}`
    // Long enough for a large account's read; a worker that dies leaves its accounts to others after it.
    const due = await r.cloudAccounts.claimDue(database.dialect, lease, clock.now(), 10 * 60_000, concurrency * 4)
    return runLeased(due, lease)
  }

  const tick = () => {
    running ??= runOnce()
      .catch((error) => {
        logger.error('leasing cloud accounts failed', { error: String(error) })
        return 0
      })
      .finally(() => {
        running = null
      })
  }

  const poll = pollOn(clock, pollMs, tick)

  return {
    workerId,
    runOnce,
    /** Reads one account now, outside the schedule (just connected, or the user asked): false when another worker holds it. */
    async syncNow(accountId: string) {
      const lease = `${workerId}.now.${++seq}`
      const account = await r.cloudAccounts.claimOne(accountId, lease, clock.now(), 10 * 60_000)
      if (!account) return false
      await runLeased([account], lease)
      return true
    },
    /** Reads one account soon, without waiting for it (a connection just made): the page shows it pending meanwhile. */
    syncSoon(accountId: string) {
      const task: Promise<unknown> = this.syncNow(accountId)
        .catch((error) => logger.error('a cloud account sync failed', { account: accountId, error: String(error) }))
        .finally(() => background.delete(task))
      background.add(task)
    },
    /** Resolves when the syncs started in the background are done. */
    settled: () => Promise.allSettled([...background]).then(() => undefined),
    start: () => poll.start(),
    async stop() {
      poll.stop()
      await running
      await Promise.allSettled([...background])
      await r.cloudAccounts.releaseWorker(workerId)
    },
  }
}
export type CloudSync = ReturnType<typeof createCloudSync>
