// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SessionView } from '../../../src/domain/sessions.ts'
import { SecurityPage } from '../../../src/ui/pages/security/SecurityPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })

const session = (over: Partial<SessionView>): SessionView => ({
  id: 'a'.repeat(32),
  browser: 'Chrome 131',
  system: 'Windows 10',
  ip: '203.0.113.7',
  created_at: new Date(2026, 10, 20, 9, 0).toISOString(),
  last_active_at: new Date(2026, 10, 26, 14, 0).toISOString(),
  current: false,
  ...over,
})

describe('Settings → Security', () => {
  it('lists the sessions with this one marked, signs one out and then every other, reading the list again', async () => {
    let sessions = [
      session({ id: '1'.repeat(32), browser: 'Safari 17', system: 'iOS 17.5', ip: '198.51.100.23', current: true }),
      session({ id: '2'.repeat(32) }),
      session({ id: '3'.repeat(32), browser: null, system: null, ip: null, last_active_at: null }),
    ]
    signIn()
    const requests = stubApi({
      'GET /api/sessions': () => ok({ sessions }),
      'DELETE /api/sessions/others': () => {
        const ended = sessions.filter((s) => !s.current).length
        sessions = sessions.filter((s) => s.current)
        return ok({ ended })
      },
      'DELETE /api/sessions/': (req) => {
        sessions = sessions.filter((s) => `/api/sessions/${s.id}` !== req.path)
        return ok({ ended: 1, current: false })
      },
    })
    const { container } = renderShell(<SecurityPage />, { url: '/settings/security' })
    const table = await screen.findByRole('region', { name: 'Signed-in sessions' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^Safari 17 on iOS 17\.5 This device198\.51\.100\.23/),
      expect.stringMatching(/^Chrome 131 on Windows 10 203\.0\.113\.7.*Sign out$/),
      expect.stringMatching(/^An unknown browser or app unknown.*not yetSign out$/),
    ])
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull()
    expect(await seriousViolations(container)).toEqual([])

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign out Chrome 131 on Windows 10, 203.0.113.7' })),
    )
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(`/api/sessions/${'2'.repeat(32)}`)

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' })))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect((screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('says why a sign-out failed, and why the list could not be read', async () => {
    signIn()
    let failRead = true
    stubApi({
      'GET /api/sessions': () =>
        failRead ? 'network-error' : ok({ sessions: [session({ current: true }), session({ id: 'b'.repeat(32) })] }),
      'DELETE /api/sessions/': () => ({ status: 404, body: { message: 'Session not found.' } }),
    })
    renderShell(<SecurityPage />, { url: '/settings/security' })
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not load your sessions/)
    failRead = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome 131/ })))
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found.')
  })
})
