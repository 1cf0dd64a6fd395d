import { ALERT_TONES, type AlertEvent } from './alert.ts'
import { formatUtc } from './incident-message.ts'

// Each channel's message for an alert, built by code from fixed templates: no template a user wrote is ever
// evaluated, and every value that came from a user or a checked server (monitor names, error messages) is
// escaped for the format it goes into.

const COLOURS = { bad: 0xdc2626, good: 0x16a34a, warning: 0xd97706, info: 0x2563eb } as const
const colourOf = (event: AlertEvent) => COLOURS[ALERT_TONES[event.kind]]
const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`

/** The facts under the message: the monitor, its target, since when, the last error. */
export const alertFacts = (event: AlertEvent): { name: string; value: string }[] => {
  const facts: { name: string; value: string }[] = []
  if (event.monitor) {
    facts.push({ name: 'Monitor', value: event.monitor.name })
    facts.push({ name: 'Target', value: event.monitor.target })
  }
  if (event.since) facts.push({ name: 'Since', value: formatUtc(Date.parse(event.since)) })
  if (event.last_error) facts.push({ name: 'Last error', value: event.last_error })
  return facts
}

/**
 * `text` escaped by `escapeFor` in at most `max` characters: cut before escaping (so no escape sequence or
 * surrogate pair is split) and ended with an ellipsis. The channels refuse a whole message over a limit.
 */
export const fitEscaped = (text: string, escapeFor: (s: string) => string, max: number): string => {
  let escaped = escapeFor(text)
  let keep = text.length
  while (escaped.length > max && keep > 0) {
    keep = Math.max(0, Math.min(keep - 1, Math.floor((keep * (max - 1)) / escaped.length)))
    const code = text.charCodeAt(keep - 1)
    const cut = code >= 0xd800 && code <= 0xdbff ? keep - 1 : keep
    escaped = `${escapeFor(text.slice(0, cut))}…`
  }
  return escaped
}

/** Slack mrkdwn: &, < and > are the only characters Slack asks to escape. */
export const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// verbatim: Slack would otherwise turn a plain "@channel" or "#general" in a value into a mention or a link.
const slackText = (text: string) => ({ type: 'mrkdwn', text, verbatim: true })

/** Slack (and Mattermost, Rocket.Chat): an incoming-webhook body with blocks and a fallback for notifications. */
export const slackMessage = (event: AlertEvent) => ({
  // The fallback is mrkdwn too: unescaped, a name holding <!channel> would notify the whole channel.
  text: fitEscaped(`${event.title}: ${event.description}`, escapeSlack, 3000),
  blocks: [
    {
      type: 'section',
      // Slack refuses a text object over 3000 characters, a field over 2000.
      text: slackText(
        `*${fitEscaped(event.title, escapeSlack, 300)}*\n${fitEscaped(event.description, escapeSlack, 2600)}`,
      ),
    },
    ...(alertFacts(event).length > 0
      ? [
          {
            type: 'section',
            fields: alertFacts(event).map((f) => slackText(`*${f.name}*\n${fitEscaped(f.value, escapeSlack, 1900)}`)),
          },
        ]
      : []),
    ...(event.monitor
      ? [
          {
            type: 'actions',
            elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open monitor' }, url: event.monitor.url }],
          },
        ]
      : []),
  ],
})

/** Discord markdown: a backslash before each character that would format; "1." starting a line is a list. */
export const escapeDiscord = (text: string) =>
  text
    .replace(/([\\*_~`|<>#[\]()-])/g, '\\$1')
    .replace(/^(\s*\d+)\./gm, '$1\\.')
    .replace(/@/g, '@\u200b')

/** Discord: one embed in the alert's colour; mentions are switched off so no name can ping anyone. */
export const discordMessage = (event: AlertEvent) => ({
  content: null,
  allowed_mentions: { parse: [] as string[] },
  embeds: [
    {
      // Discord's limits: title 256, description 4096, field value 1024, 6000 in all (so less here).
      title: fitEscaped(event.title, escapeDiscord, 256),
      description: fitEscaped(event.description, escapeDiscord, 2000),
      url: event.monitor?.url,
      color: colourOf(event),
      timestamp: event.at,
      fields: alertFacts(event).map((f) => ({
        name: f.name,
        value: fitEscaped(f.value, escapeDiscord, 900),
        inline: f.name !== 'Last error',
      })),
    },
  ],
})

/**
 * Adaptive Card text: its CommonMark subset, escaped like Discord's; braces too, since {{DATE(...)}} and
 * {{TIME(...)}} in a text are replaced by the card's host.
 */
export const escapeCard = (text: string) =>
  text.replace(/([\\*_~`[\]()#<>{}+-])/g, '\\$1').replace(/^(\s*\d+)\./gm, '$1\\.')

/** Microsoft Teams (a Workflows or connector webhook): an Adaptive Card. */
export const teamsMessage = (event: AlertEvent) => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        body: [
          {
            type: 'TextBlock',
            text: escapeCard(event.title),
            weight: 'Bolder',
            size: 'Medium',
            color:
              ALERT_TONES[event.kind] === 'bad' ? 'Attention' : ALERT_TONES[event.kind] === 'good' ? 'Good' : 'Default',
            wrap: true,
          },
          { type: 'TextBlock', text: escapeCard(event.description), wrap: true },
          { type: 'FactSet', facts: alertFacts(event).map((f) => ({ title: f.name, value: escapeCard(f.value) })) },
        ],
        actions: event.monitor ? [{ type: 'Action.OpenUrl', title: 'Open monitor', url: event.monitor.url }] : [],
      },
    },
  ],
})

/** HTML as Telegram and mail take it: &, <, > and quotes escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Telegram: sendMessage in HTML mode (bold title, facts, a link). */
export const telegramMessage = (event: AlertEvent, chatId: string) => ({
  chat_id: chatId,
  parse_mode: 'HTML',
  disable_web_page_preview: true,
  // Telegram refuses a message over 4096 characters; cut so that every part fits.
  text: [
    `<b>${fitEscaped(event.title, escapeHtml, 300)}</b>`,
    fitEscaped(event.description, escapeHtml, 1500),
    ...alertFacts(event).map((f) => `${escapeHtml(f.name)}: ${fitEscaped(f.value, escapeHtml, 500)}`),
    ...(event.monitor ? [`<a href="${escapeHtml(event.monitor.url)}">Open monitor</a>`] : []),
  ].join('\n'),
})

/** Email: a subject, a text body and the same as escaped HTML. */
export const emailMessage = (event: AlertEvent) => {
  const facts = alertFacts(event)
  const link = event.monitor ? `Open the monitor: ${event.monitor.url}` : ''
  return {
    subject: `[Vigil] ${event.title}`,
    text: [event.description, '', ...facts.map((f) => `${f.name}: ${f.value}`), '', link].join('\n').trim(),
    html: [
      `<h2 style="color:${hex(colourOf(event))};margin:0 0 8px">${escapeHtml(event.title)}</h2>`,
      `<p>${escapeHtml(event.description)}</p>`,
      facts.length > 0
        ? `<table>${facts.map((f) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(f.name)}</th><td>${escapeHtml(f.value)}</td></tr>`).join('')}</table>`
        : '',
      event.monitor ? `<p><a href="${escapeHtml(event.monitor.url)}">Open the monitor</a></p>` : '',
    ].join('\n'),
  }
}

/** The generic webhook's body: the alert as it is, with the delivery's id (the same on a retry). */
export const webhookPayload = (event: AlertEvent, deliveryId: string) => ({ id: deliveryId, ...event })
