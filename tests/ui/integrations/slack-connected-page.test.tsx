// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SlackConnectedPage } from '../../../src/ui/pages/integrations/SlackConnectedPage.tsx'
import { delivery, emailIntegration, failedDelivery, slackIntegration } from '../../fixtures/integrations.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })
const answer = () =>
  ok({ integrations: [emailIntegration(), slackIntegration({ name: '#ops-alerts' })], slack_install_available: true })
const listed: Handlers = { 'GET /api/integrations': answer }

function renderAt(url: string, handlers: Handlers = listed) {
  signIn()
  const requests = stubApi(handlers)
  return { ...renderShell(<SlackConnectedPage />, { url }), requests }
}

describe('the slack-connected page', () => {
  it('names the connected channel, links back, and sends a test message', async () => {
    let tests = 0
    renderAt('/slack-connected?integration=int-slack', {
      ...listed,
      'POST /api/integrations/int-slack/test': () => {
        tests += 1
        return ok({ delivery: tests === 1 ? delivery() : failedDelivery({ last_error: 'channel_not_found' }) })
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Slack connected' })).toBeTruthy()
    expect(await screen.findByText('#ops-alerts')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to integrations' }).getAttribute('href')).toBe('/integrations')
    expect(await seriousViolations(document.body)).toEqual([])
    const send = screen.getByRole('button', { name: 'Send test message' })
    await act(async () => {
      fireEvent.click(send)
    })
    await waitFor(() => expect(screen.getByTestId('test-outcome').textContent).toContain('Delivered'))
    await act(async () => {
      fireEvent.click(send)
    })
    await waitFor(() => expect(screen.getByTestId('test-outcome').textContent).toContain('channel_not_found'))
    expect(screen.getByTestId('test-outcome').textContent).toContain('Failed')
  })

  it('shows the refusal it was sent back with, and a link to try again', async () => {
    const { requests } = renderAt('/slack-connected?error=The%20workspace%20admin%20declined%20the%20app.')
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not connect Slack' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('The workspace admin declined the app.')
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/api/integrations/slack/install')
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toBeTruthy()
    expect(requests.some((r) => r.path === '/api/integrations')).toBe(false)
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('says that nothing came back when there is neither an id nor an error', async () => {
    renderAt('/slack-connected')
    expect((await screen.findByRole('alert')).textContent).toBe('Slack did not finish connecting. Try again.')
  })

  it('says so when the channel is not among the user’s', async () => {
    renderAt('/slack-connected?integration=someone-elses')
    expect(await screen.findByRole('heading', { level: 1, name: 'Integration not found' })).toBeTruthy()
  })

  it('asks to sign in when the session is over', async () => {
    renderAt('/slack-connected?integration=int-slack', {
      'GET /api/integrations': () => ({ status: 401, body: { message: 'Not signed in.' } }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to manage your integrations' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login')
  })

  it('says why the channel could not be read, and reads it again', async () => {
    let fail = true
    renderAt('/slack-connected?integration=int-slack', {
      'GET /api/integrations': () => (fail ? 'network-error' : answer()),
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load your integrations.')
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(await screen.findByText('#ops-alerts')).toBeTruthy()
  })
})
