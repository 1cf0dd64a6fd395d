import { billingNotice, TRIAL_REMINDER_DAYS, trialReminderDue } from '@vigil/domain/billing'
import type { Clock } from '../clock.ts'
import { type Database, takeWriteLock } from '../db/database.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { LiveHub } from '../live/hub.ts'
import { publishUnread } from '../live/notices.ts'
import type { Logger } from '../logger.ts'
import type { DeliveryWorker } from '../notify/delivery-worker.ts'
import { sendWritten, tell } from './billing-notices.ts'
import { endTerm } from './paid-plan-sync.ts'

// The plan's calendar, run every minute where the engine runs (composed in main.ts and worker.ts): a trial's reminders 3 days and 1 day before its end, and
// every Pro term that has run out (a trial, a free Pro with BILLING=off, a paid one past its grace) made Basic
// with the plan applied to what the user has. Each account's change is one transaction; each notice is recorded
// per term, so several workers, or a sweep run twice, send it once.

export interface BillingSweepDeps {
  database: Database
  clock: Clock
  logger: Logger
  deliveries: Pick<DeliveryWorker, 'sendNow'>
  appUrl: string
  /** The users' bells, told of the notices once each account's transaction has committed. */
  live?: Pick<LiveHub, 'publishAll'>
}

const DAY = 86_400_000
const BATCH = 1000

/** How often the plan's calendar is looked at. */
export const BILLING_SWEEP_MS = 60_000

/** The sweep as a job of the engine's. */
export const billingSweepJob = (deps: Omit<BillingSweepDeps, 'appUrl'> & { config: { appUrl: string } }) => ({
  name: 'billing sweep',
  everyMs: BILLING_SWEEP_MS,
  run: () => sweepBilling({ ...deps, appUrl: deps.config.appUrl }),
})

export const sweepBilling = async (deps: BillingSweepDeps) => {
  const { database } = deps
  const now = deps.clock.now()
  const repos = reposOf(database.db)
  const soon = await repos.billing.termsToSweep(now, now + Math.max(...TRIAL_REMINDER_DAYS) * DAY, BATCH)
  const mails: (string | null)[] = []
  const told = new Set<string>()
  let ended = 0
  let reminded = 0
  for (const term of soon) {
    if (term.ends_at === null) continue
    if (term.ends_at <= now) {
      const sent = await database.db.transaction().execute(async (trx) => {
        await takeWriteLock(trx, database.dialect)
        const r = reposOf(trx)
        // Still the account's term? A payment or a plan change may have come since the list was read.
        const latest = await r.subscriptions.latestOfUser(term.user_id)
        if (latest?.subscription_id !== term.subscription_id || latest.ends_at === null || latest.ends_at > now)
          return []
        const paymentFailed = (await r.billing.accountOf(term.user_id))?.past_due_since != null
        return endTerm(r, latest, now, deps.appUrl, paymentFailed)
      })
      ended += sent.length
      if (sent.length > 0) told.add(term.user_id)
      mails.push(...sent)
      continue
    }
    if (term.is_free_trial !== 1) continue
    const due = trialReminderDue(term.ends_at, now, await repos.billing.noticesOf(term.subscription_id))
    if (!due) continue
    const sent = await database.db.transaction().execute(async (trx) => {
      const r = reposOf(trx)
      if (!(await r.billing.recordNotice(term.subscription_id, due, now))) return null
      return tell(r, term.user_id, billingNotice.trialEnding(term.ends_at as number, now), now, deps.appUrl)
    })
    if (sent !== null) {
      reminded += 1
      told.add(term.user_id)
    }
    mails.push(sent)
  }
  await publishUnread(deps, told)
  await sendWritten(deps, mails)
  if (ended || reminded) deps.logger.info('billing sweep', { ended, reminded })
  return { ended, reminded }
}
