import { supportTicketPath } from '@vigil/domain/notification-target'
import {
  isOperator,
  type MessageAuthor,
  replyPreview,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  type SupportCategory,
  TICKET_STATUSES,
  type TicketAnswer,
  type TicketInput,
  type TicketList,
  type TicketStatus,
  type TicketSummary,
  type TicketView,
} from '@vigil/domain/support'
import { repos as reposOf } from '../db/repos/index.ts'
import type { SupportSummaryRow } from '../db/repos/support.repo.ts'
import type { UserRow } from '../db/repos/users.repo.ts'
import { notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { publishUnread } from '../live/notices.ts'
import { userOf } from './account-checks.ts'
import type { Deps } from './deps.ts'

// Support: a user's requests and their threads, answered by the operators (the accounts whose current email is in
// ADMIN_EMAILS, decided on each request). A new request and each answer of its owner are mailed to SUPPORT_EMAIL; an
// operator's answer rings the owner's bell (type `account`, opening the ticket) and is mailed to them. Anyone else is
// told the ticket does not exist.

const iso = (ms: number) => new Date(ms).toISOString()

const categoryOf = (value: string): SupportCategory =>
  (SUPPORT_CATEGORIES as readonly string[]).includes(value) ? (value as SupportCategory) : 'other'
const statusOf = (value: string): TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value) ? (value as TicketStatus) : 'open'
const authorOf = (value: string | null): MessageAuthor => (value === 'operator' ? 'operator' : 'user')

const toSummary = (row: SupportSummaryRow, operator: boolean): TicketSummary => ({
  id: row.ticket_id,
  subject: row.subject,
  category: categoryOf(row.category),
  status: statusOf(row.status),
  monitor: row.monitor_id !== null && row.monitor_name !== null ? { id: row.monitor_id, name: row.monitor_name } : null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  message_count: Number(row.message_count ?? 0),
  last_author: authorOf(row.last_author),
  user: operator ? { id: row.user_id, name: row.user_name, email: row.user_email } : null,
})

interface Viewer {
  user: UserRow
  operator: boolean
}

