import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import type { Recorder } from '../engine/recorder.ts'
import type { RunCheck } from '../engine/scheduler.ts'
import type { Logger } from '../logger.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { DeliveryWorker } from '../notify/delivery-worker.ts'

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
}

export interface Session {
  userId: string
  tokenHash: string
}

export type AppEnv = { Variables: { session: Session } }
