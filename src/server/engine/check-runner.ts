import { runCheck } from '../checks/index.ts'
import type { Config } from '../config.ts'
import type { RunCheck } from './scheduler.ts'

/** The check runners with the operator's target policy and network settings applied. */
export const checkRunner =
  (config: Pick<Config, 'allowPrivateTargets' | 'network'>): RunCheck =>
  (monitor, signal) =>
    runCheck(monitor, { policy: { allowPrivate: config.allowPrivateTargets }, network: config.network, signal })