export const supportService = (deps: Deps) => {
  const { repos, database, clock, mailer, config, logger } = deps
  let toldNoSupportEmail = false

  const viewerOf = async (userId: string): Promise<Viewer> => {
    const user = await userOf(repos, userId)
    return {
      user,
      operator: isOperator(config.adminEmails, {
        email: user.email,
        email_confirmed: user.email_confirmed_at !== null,
      }),
    }
  }

  /** The ticket, when the viewer may see it (its owner, or an operator); anyone else is told it does not exist. */
  const ticketFor = async (viewer: Viewer, ticketId: string) => {
    const ticket = await repos.support.find(ticketId)
    if (!ticket || (ticket.user_id !== viewer.user.user_id && !viewer.operator)) throw notFound('Ticket')
    return ticket
  }

  const viewOf = async (ticketId: string, operator: boolean): Promise<TicketView> => {
    const [row, messages] = await Promise.all([repos.support.summary(ticketId), repos.support.messagesOf(ticketId)])
    if (!row) throw notFound('Ticket')
    return {
      ...toSummary(row, operator),
      messages: messages.map((m) => ({
        id: m.message_id,
        body: m.body,
        author: authorOf(m.author_role),
        author_name: m.author_name,
        created_at: iso(m.created_at),
      })),
    }
  }

  const linkTo = (ticketId: string) => `${config.appUrl}${supportTicketPath(ticketId)}`

  /** Mail to the operators' address; without SUPPORT_EMAIL the ticket is only in the app (said once in the log). */
  const mailOperator = async (owner: UserRow, subject: string, text: string) => {
    if (!config.supportEmail) {
      if (!toldNoSupportEmail)
        logger.info('support requests are not mailed: SUPPORT_EMAIL is not set; operators see them on /support')
      toldNoSupportEmail = true
      return
    }
    // The delivery is about the owner's account: it goes with it, like the rest of their mail.
    await mailer.send({ userId: owner.user_id, to: config.supportEmail, subject, text })
  }

  return {
    /** The viewer's tickets, or every user's for an operator; the latest activity first. */
    async list(userId: string, status?: TicketStatus): Promise<TicketList> {
      const { operator } = await viewerOf(userId)
      const rows = await repos.support.list({ userId: operator ? undefined : userId, status })
      return { tickets: rows.map((row) => toSummary(row, operator)), operator }
    },

    async view(userId: string, ticketId: string): Promise<TicketAnswer> {
      const viewer = await viewerOf(userId)
      await ticketFor(viewer, ticketId)
      return { ticket: await viewOf(ticketId, viewer.operator), operator: viewer.operator }
    },

    /** A new request: the ticket with its first message, mailed to the operators. */
    async create(userId: string, input: TicketInput): Promise<TicketView> {
      const viewer = await viewerOf(userId)
      const monitor = input.monitor_id === null ? null : await repos.monitors.findOwned(userId, input.monitor_id)
      if (input.monitor_id !== null && !monitor) throw notFound('Monitor')
      const now = clock.now()
      const ticketId = newId()
      await database.db.transaction().execute(async (trx) => {
        const tx = reposOf(trx)
        await tx.support.insertTicket({
          ticket_id: ticketId,
          user_id: userId,
          subject: input.subject,
          category: input.category,
          status: 'open',
          monitor_id: monitor?.monitor_id ?? null,
          created_at: now,
          updated_at: now,
        })
        await tx.support.insertMessage({
          message_id: newId(),
          ticket_id: ticketId,
          author_role: 'user',
          author_id: userId,
          author_name: viewer.user.name,
          body: input.message,
          created_at: now,
        })
      })
      const { user } = viewer
      await mailOperator(
        user,
        `[Support] ${input.subject}`,
        [
          `${user.name} <${user.email}> asked for help.`,
          '',
          `Subject: ${input.subject}`,
          `Category: ${SUPPORT_CATEGORY_LABELS[input.category]}`,
          `Monitor: ${monitor ? `${monitor.name} (${monitor.type}, id ${monitor.monitor_id})` : 'none'}`,
          '',
          input.message,
          '',
          `Answer in the app: ${linkTo(ticketId)}`,
        ].join('\n'),
      )
      return viewOf(ticketId, viewer.operator)
    },

    /**
     * An answer in the thread. From the owner, the ticket waits for the operators again (a closed one reopens) and
     * they are mailed; from an operator, it waits for the owner, who gets a notification and a mail.
     */
    async reply(userId: string, ticketId: string, message: string): Promise<TicketView> {
      const viewer = await viewerOf(userId)
      const ticket = await ticketFor(viewer, ticketId)
      const own = ticket.user_id === userId
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const tx = reposOf(trx)
        await tx.support.insertMessage({
          message_id: newId(),
          ticket_id: ticketId,
          author_role: own ? 'user' : 'operator',
          author_id: userId,
          author_name: viewer.user.name,
          body: message,
          created_at: now,
        })
        await tx.support.setStatus(ticketId, own ? 'open' : 'answered', now)
        if (!own)
          await tx.notifications.insertAccountNotice(
            ticket.user_id,
            { title: `Support answered: ${ticket.subject}`, description: replyPreview(message) },
            now,
            ticketId,
          )
      })
      // The owner's bell (not the operator's, who answered).
      if (!own) await publishUnread(deps, [ticket.user_id])
      if (own) {
        const reopened = ticket.status === 'closed' ? ' (it was closed and is open again)' : ''
        await mailOperator(
          viewer.user,
          `[Support] Re: ${ticket.subject}`,
          [
            `${viewer.user.name} <${viewer.user.email}> answered in "${ticket.subject}"${reopened}:`,
            '',
            message,
            '',
            `Answer in the app: ${linkTo(ticketId)}`,
          ].join('\n'),
        )
      } else {
        const owner = await repos.users.findById(ticket.user_id)
        if (owner)
          await mailer.send({
            userId: owner.user_id,
            to: owner.email,
            subject: `Support answered: ${ticket.subject}`,
            text: [
              `Hello ${owner.name},`,
              '',
              `${viewer.user.name} from support answered your request "${ticket.subject}":`,
              '',
              message,
              '',
              `Read the thread and answer at ${linkTo(ticketId)}`,
              'When you have what you need, close the request there.',
            ].join('\n'),
          })
      }
      return viewOf(ticketId, viewer.operator)
    },

    /** Closed by its owner or an operator; closing a closed ticket changes nothing. */
    async close(userId: string, ticketId: string): Promise<TicketView> {
      const viewer = await viewerOf(userId)
      const ticket = await ticketFor(viewer, ticketId)
      if (ticket.status !== 'closed') await repos.support.setStatus(ticketId, 'closed', clock.now())
      return viewOf(ticketId, viewer.operator)
    },
  }
}
