import type { RateRule } from '../config.ts'
import { Failure } from '../errors.ts'
import type { Deps } from './deps.ts'

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

/**
 * Counts a hit against each rule and answers 429 when any is over its limit. Rules are checked
 * per IP and per account so that neither one address nor one target can be hammered.
 */
export const enforceRateLimits = async (
  { repos, clock }: Pick<Deps, 'repos' | 'clock'>,
  action: string,
  checks: { key: string; rule: RateRule }[],
) => {
  const now = clock.now()
  for (const { key, rule } of checks) {
    const windowMs = rule.windowSeconds * 1000
    const { hits, window_start } = await repos.rateLimits.hit(`${action}:${key}`, now, windowMs)
    if (hits > rule.max) {
      const retryMs = window_start + windowMs - now
      throw new Failure(
        'too_many',
        `Too many ${action} attempts. Please wait ${minutes(retryMs)} minute${minutes(retryMs) === 1 ? '' : 's'} and try again.`,
        undefined,
        Math.ceil(retryMs / 1000),
      )
    }
  }
}
