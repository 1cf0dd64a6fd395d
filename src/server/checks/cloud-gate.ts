import type { CheckOutcome } from '@vigil/domain/check-result'
import { CLOUD_PROVIDER_WORDS, type CloudProvider } from '@vigil/domain/cloud-account'
import type { CloudFacts } from './context.ts'

// What every cloud monitor checks first: that its account is still connected and was read, and that the parts of
// the read it is judged on succeeded (else the provider's reason, and what to allow or grant).

/** A check's facts (its type's facts schema's output), stored as the result's detail. */
type Facts = NonNullable<CheckOutcome['detail']>

export const cloudFail = (message: string, detail?: Facts): CheckOutcome => ({
  ok: false,
  responseMs: null,
  message,
  ...(detail ? { detail } : {}),
})

export const cloudPass = (message: string, detail: Facts): CheckOutcome => ({
  ok: true,
  responseMs: null,
  message,
  detail,
})

/**
 * The cloud facts to judge on, or the failure that stops the check: no facts in this process, the account removed
 * or of another provider, not read yet, or a needed part that failed (`grant` says what to allow for its action).
 */
export const cloudGate = async (
  cloud: CloudFacts | undefined,
  provider: CloudProvider,
  accountId: string,
  parts: readonly { area: string; scope: string }[],
  grant: (action: string) => string,
): Promise<{ ok: true; cloud: CloudFacts } | { ok: false; outcome: CheckOutcome }> => {
  const stop = (message: string) => ({ ok: false as const, outcome: cloudFail(message) })
  if (!cloud) return stop('Cloud accounts are not read by this server process.')
  const words = CLOUD_PROVIDER_WORDS[provider]
  const account = await cloud.account(accountId)
  if (account?.provider !== provider)
    return stop(`The ${words.account} this monitor watches was removed. Connect it again, or delete this monitor.`)
  if (account.synced_at === null)
    return stop(`The ${words.account} has not been read yet: its first read is under way.`)
  for (const { area, scope } of parts) {
    const part = await cloud.part(accountId, area, scope)
    if (part && !part.ok)
      return stop(
        `${part.message ?? `${words.source} could not be read.`}${part.action ? ` ${grant(part.action)}` : ''}`,
      )
  }
  return { ok: true, cloud }
}
