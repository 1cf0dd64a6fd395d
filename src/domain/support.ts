import * as v from 'valibot'
import { plainLine, plainText } from './plain-text.ts'

// Support: a user's request (a ticket) with its thread of messages, answered by the server's operators (the
// accounts whose email is in ADMIN_EMAILS). The rules of what may be sent, with the words of each refusal, and the
// shape of what the server answers.

export const SUPPORT_CATEGORIES = [
  'monitoring',
  'alerts',
  'status_pages',
  'integrations',
  'cloud_accounts',
  'billing',
  'account',
  'other',
] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  monitoring: 'Monitors and checks',
  alerts: 'Alerts and notifications',
  status_pages: 'Status pages',
  integrations: 'Integrations',
  cloud_accounts: 'Cloud accounts (AWS, Azure, Microsoft 365)',
  billing: 'Plans and billing',
  account: 'My account',
  other: 'Something else',
}

/**
 * Whether an account is an operator: its current email is one of ADMIN_EMAILS (lower-cased) and the account has
 * confirmed it. Unconfirmed, the address proves nothing: anyone may sign up with it before the operator does.
 */
export const isOperator = (adminEmails: readonly string[], account: { email: string; email_confirmed: boolean }) =>
  account.email_confirmed && adminEmails.includes(account.email.trim().toLowerCase())

/** `open`: waiting for the operator; `answered`: the operator replied, waiting for the user; `closed`. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
}

/** Who wrote a message: the ticket's owner, or an operator. */
export const MESSAGE_AUTHORS = ['user', 'operator'] as const
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number]

export const SUBJECT_MIN_LENGTH = 3
export const SUBJECT_MAX_LENGTH = 120
export const MESSAGE_MIN_LENGTH = 10
export const MESSAGE_MAX_LENGTH = 5000

export const SUBJECT_REQUIRED = 'Subject is required.'
export const SUBJECT_TOO_SHORT = `Subject must be at least ${SUBJECT_MIN_LENGTH} characters.`
export const SUBJECT_TOO_LONG = `Subject must be at most ${SUBJECT_MAX_LENGTH} characters.`
export const CATEGORY_REQUIRED = 'Choose a category.'
export const MESSAGE_REQUIRED = 'Message is required.'
export const MESSAGE_TOO_SHORT = `Write at least ${MESSAGE_MIN_LENGTH} characters so we can help.`
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH} characters.`
export const REPLY_REQUIRED = 'Write your answer first.'
export const MONITOR_ID_INVALID = 'Monitor must be the id of one of your monitors.'

/** One line: it is the subject of the mails about the ticket. */
const Subject = v.pipe(
  v.string(SUBJECT_REQUIRED),
  v.transform((text) => text.replace(/\s+/g, ' ').trim()),
  v.nonEmpty(SUBJECT_REQUIRED),
  v.minLength(SUBJECT_MIN_LENGTH, SUBJECT_TOO_SHORT),
  v.maxLength(SUBJECT_MAX_LENGTH, SUBJECT_TOO_LONG),
  plainLine('Subject'),
)

const Message = v.pipe(
  v.string(MESSAGE_REQUIRED),
  v.trim(),
  v.nonEmpty(MESSAGE_REQUIRED),
  v.minLength(MESSAGE_MIN_LENGTH, MESSAGE_TOO_SHORT),
  v.maxLength(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
  plainText('Message'),
)

/** The monitor a request is about: one of the user's (the server checks), or none (null, left out or empty). */
const MonitorChoice = v.optional(
  v.nullable(
    v.pipe(
      v.string(MONITOR_ID_INVALID),
      v.trim(),
      v.maxLength(64, MONITOR_ID_INVALID),
      v.transform((id) => (id === '' ? null : id)),
    ),
  ),
  null,
)

/** A new request, from the form on /support. */
export const TicketInput = v.object({
  subject: Subject,
  category: v.picklist(SUPPORT_CATEGORIES, CATEGORY_REQUIRED),
  message: Message,
  monitor_id: MonitorChoice,
})
export type TicketInput = v.InferOutput<typeof TicketInput>

/** An answer in a ticket's thread, from its owner or an operator. */
export const ReplyInput = v.object({
  message: v.pipe(
    v.string(REPLY_REQUIRED),
    v.trim(),
    v.nonEmpty(REPLY_REQUIRED),
    v.maxLength(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
    plainText('Message'),
  ),
})
export type ReplyInput = v.InferOutput<typeof ReplyInput>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const TicketIdParam = v.object({
  id: v.pipe(v.string(), v.regex(UUID, 'This is not a ticket id.'), v.toLowerCase()),
})

export const TicketListQuery = v.object({
  status: v.optional(v.picklist(TICKET_STATUSES, `Status must be one of ${TICKET_STATUSES.join(', ')}.`)),
})
export type TicketListQuery = v.InferOutput<typeof TicketListQuery>

/** A ticket as a list shows it. `user` (who asked) is given to operators only; null in a user's own list. */
export const TicketSummary = v.object({
  id: v.string(),
  subject: v.string(),
  category: v.picklist(SUPPORT_CATEGORIES),
  status: v.picklist(TICKET_STATUSES),
  monitor: v.nullable(v.object({ id: v.string(), name: v.string() })),
  created_at: v.string(),
  /** The last activity: a message, or the ticket closed. */
  updated_at: v.string(),
  message_count: v.number(),
  last_author: v.picklist(MESSAGE_AUTHORS),
  user: v.nullable(v.object({ id: v.string(), name: v.string(), email: v.string() })),
})
export type TicketSummary = v.InferOutput<typeof TicketSummary>

export const TicketMessage = v.object({
  id: v.string(),
  body: v.string(),
  author: v.picklist(MESSAGE_AUTHORS),
  /** The name of who wrote it, as it was then. */
  author_name: v.string(),
  created_at: v.string(),
})
export type TicketMessage = v.InferOutput<typeof TicketMessage>

/** A ticket with its thread, oldest message first. */
export const TicketView = v.object({ ...TicketSummary.entries, messages: v.array(TicketMessage) })
export type TicketView = v.InferOutput<typeof TicketView>

/** GET /api/support/tickets: the tickets the viewer may see, and whether the viewer is an operator. */
export const TicketList = v.object({ tickets: v.array(TicketSummary), operator: v.boolean() })
export type TicketList = v.InferOutput<typeof TicketList>

/** GET /api/support/tickets/{id}. */
export const TicketAnswer = v.object({ ticket: TicketView, operator: v.boolean() })
export type TicketAnswer = v.InferOutput<typeof TicketAnswer>

/** A ticket after a change: opened, answered or closed. */
export const OneTicket = v.object({ ticket: TicketView })
export type OneTicket = v.InferOutput<typeof OneTicket>

/** A reply as the notification in the bell says it: its first characters, on one line. */
export const replyPreview = (body: string, max = 140): string => {
  const line = body.replace(/\s+/g, ' ').trim()
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}
