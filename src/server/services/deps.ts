import type { SecretBox } from '../auth/secret-box.ts'
import type { StripeGateway } from '../billing/stripe-gateway.ts'
import type { Clock } from '../clock.ts'
import type { CloudProviders } from '../cloud/providers.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import type { CloudSync } from '../engine/cloud-sync.ts'
import type { Recorder } from '../engine/recorder.ts'
import type { RunCheck } from '../engine/scheduler.ts'
import type { LiveHub } from '../live/hub.ts'
import type { Logger } from '../logger.ts'
import type { ResolveHost } from '../net/target-screen.ts'
import type { DeliveryWorker } from '../notify/delivery-worker.ts'
import type { Mailer } from '../notify/mailer.ts'
import type { MonitorPages } from '../read-model/monitor-pages.ts'

/** What the app is built from; main.ts wires the real ones, tests their own. */
export interface Deps {
  database: Database
  repos: Repos
  clock: Clock
  mailer: Mailer
  logger: Logger
  config: Config
  /** Runs one check (the target policy applied); the API's "check now" and the scheduler use it. */
  runCheck: RunCheck
  /** Writes check results, state, incidents and their notifications. */
  recorder: Recorder
  /** Sends the outbox of alerts; the engine runs its polling, the API sends test messages with it. */
  deliveries: DeliveryWorker
  /** Resolves a target's name when it is saved, so a name that means a refused address is refused at once. */
  resolveHost: ResolveHost
  /** Seals secrets at rest (cloud credentials) with the server key. */
  secrets: SecretBox
  /** The cloud providers' clients: connecting an account, and its syncs. */
  cloud: CloudProviders
  /** Reads connected cloud accounts; the engine runs its schedule, the API reads one at once when asked. */
  cloudSync: CloudSync
  /** Live events to the users' open pages (GET /api/events); across processes on PostgreSQL. */
  live: LiveHub
  /** Stripe, with BILLING=stripe; null when billing is off. */
  stripe: StripeGateway | null
  /** Makes the monitor list's pages, in threads of their own where it can (read-model/monitor-pages.ts). */
  monitorPages: MonitorPages
}
