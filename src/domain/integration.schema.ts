import * as v from 'valibot'
import { Email } from './auth.schema.ts'
import { HttpUrl, Name } from './monitor-fields.ts'
import { Pagination } from './pagination.schema.ts'
import { patchSchema } from './patch-schema.ts'
import { maskSecret } from './secret-values.ts'

// Alert channels ("integrations"): where a user's alerts go besides the bell. Secrets (webhook URLs, tokens,
// a webhook's signing secret) are taken in full and never given back whole.

export const INTEGRATION_TYPES = ['slack', 'email', 'webhook', 'teams', 'discord', 'telegram'] as const
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]
const TYPE_MESSAGE = `Type must be one of ${INTEGRATION_TYPES.join(', ')}.`

export const INTEGRATION_LABELS: Record<IntegrationType, string> = {
  slack: 'Slack',
  email: 'Email',
  webhook: 'Webhook',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  telegram: 'Telegram',
}

/**
 * Slack's incoming-webhook URL (https://hooks.slack.com/services/...; "Add to Slack" makes one too). Any host is
 * taken: Mattermost and Rocket.Chat take the same messages.
 */
const SlackSettings = { url: HttpUrl }
const EmailSettings = { email: Email }
const WebhookSettings = {
  url: HttpUrl,
  /** Signs each body (X-Signature-256); made by the server when not given. */
  secret: v.optional(
    v.pipe(
      v.string('The secret must be text.'),
      v.minLength(16, 'The secret must be at least 16 characters.'),
      v.maxLength(200, 'The secret must be at most 200 characters.'),
    ),
  ),
}
const TeamsSettings = { url: HttpUrl }
const DiscordSettings = { url: HttpUrl }
const TelegramSettings = {
  bot_token: v.pipe(
    v.string('Bot token is required.'),
    v.trim(),
    v.nonEmpty('Bot token is required.'),
    v.regex(/^\d{3,15}:[A-Za-z0-9_-]{30,64}$/, 'A bot token looks like 123456789:AAE..., as @BotFather gives it.'),
  ),
  chat_id: v.pipe(
    v.string('Chat id is required.'),
    v.trim(),
    v.nonEmpty('Chat id is required.'),
    v.regex(
      /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
      'A chat id is a number (such as -1001234567890) or @channelname.',
    ),
  ),
}

export const INTEGRATION_SETTINGS = {
  slack: SlackSettings,
  email: EmailSettings,
  webhook: WebhookSettings,
  teams: TeamsSettings,
  discord: DiscordSettings,
  telegram: TelegramSettings,
} as const

/** The settings that are secrets: stored whole, answered masked (a webhook's URL can hold a password or token). */
export const SECRET_SETTINGS: Record<IntegrationType, readonly string[]> = {
  slack: ['url'],
  email: [],
  webhook: ['url', 'secret'],
  teams: ['url'],
  discord: ['url'],
  telegram: ['bot_token'],
}

const common = { name: Name, enabled: v.optional(v.boolean('Enabled must be true or false.'), true) }

export const IntegrationInput = v.variant(
  'type',
  [
    v.object({ type: v.literal('slack'), ...common, ...SlackSettings }),
    v.object({ type: v.literal('email'), ...common, ...EmailSettings }),
    v.object({ type: v.literal('webhook'), ...common, ...WebhookSettings }),
    v.object({ type: v.literal('teams'), ...common, ...TeamsSettings }),
    v.object({ type: v.literal('discord'), ...common, ...DiscordSettings }),
    v.object({ type: v.literal('telegram'), ...common, ...TelegramSettings }),
  ],
  TYPE_MESSAGE,
)
export type IntegrationInput = v.InferOutput<typeof IntegrationInput>

/** A change: the name, on/off, or settings of its own type (a secret left out stays as it was). */
export const integrationPatchSchema = (type: IntegrationType) =>
  patchSchema(
    v.strictObject(
      {
        ...v.partial(v.object(common)).entries,
        ...v.partial(v.object(INTEGRATION_SETTINGS[type])).entries,
        type: v.optional(v.literal(type, 'The type of an integration cannot change; add a new one instead.')),
      },
      'This field is not part of this type of integration.',
    ),
  )

/** A setting as the API shows it: a secret masked (a webhook's signing secret only says that there is one). */
export const maskedSetting = (type: IntegrationType, key: string, value: unknown): unknown => {
  if (!SECRET_SETTINGS[type].includes(key) || typeof value !== 'string') return value
  return type === 'webhook' && key === 'secret' ? '••••••••' : maskSecret(value)
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

export const Integration = v.object({
  id: v.string(),
  type: v.picklist(INTEGRATION_TYPES),
  name: v.string(),
  enabled: v.boolean(),
  /** The settings, secrets masked (a webhook's secret only says that there is one). */
  settings: v.record(v.string(), v.unknown()),
  created_at: v.string(),
  last_delivery: v.optional(
    v.nullable(v.object({ status: v.picklist(DELIVERY_STATUSES), at: v.string(), error: v.nullable(v.string()) })),
  ),
})
export type Integration = v.InferOutput<typeof Integration>

export const Delivery = v.object({
  id: v.string(),
  integration_id: v.string(),
  kind: v.string(),
  title: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  attempts: v.number(),
  last_error: v.nullable(v.string()),
  created_at: v.string(),
  delivered_at: v.nullable(v.string()),
  next_attempt_at: v.nullable(v.string()),
})
export type Delivery = v.InferOutput<typeof Delivery>

/** `GET /api/integrations`: the user's channels, and whether the operator set up "Add to Slack". */
export const IntegrationList = v.object({ integrations: v.array(Integration), slack_install_available: v.boolean() })
export type IntegrationList = v.InferOutput<typeof IntegrationList>

/** A new channel; a webhook's signing secret comes back whole this once. */
export const CreatedIntegration = v.object({ integration: Integration, webhook_secret: v.optional(v.string()) })
export type CreatedIntegration = v.InferOutput<typeof CreatedIntegration>

export const OneIntegration = v.object({ integration: Integration })
export type OneIntegration = v.InferOutput<typeof OneIntegration>

/** `POST /api/integrations/{id}/test`: the test message's delivery. */
export const OneDelivery = v.object({ delivery: Delivery })
export type OneDelivery = v.InferOutput<typeof OneDelivery>

/** A page of a channel's deliveries, newest first. */
export const DeliveryPage = v.object({ deliveries: v.array(Delivery), pagination: Pagination })
export type DeliveryPage = v.InferOutput<typeof DeliveryPage>
