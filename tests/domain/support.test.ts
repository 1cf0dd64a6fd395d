import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { checkForm } from '@vigil/domain/form-validation'
import {
  ReplyInput,
  replyPreview,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  TicketIdParam,
  TicketInput,
  TicketListQuery,
} from '@vigil/domain/support'
import { type FaqEntry, SUPPORT_FAQ, searchFaq } from '@vigil/domain/support-faq'

const errorsOf = (schema: v.GenericSchema, value: unknown) => {
  const result = checkForm(schema, value)
  if (result.ok) throw new Error(`expected ${JSON.stringify(value)} to be refused`)
  return result.errors
}

const request = { subject: 'Checks time out', category: 'monitoring', message: 'My web monitor says timeout.' }

describe('a support request', () => {
  it('takes a subject on one line, a category, a message and optionally a monitor', () => {
    expect(v.parse(TicketInput, { ...request, subject: '  Checks\n time   out ' })).toEqual({
      ...request,
      monitor_id: null,
    })
    expect(v.parse(TicketInput, { ...request, monitor_id: 'm-1' }).monitor_id).toBe('m-1')
    expect(v.parse(TicketInput, { ...request, monitor_id: null }).monitor_id).toBeNull()
    expect(v.parse(TicketInput, { ...request, monitor_id: '  ' }).monitor_id).toBeNull()
  })

  it.each([
    [{ subject: undefined }, 'subject', 'Subject is required.'],
    [{ subject: '   ' }, 'subject', 'Subject is required.'],
    [{ subject: 'ab' }, 'subject', 'Subject must be at least 3 characters.'],
    [{ subject: 'x'.repeat(121) }, 'subject', 'Subject must be at most 120 characters.'],
    [{ category: 'sales' }, 'category', 'Choose a category.'],
    [{ category: undefined }, 'category', 'Choose a category.'],
    [{ message: undefined }, 'message', 'Message is required.'],
    [{ message: ' ' }, 'message', 'Message is required.'],
    [{ message: 'help me' }, 'message', 'Write at least 10 characters so we can help.'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters.'],
    [{ monitor_id: 42 }, 'monitor_id', 'Monitor must be the id of one of your monitors.'],
    [{ monitor_id: 'm'.repeat(65) }, 'monitor_id', 'Monitor must be the id of one of your monitors.'],
  ])('refuses %j at %s: %s', (change, field, message) => {
    expect(errorsOf(TicketInput, { ...request, ...change })[field]).toBe(message)
  })

  it('has a label for every category', () => {
    for (const category of SUPPORT_CATEGORIES) expect(SUPPORT_CATEGORY_LABELS[category]).toMatch(/^[A-Z]/)
  })

  it('takes an answer of 1 to 5000 characters', () => {
    expect(v.parse(ReplyInput, { message: ' ok ' })).toEqual({ message: 'ok' })
    expect(errorsOf(ReplyInput, { message: '  ' }).message).toBe('Write your answer first.')
    expect(errorsOf(ReplyInput, {}).message).toBe('Message is required.')
    expect(errorsOf(ReplyInput, { message: 'x'.repeat(5001) }).message).toBe('Message must be at most 5000 characters.')
  })

  it('names a ticket by a UUID, and lists by status', () => {
    const id = '0190F3A2-7C4E-7A10-8B2D-3F4E5A6B7C8D'
    expect(v.parse(TicketIdParam, { id }).id).toBe(id.toLowerCase())
    for (const bad of ['42', `${id}x`, '../tickets', ''])
      expect(errorsOf(TicketIdParam, { id: bad }).id).toBe('This is not a ticket id.')
    expect(v.parse(TicketListQuery, {})).toEqual({})
    expect(v.parse(TicketListQuery, { status: 'answered' })).toEqual({ status: 'answered' })
    expect(errorsOf(TicketListQuery, { status: 'new' }).status).toBe('Status must be one of open, answered, closed.')
  })

  it('previews an answer on one line, cut at 140 characters', () => {
    expect(replyPreview('Hello,\n\n  try  again ')).toBe('Hello, try again')
    const long = replyPreview('word '.repeat(60))
    expect(long.length).toBeLessThanOrEqual(140)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('the answers to common questions', () => {
  const entry = (id: string, question: string, answer: string): FaqEntry => ({ id, question, answer, topic: 'other' })
  const entries = [
    entry('a', 'How do alerts reach Slack?', 'Add an incoming webhook.'),
    entry('b', 'What is a status page?', 'A public page; alerts are not shown on it.'),
    entry('c', 'Where is the résumé of my plan?', 'On the Billing page.'),
    entry('d', 'How do I pay?', 'By card on Stripe, when Slack alerts are not enough.'),
  ]
  const ids = (found: FaqEntry[]) => found.map((e) => e.id)

  it('answers every entry, in order, for an empty query', () => {
    expect(ids(searchFaq(entries, ''))).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(searchFaq(entries, '  ?! '))).toEqual(['a', 'b', 'c', 'd'])
  })

  it('finds the entries holding every word, in the question or the answer, as words or parts of words', () => {
    expect(ids(searchFaq(entries, 'alerts'))).toEqual(['a', 'b', 'd'])
    expect(ids(searchFaq(entries, 'slack alerts'))).toEqual(['a', 'd'])
    expect(ids(searchFaq(entries, 'slack page'))).toEqual([])
    expect(ids(searchFaq(entries, 'webh'))).toEqual(['a'])
  })

  it('ignores case and accents on both sides', () => {
    expect(ids(searchFaq(entries, 'RESUME'))).toEqual(['c'])
    expect(ids(searchFaq(entries, 'Stripé'))).toEqual(['d'])
    expect(ids(searchFaq(entries, 'billing, PLAN!'))).toEqual(['c'])
  })

  it('ranks entries whose question holds more of the words first', () => {
    const [a, b, , d] = entries as [FaqEntry, FaqEntry, FaqEntry, FaqEntry]
    // "alerts" is in a's question, and only in the answers of b and d, which keep their order.
    expect(ids(searchFaq([d, b, a], 'alerts'))).toEqual(['a', 'd', 'b'])
    // Both words in b's question, one in a's.
    expect(ids(searchFaq([a, b], 'status alerts'))).toEqual(['b'])
    expect(ids(searchFaq([d, a], 'slack alerts'))).toEqual(['a', 'd'])
  })

  it('covers checks, retries, alerts, every channel, status pages and billing, each entry with its own id', () => {
    expect(SUPPORT_FAQ.length).toBeGreaterThanOrEqual(14)
    expect(new Set(SUPPORT_FAQ.map((e) => e.id)).size).toBe(SUPPORT_FAQ.length)
    for (const e of SUPPORT_FAQ) {
      expect(e.question, e.id).toMatch(/\?$/)
      expect(e.answer.length, e.id).toBeGreaterThan(80)
      expect(SUPPORT_CATEGORIES, e.id).toContain(e.topic)
    }
    for (const channel of ['Slack', 'Email', 'Webhook', 'Microsoft Teams', 'Discord', 'Telegram'])
      expect(ids(searchFaq(SUPPORT_FAQ, channel))[0], channel).toMatch(/^integration-/)
    expect(ids(searchFaq(SUPPORT_FAQ, 'retries'))).toContain('retries-confirmation')
    expect(ids(searchFaq(SUPPORT_FAQ, 'read status page'))[0]).toBe('status-page-read')
    expect(ids(searchFaq(SUPPORT_FAQ, 'free trial'))[0]).toBe('trial')
  })
})
