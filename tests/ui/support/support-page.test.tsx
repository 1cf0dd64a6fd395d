// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { TicketView } from '@vigil/domain/support'
import { SupportPage } from '../../../src/ui/pages/support/SupportPage.tsx'
import { TicketPage } from '../../../src/ui/pages/support/TicketPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
const at = (h: number) => new Date(2026, 10, 26, h, 0).toISOString()

const ticket = (over: Partial<TicketView> = {}): TicketView => ({
  id: ID,
  subject: 'Slack alerts stopped',
  category: 'alerts',
  status: 'open',
  monitor: { id: 'm1', name: 'Shop' },
  created_at: at(9),
  updated_at: at(9),
  message_count: 1,
  last_author: 'user',
  user: null,
  messages: [{ id: 'x1', body: 'No Slack message since noon.', author: 'user', author_name: 'Ada', created_at: at(9) }],
  ...over,
})
const monitors = {
  monitors: [{ id: 'm1', type: 'web', name: 'Shop' }],
  counts: { total: 1, up: 1, down: 0, degraded: 0, paused: 0, pending: 0 },
}

describe('/support', () => {
  it('searches the answers, checks the request before sending it, sends it and opens it', async () => {
    signIn()
    const requests = stubApi({
      'GET /api/support/tickets': () => ok({ tickets: [ticket({ status: 'answered' })], operator: false }),
      'GET /api/monitors': () => ok(monitors),
      'POST /api/support/tickets': () => ok({ ticket: ticket({ id: ID }) }, 201),
    })
    const { container, location } = renderShell(<SupportPage />, { url: '/support' })
    const list = await screen.findByRole('region', { name: 'Support requests' })
    expect(within(list).getAllByRole('row')[1]?.textContent).toMatch(
      /^Slack alerts stoppedAnsweredAlerts and notifications/,
    )
    expect(await seriousViolations(container)).toEqual([])

    const search = screen.getByRole('searchbox', { name: 'Search the answers' })
    fireEvent.change(search, { target: { value: 'retries down' } })
    const region = screen.getByRole('region', { name: 'Answers' })
    const answers = within(region)
    const questions = () => [...region.querySelectorAll('summary')].map((s) => s.textContent)
    expect(questions()[0]).toBe('Why was a failed check not reported as down at once?')
    expect(questions().length).toBeLessThan(5)
    fireEvent.change(search, { target: { value: 'zzzyxq' } })
    expect(answers.getByText('No answer mentions “zzzyxq”. Ask us below.')).toBeTruthy()

    const form = screen.getByRole('form', { name: 'Ask for help' })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the request' })))
    expect(within(form).getByText('Subject is required.')).toBeTruthy()
    expect(within(form).getByText('Choose a category.')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'Slack alerts stopped' },
    })
    fireEvent.change(within(form).getByRole('combobox', { name: 'Category' }), { target: { value: 'alerts' } })
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Shop' })).toBeTruthy())
    fireEvent.change(within(form).getByRole('combobox', { name: 'Monitor (optional)' }), { target: { value: 'm1' } })
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'No Slack message since noon.' },
    })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the request' })))
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      subject: 'Slack alerts stopped',
      category: 'alerts',
      monitor_id: 'm1',
      message: 'No Slack message since noon.',
    })
    expect(location()).toBe(`/support/tickets/${ID}`)
  })

  it("shows an operator every user's requests with who sent them", async () => {
    signIn()
    stubApi({
      'GET /api/support/tickets': () =>
        ok({ tickets: [ticket({ user: { id: 'u2', name: 'Bob', email: 'bob@example.com' } })], operator: true }),
      'GET /api/monitors': () => ok(monitors),
    })
    renderShell(<SupportPage />, { url: '/support' })
    const list = await screen.findByRole('region', { name: 'Support requests' })
    expect(screen.getByRole('heading', { name: 'All requests' })).toBeTruthy()
    expect(within(list).getAllByRole('row')[1]?.textContent).toContain('Bob (bob@example.com)')
  })
})

describe('/support/tickets/{id}', () => {
  const renderTicket = () =>
    renderShell(
      <Routes>
        <Route path="/support/tickets/:ticketId" element={<TicketPage />} />
      </Routes>,
      { url: `/support/tickets/${ID}` },
    )

  it('shows the thread, sends a reply, and closes the request', async () => {
    signIn()
    let current = ticket({
      status: 'answered',
      messages: [
        ...ticket().messages,
        {
          id: 'x2',
          body: 'The webhook was revoked: connect Slack again.',
          author: 'operator',
          author_name: 'Support team',
          created_at: at(10),
        },
      ],
    })
    const requests = stubApi({
      [`GET /api/support/tickets/${ID}`]: () => ok({ ticket: current, operator: false }),
      [`POST /api/support/tickets/${ID}/messages`]: (req) => {
        const body = (req.body as { message: string }).message
        current = {
          ...current,
          status: 'open',
          messages: [...current.messages, { id: 'x3', body, author: 'user', author_name: 'Ada', created_at: at(11) }],
        }
        return ok({ ticket: current }, 201)
      },
      [`POST /api/support/tickets/${ID}/close`]: () => {
        current = { ...current, status: 'closed' }
        return ok({ ticket: current })
      },
    })
    const { container } = renderTicket()
    const thread = await screen.findByRole('list', { name: 'Messages' })
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Ada.*No Slack message since noon\.$/),
      expect.stringMatching(/^Support teamSupport.*The webhook was revoked: connect Slack again\.$/),
    ])
    expect(screen.getByText('Answered')).toBeTruthy()
    expect(await seriousViolations(container)).toEqual([])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    expect(screen.getByText('Write your answer first.')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Done, it works again.' },
    })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(3))
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).value).toBe('')
    expect(screen.getByText('Waiting for support')).toBeTruthy()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close the request' })))
    expect(await screen.findByText('Closed')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Close the request' })).toBeNull()
    expect(screen.getByText('This request is closed. Writing here opens it again.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/support/tickets/${ID}/messages`,
      `/api/support/tickets/${ID}/close`,
    ])
  })

  it("says so when the request is not the user's", async () => {
    signIn()
    stubApi({ [`GET /api/support/tickets/${ID}`]: () => ({ status: 404, body: { message: 'Ticket not found.' } }) })
    renderTicket()
    expect((await screen.findByRole('alert')).textContent).toContain('Ticket not found.')
  })
})
