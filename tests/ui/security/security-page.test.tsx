// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { SessionView } from '@vigil/domain/sessions'
import { describe, expect, it } from 'vitest'
import { SecurityPage } from '../../../src/ui/pages/security/SecurityPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })
const OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0 }
/** The parts of the page these tests do not look at. */
const quiet = {
  'GET /api/security/two_factor': () => ok(OFF),
  'GET /api/security/events': () => ok({ events: [] }),
}

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
      ...quiet,
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
      ...quiet,
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

describe('Settings → Security: two-factor sign-in and the log', () => {
  const setup = {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/x',
    qr: { size: 25, path: 'M2 2h7v1h-7z' },
  }
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-fghi${'abcdefghij'[i]}`)

  it('sets up with the QR code and the secret, says what is wrong, shows the codes once with a download, then turns off', async () => {
    signIn()
    let status: { enabled: boolean; enabled_at: string | null; recovery_codes_left: number } = OFF
    let events = [
      {
        id: 'e1',
        kind: 'sign_in',
        detail: null,
        ip: '203.0.113.7',
        browser: 'Chrome 131',
        system: 'Windows 10',
        at: new Date(2026, 10, 26, 9, 0).toISOString(),
      },
    ]
    const requests = stubApi({
      'GET /api/sessions': () => ok({ sessions: [session({ current: true })] }),
      'GET /api/security/two_factor': () => ok(status),
      'GET /api/security/events': () => ok({ events }),
      'POST /api/security/two_factor/setup': () => ok(setup),
      'POST /api/security/two_factor': (req) => {
        if ((req.body as { code: string }).code !== '123456')
          return {
            status: 400,
            body: { message: 'That code is not right.', errors: { code: 'That code is not right.' } },
          }
        status = { enabled: true, enabled_at: new Date(2026, 10, 26, 10, 0).toISOString(), recovery_codes_left: 10 }
        events = [{ ...events[0], id: 'e2', kind: 'two_factor_on' } as (typeof events)[0], ...events]
        return ok({ recovery_codes: codes, status })
      },
      'POST /api/security/two_factor/recovery_codes': () =>
        ok({ recovery_codes: codes.map((c) => c.replace('abcde', 'vwxyz')), status }),
      'DELETE /api/security/two_factor': () => {
        status = OFF
        return ok(status)
      },
    })
    const { container } = renderShell(<SecurityPage />, { url: '/settings/security' })
    const log = await screen.findByRole('region', { name: 'Security events' })
    expect(within(log).getAllByRole('row')[1]?.textContent).toMatch(/Signed in ?203\.0\.113\.7Chrome 131 on Windows 10/)

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })))
    const form = await screen.findByRole('form', { name: 'Turn on two-factor sign-in' })
    const qr = within(form).getByRole('img', { name: /QR code/ })
    expect(qr.getAttribute('viewBox')).toBe('0 0 25 25')
    expect(qr.querySelector('path')?.getAttribute('d')).toBe('M2 2h7v1h-7z')
    // The secret reads in groups of four, as text that wraps on a phone; its button copies it without the spaces.
    const secret = within(form).getByRole('group', { name: 'Secret to type into the app' })
    expect(secret.querySelector('code')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    })
    await act(async () => fireEvent.click(within(secret).getByRole('button', { name: 'Copy secret' })))
    expect(copied).toEqual([setup.secret])
    expect(within(secret).getByRole('button', { name: 'Copied' })).toBeTruthy()
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    expect(await seriousViolations(container)).toEqual([])

    // Checked here first: no request for an empty form.
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Turn on' })))
    expect(within(form).getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/security/two_factor')).toHaveLength(0)

    const code = within(form).getByRole('textbox', { name: 'Code from the app' })
    fireEvent.change(code, { target: { value: '654321' } })
    fireEvent.change(within(form).getByLabelText('Your password'), { target: { value: 'correct horse' } })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Turn on' })))
    // Said once, at the field it is about (not also in a banner above the form).
    expect(await within(form).findAllByText('That code is not right.')).toHaveLength(1)
    expect(code.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(code, { target: { value: '123 456' } })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Turn on' })))

    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes)
    const download = screen.getByRole('link', { name: 'Download the codes' })
    expect(download.getAttribute('download')).toBe('vigil-recovery-codes.txt')
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(codes.join('\n'))
    // The log is read again and shows the change.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Security events' })).getAllByRole('row')).toHaveLength(3),
    )

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }))
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
    expect(screen.getByText(/10 recovery codes are left/)).toBeTruthy()
    // New codes: shown once again, in place of the old ones.
    expect(screen.queryByRole('form', { name: 'Make new recovery codes' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }))
    const renew = screen.getByRole('form', { name: 'Make new recovery codes' })
    fireEvent.change(within(renew).getByRole('textbox', { name: 'Code or recovery code' }), {
      target: { value: '123456' },
    })
    fireEvent.change(within(renew).getByLabelText('Your password'), { target: { value: 'correct horse' } })
    await act(async () => fireEvent.click(within(renew).getByRole('button', { name: 'Make new recovery codes' })))
    const renewed = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(renewed).getAllByRole('listitem')[0]?.textContent).toBe('vwxyz-fghia')
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }))

    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }))
    const off = screen.getByRole('form', { name: 'Turn off two-factor sign-in' })
    fireEvent.change(within(off).getByRole('textbox', { name: 'Code or recovery code' }), {
      target: { value: 'abcde-fghia' },
    })
    fireEvent.change(within(off).getByLabelText('Your password'), { target: { value: 'correct horse' } })
    await act(async () => fireEvent.click(within(off).getByRole('button', { name: 'Turn off two-factor sign-in' })))
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy()
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      code: 'abcdefghia',
      password: 'correct horse',
    })
  })
})
