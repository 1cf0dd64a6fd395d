import { failureMessage } from '@vigil/domain/api-failure'
import { formatDateTime } from '@vigil/domain/date-format'
import { ReplyInput, SUPPORT_CATEGORY_LABELS, type TicketView } from '@vigil/domain/support'
import { useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { css, cx } from '../../../../styled-system/css'
import { supportApi, ticketLoadLogic } from '../../../adapters/support-api.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as Field from '../../components/field.tsx'
import { AccountForm, AccountSection, accountSection } from '../account-sections.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { useFormFlow } from '../profile/use-form-flow.ts'
import { TicketStatusChip } from './TicketStatusChip.tsx'

/** /support/tickets/{id}: one request with its thread, an answer to it, and closing it. */
export function TicketPage() {
  const { ticketId = '' } = useParams()
  const load = useActorRef(useMemo(() => ticketLoadLogic(supportApi, ticketId), [ticketId]))
  const answer = useSelector(load, (s) => s.context.data)
  const error = useSelector(load, (s) => s.context.error)
  // What the server answered to the last reply or close; newer than the first read.
  const [latest, setLatest] = useState<TicketView | null>(null)
  const ticket = latest ?? answer?.ticket ?? null

  return (
    <FeatureGate feature="Support">
      <StackedPage
        id="ticket-title"
        title={ticket ? ticket.subject : 'Support request'}
        description={
          <Link className={css({ color: 'primary', textDecoration: 'underline' })} to="/support">
            Back to Support
          </Link>
        }
      >
        {error && <RetryAlert onRetry={() => load.send({ type: 'load.retry' })}>{error}</RetryAlert>}
        {!ticket && !error && <LoadingCard />}
        {ticket && answer && <Ticket ticket={ticket} operator={answer.operator} onChanged={setLatest} />}
      </StackedPage>
    </FeatureGate>
  )
}

function Ticket({
  ticket,
  operator,
  onChanged,
}: {
  ticket: TicketView
  operator: boolean
  onChanged: (ticket: TicketView) => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const reply = useFormFlow(
    (body: { message: string }) => supportApi.reply(ticket.id, body),
    ReplyInput,
    (next) => {
      formRef.current?.reset()
      onChanged(next)
    },
  )
  const [closing, setClosing] = useState(false)
  const [closeError, setCloseError] = useState<string | null>(null)
  const close = async () => {
    setClosing(true)
    setCloseError(null)
    try {
      onChanged(await supportApi.close(ticket.id))
    } catch (err) {
      setCloseError(failureMessage(err, 'The request could not be closed. Please try again.'))
    } finally {
      setClosing(false)
    }
  }

  return (
    <>
      <dl className={cx(accountSection, facts)} aria-label="About the request">
        <dt>Status</dt>
        <dd>
          <TicketStatusChip status={ticket.status} />
        </dd>
        <dt>Category</dt>
        <dd>{SUPPORT_CATEGORY_LABELS[ticket.category]}</dd>
        {ticket.monitor && (
          <>
            <dt>Monitor</dt>
            <dd>{ticket.monitor.name}</dd>
          </>
        )}
        {operator && ticket.user && (
          <>
            <dt>From</dt>
            <dd>
              {ticket.user.name} ({ticket.user.email})
            </dd>
          </>
        )}
        <dt>Opened</dt>
        <dd>{formatDateTime(ticket.created_at)}</dd>
      </dl>

      <AccountSection id="thread-title" title="Conversation">
        <ol className={css({ display: 'grid', gap: '3' })} aria-label="Messages">
          {ticket.messages.map((m) => (
            <li key={m.id} className={m.author === 'operator' ? fromOperator : fromUser}>
              <p className={css({ fontSize: 'sm', color: 'muted', display: 'flex', gap: '2', alignItems: 'center' })}>
                <strong className={css({ color: 'gray.900' })}>{m.author_name}</strong>
                {m.author === 'operator' && <Chip tone="success">Support</Chip>}
                <span>{formatDateTime(m.created_at)}</span>
              </p>
              <p className={css({ whiteSpace: 'pre-wrap', mt: '1' })}>{m.body}</p>
            </li>
          ))}
        </ol>
      </AccountSection>

      <AccountForm ref={formRef} id="reply-title" title={operator ? 'Answer' : 'Reply'} onValues={reply.send}>
        {ticket.status === 'closed' && !operator && (
          <p className={css({ color: 'muted' })}>This request is closed. Writing here opens it again.</p>
        )}
        <ErrorAlert message={reply.message} />
        <Field.Root invalid={Boolean(reply.errors.message)}>
          <Field.Label>Your message</Field.Label>
          <Field.Textarea name="message" rows={5} maxLength={5000} />
          <Field.ErrorText>{reply.errors.message}</Field.ErrorText>
        </Field.Root>
        <ErrorAlert message={closeError} />
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button type="submit" disabled={reply.submitting}>
            {reply.submitting ? 'Sending...' : 'Send'}
          </Button>
          {ticket.status !== 'closed' && (
            <Button type="button" variant="outline" disabled={closing} onClick={close}>
              {closing ? 'Closing...' : 'Close the request'}
            </Button>
          )}
        </div>
      </AccountForm>
    </>
  )
}

const facts = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '2',
  columnGap: '4',
  '& dt': { color: 'muted', fontSize: 'sm' },
})
const fromUser = css({ p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'border' })
const fromOperator = css({ p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'green.200', bg: 'green.50' })
