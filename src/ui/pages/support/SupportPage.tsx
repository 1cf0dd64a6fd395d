import { formatDateTime } from '@vigil/domain/date-format'
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, TicketInput, type TicketSummary } from '@vigil/domain/support'
import { SUPPORT_FAQ, searchFaq } from '@vigil/domain/support-faq'
import { ChevronDown } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { css } from '../../../../styled-system/css'
import { monitorChoicesLogic, supportApi, supportLoadLogic } from '../../../adapters/support-api.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Button } from '../../components/button.tsx'
import * as Field from '../../components/field.tsx'
import * as Table from '../../components/table.tsx'
import { showToast } from '../../components/toast-store.ts'
import { AccountForm, AccountSection } from '../account-sections.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { useFormFlow } from '../profile/use-form-flow.ts'
import { TicketStatusChip } from './TicketStatusChip.tsx'

/** /support: answers to search, a request for help, and the requests with their status (every user's for operators). */
export function SupportPage() {
  const load = useActorRef(useMemo(() => supportLoadLogic(supportApi), []))
  const list = useSelector(load, (s) => s.context.data)
  const error = useSelector(load, (s) => s.context.error)
  return (
    <FeatureGate feature="Support">
      <StackedPage
        id="support-title"
        title="Support"
        description="Find an answer, or ask us and follow your request here."
      >
        <Answers />
        <RequestForm />
        <AccountSection id="tickets-title" title={list?.operator ? 'All requests' : 'Your requests'}>
          {error && <RetryAlert onRetry={() => load.send({ type: 'load.retry' })}>{error}</RetryAlert>}
          {!list && !error && <LoadingCard />}
          {list && list.tickets.length === 0 && <p className={css({ color: 'muted' })}>No requests yet.</p>}
          {list && list.tickets.length > 0 && <Tickets tickets={list.tickets} operator={list.operator} />}
        </AccountSection>
      </StackedPage>
    </FeatureGate>
  )
}

function Answers() {
  const [query, setQuery] = useState('')
  const found = searchFaq(SUPPORT_FAQ, query)
  return (
    <AccountSection id="answers-title" title="Answers">
      <Field.Root>
        <Field.Label>Search the answers</Field.Label>
        <Field.Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="retries, Slack, status page..."
        />
      </Field.Root>
      <p className={css({ srOnly: true })} aria-live="polite">
        {query ? `${found.length} answers found` : ''}
      </p>
      {found.length === 0 && <p>No answer mentions “{query}”. Ask us below.</p>}
      <div className={faqList}>
        {found.map((entry) => (
          <details key={entry.id} className={faqItem}>
            <summary>
              {entry.question}
              <ChevronDown aria-hidden="true" size={18} />
            </summary>
            <div className={css({ display: 'grid', gap: '2', pb: '4', color: 'gray.700' })}>
              {entry.answer.split('\n\n').map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </AccountSection>
  )
}

function RequestForm() {
  const navigate = useNavigate()
  const choices = useActorRef(useMemo(() => monitorChoicesLogic(supportApi), []))
  const monitors = useSelector(choices, (s) => s.context.data) ?? []
  const form = useFormFlow(supportApi.create, TicketInput, (ticket) => {
    showToast({ title: 'Your request was sent', description: 'We will answer here and by email.', type: 'success' })
    navigate(`/support/tickets/${ticket.id}`)
  })
  return (
    <AccountForm id="request-title" title="Ask for help" onValues={form.send}>
      <ErrorAlert message={form.message} />
      <Field.Root invalid={Boolean(form.errors.subject)}>
        <Field.Label>Subject</Field.Label>
        <Field.Input name="subject" maxLength={120} />
        <Field.ErrorText>{form.errors.subject}</Field.ErrorText>
      </Field.Root>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <Field.Root invalid={Boolean(form.errors.category)}>
          <Field.Label>Category</Field.Label>
          <Field.Select name="category" defaultValue="">
            <option value="" disabled>
              Choose one
            </option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {SUPPORT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Field.Select>
          <Field.ErrorText>{form.errors.category}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(form.errors.monitor_id)}>
          <Field.Label>Monitor (optional)</Field.Label>
          <Field.Select name="monitor_id" defaultValue="">
            <option value="">None</option>
            {monitors.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Field.Select>
          <Field.ErrorText>{form.errors.monitor_id}</Field.ErrorText>
        </Field.Root>
      </div>
      <Field.Root invalid={Boolean(form.errors.message)}>
        <Field.Label>Message</Field.Label>
        <Field.Textarea name="message" rows={6} maxLength={5000} />
        <Field.HelperText>What you did, what you expected, and what happened instead.</Field.HelperText>
        <Field.ErrorText>{form.errors.message}</Field.ErrorText>
      </Field.Root>
      <div>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending...' : 'Send the request'}
        </Button>
      </div>
    </AccountForm>
  )
}

function Tickets({ tickets, operator }: { tickets: TicketSummary[]; operator: boolean }) {
  const columns = ['Subject', 'Status', 'Category', ...(operator ? ['From'] : []), 'Last activity']
  return (
    <Table.Simple label="Support requests" layout="stack" columns={columns}>
      {tickets.map((t) => (
        <Table.Row key={t.id}>
          <Table.Cell>
            <Link
              className={css({ color: 'primary', fontWeight: 'medium', textDecoration: 'underline' })}
              to={`/support/tickets/${t.id}`}
            >
              {t.subject}
            </Link>
          </Table.Cell>
          <Table.Cell>
            <TicketStatusChip status={t.status} />
          </Table.Cell>
          <Table.Cell>{SUPPORT_CATEGORY_LABELS[t.category]}</Table.Cell>
          {operator && <Table.Cell>{t.user ? `${t.user.name} (${t.user.email})` : ''}</Table.Cell>}
          <Table.Cell>{formatDateTime(t.updated_at)}</Table.Cell>
        </Table.Row>
      ))}
    </Table.Simple>
  )
}

// The answers as one list ruled lightly between its questions, each opened in place; the chevron turns when open.
const faqList = css({ display: 'grid', borderTopWidth: '1px', borderColor: 'border' })
const faqItem = css({
  borderBottomWidth: '1px',
  borderColor: 'border',
  '& > summary': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    py: '3',
    cursor: 'pointer',
    fontWeight: 'medium',
    listStyle: 'none',
    _hover: { color: 'primary' },
    _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px', rounded: 'sm' },
  },
  '& > summary::-webkit-details-marker': { display: 'none' },
  '& > summary > svg': { flexShrink: '0', color: 'muted', transition: 'transform 150ms' },
  '&[open] > summary > svg': { transform: 'rotate(180deg)' },
})
