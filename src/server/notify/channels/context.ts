import type { SmtpSettings } from '../../config.ts'
import type { TargetPolicy } from '../../net/target-policy.ts'

/** What every channel sender needs from the server: the policy, SMTP, API bases and the attempt's limits. */
export interface ChannelContext {
  /** Applies to webhook and chat URLs (Slack, Teams, Discord, webhooks), not to Telegram's API or SMTP. */
  policy: TargetPolicy
  /** undefined when the server has no SMTP settings. */
  smtp?: SmtpSettings
  /** https://api.telegram.org unless overridden (TELEGRAM_API_URL). */
  telegramApiUrl: string
  /** The whole attempt: resolving, connecting, sending and reading the answer. */
  timeoutMs: number
  signal?: AbortSignal
}
