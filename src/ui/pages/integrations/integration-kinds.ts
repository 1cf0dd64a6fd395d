import { Hash, type LucideIcon, Mail, MessagesSquare, Send, Users, Webhook } from 'lucide-react'
import { INTEGRATION_LABELS, type Integration, type IntegrationType } from '@vigil/domain/integration.schema'

// What differs per type of alert channel on the pages: its icon, the words of its form and how its target
// reads. The rules (what is valid, what is secret) are the domain's.

export interface SettingField {
  /** The setting's name, as the API and its errors name it. */
  name: string
  label: string
  placeholder: string
  helper: string
  /** An input type and keyboard for it. */
  inputType?: 'email' | 'url' | 'text'
  /** May be left empty on a new channel. */
  optional?: boolean
}

export interface IntegrationKind {
  type: IntegrationType
  label: string
  icon: LucideIcon
  /** One line in the type picker: where the alerts go. */
  summary: string
  namePlaceholder: string
  fields: readonly SettingField[]
}

const webhookUrl = (placeholder: string, helper: string): SettingField => ({
  name: 'url',
  label: 'Webhook URL',
  placeholder,
  helper,
  inputType: 'url',
})

export const INTEGRATION_KINDS: Record<IntegrationType, IntegrationKind> = {
  slack: {
    type: 'slack',
    label: INTEGRATION_LABELS.slack,
    icon: Hash,
    summary: 'A message in a Slack channel (Mattermost and Rocket.Chat too).',
    namePlaceholder: '#ops-alerts',
    fields: [
      webhookUrl(
        'https://hooks.slack.com/services/…',
        'An incoming-webhook URL of the channel. Mattermost and Rocket.Chat webhook URLs work too.',
      ),
    ],
  },
  email: {
    type: 'email',
    label: INTEGRATION_LABELS.email,
    icon: Mail,
    summary: 'A mail to an address or a team list.',
    namePlaceholder: 'On-call inbox',
    fields: [
      {
        name: 'email',
        label: 'Email address',
        placeholder: 'oncall@example.com',
        helper: 'Alerts are sent from this server’s mail address.',
        inputType: 'email',
      },
    ],
  },
  webhook: {
    type: 'webhook',
    label: INTEGRATION_LABELS.webhook,
    icon: Webhook,
    summary: 'A signed JSON POST to your own endpoint.',
    namePlaceholder: 'Incident bot',
    fields: [
      {
        name: 'url',
        label: 'URL',
        placeholder: 'https://example.com/hooks/vigil',
        helper: 'Each alert is POSTed here as JSON.',
        inputType: 'url',
      },
      {
        name: 'secret',
        label: 'Signing secret',
        placeholder: 'Made for you when left empty',
        helper:
          'At least 16 characters. Each request carries its signature (X-Signature-256). Left empty, one is made and shown to you once.',
        optional: true,
      },
    ],
  },
  teams: {
    type: 'teams',
    label: INTEGRATION_LABELS.teams,
    icon: Users,
    summary: 'A card in a Microsoft Teams channel.',
    namePlaceholder: 'Operations team',
    fields: [
      webhookUrl(
        'https://….webhook.office.com/…',
        'The URL of a Workflows webhook of the channel (“When a Teams webhook request is received”).',
      ),
    ],
  },
  discord: {
    type: 'discord',
    label: INTEGRATION_LABELS.discord,
    icon: MessagesSquare,
    summary: 'A message in a Discord channel.',
    namePlaceholder: '#status',
    fields: [
      webhookUrl(
        'https://discord.com/api/webhooks/…',
        'From the channel’s settings: Integrations, then Webhooks. Alerts never mention anyone.',
      ),
    ],
  },
  telegram: {
    type: 'telegram',
    label: INTEGRATION_LABELS.telegram,
    icon: Send,
    summary: 'A message from your bot in a Telegram chat.',
    namePlaceholder: 'Team chat',
    fields: [
      {
        name: 'bot_token',
        label: 'Bot token',
        placeholder: '123456789:AAE…',
        helper: 'As @BotFather gives it.',
      },
      {
        name: 'chat_id',
        label: 'Chat id',
        placeholder: '-1001234567890 or @channelname',
        helper: 'Add the bot to the chat first.',
      },
    ],
  },
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Where a channel's alerts go, as the API shows it (secrets masked). */
export const targetOf = (integration: Integration): string => {
  const s = integration.settings
  switch (integration.type) {
    case 'email':
      return text(s.email)
    case 'telegram':
      return `Chat ${text(s.chat_id)}`
    default:
      return text(s.url)
  }
}
