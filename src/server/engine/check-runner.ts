import type { CloudFacts } from '../checks/context.ts'
import { runCheck } from '../checks/index.ts'
import type { Config } from '../config.ts'
import type { RunCheck } from './scheduler.ts'

/** The check runners with the operator's target policy and network settings applied, and the cloud accounts' facts. */
export const checkRunner =
  (config: Pick<Config, 'allowPrivateTargets' | 'network'>, cloud?: CloudFacts): RunCheck =>
  (monitor, signal) =>
    runCheck(monitor, { policy: { allowPrivate: config.allowPrivateTargets }, network: config.network, signal, cloud })
