// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen } from '@testing-library/react'
import { CODE_USED, CODE_WRONG } from '@vigil/domain/two-factor'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../src/adapters/storage.ts'
import { AuthProvider } from '../../../src/ui/app/auth-context.tsx'
import { LoginPage } from '../../../src/ui/pages/auth/LoginPage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, stubApi } from '../layout/harness.tsx'

// The sign-in page's second step: after the right password of an account with two-factor sign-in on, the code
// (or a recovery code) is asked for, checked here first, then sent with the challenge.

const user = { user_id: 'u1', name: 'Ada', email: 'ada@example.com', image: null, email_confirmed: true }
const CHALLENGE = {
  two_factor_required: true,
  challenge: 'ch-1',
  expires_at: new Date(Date.now() + 300_000).toISOString(),
}

const submit = async (button = 'Sign in') =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: button })))
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('Sign in with two-factor sign-in on', () => {
  it('asks for the code after the password, says a wrong one, takes a recovery code, and signs in', async () => {
    const requests = stubApi({
      'POST /api/auth/login': () => ({ status: 200, body: { data: CHALLENGE } }),
      'POST /api/auth/login/two_factor': (req) => {
        const body = req.body as { method: string; code: string }
        if (body.method === 'recovery' && body.code === 'abcdefghij')
          return { status: 200, body: { data: { token: 'tok-2', user } } }
        return {
          status: 400,
          body: { message: 'That code is not right.', errors: { code: 'That code is not right.' } },
        }
      },
    })
    const { container, location } = renderShell(
      <AuthProvider>
        <LoginPage />
      </AuthProvider>,
      { url: '/login' },
    )
    type('Email', 'ada@example.com')
    type('Password', 'correct horse')
    await submit()
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy()
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(await seriousViolations(container)).toEqual([])

    await submit('Verify')
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    type('Authentication code', '111111')
    await submit('Verify')
    // Said once, at the field (not also on top).
    expect(await screen.findAllByText('That code is not right.')).toHaveLength(1)
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true')
    expect(requests.at(-1)?.body).toEqual({ challenge: 'ch-1', method: 'code', code: '111111' })

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    type('Recovery code', 'ABCDE FGHIJ')
    await submit('Verify')
    // Sent as the server keeps it: lower case, without the space.
    expect(requests.at(-1)?.body).toEqual({ challenge: 'ch-1', method: 'recovery', code: 'abcdefghij' })
    expect(location()).toBe('/dashboard')
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-2')
  })

  it('says a code already used is spent and to wait for the next one, apart from a wrong code', async () => {
    // The server's words: a code of the app that signed in a moment ago, and a code of no step now.
    const refusal = (message: string) => ({ status: 400, body: { message, errors: { code: message } } })
    stubApi({
      'POST /api/auth/login': () => ({ status: 200, body: { data: CHALLENGE } }),
      'POST /api/auth/login/two_factor': (req) =>
        refusal((req.body as { code: string }).code === '222222' ? CODE_USED : CODE_WRONG),
    })
    renderShell(
      <AuthProvider>
        <LoginPage />
      </AuthProvider>,
      { url: '/login' },
    )
    type('Email', 'ada@example.com')
    type('Password', 'correct horse')
    await submit()
    await screen.findByRole('heading', { name: 'Two-factor sign-in' })

    type('Authentication code', '222222')
    await submit('Verify')
    expect(await screen.findAllByText(CODE_USED)).not.toHaveLength(0)
    expect(CODE_USED).toMatch(/already been used.*next code/)
    expect(screen.queryByText(/time on your device/)).toBeNull()

    type('Authentication code', '111111')
    await submit('Verify')
    expect(await screen.findAllByText(CODE_WRONG)).not.toHaveLength(0)
    expect(screen.queryByText(CODE_USED)).toBeNull()
  })

  it('starts again from the email and password', async () => {
    stubApi({ 'POST /api/auth/login': () => ({ status: 200, body: { data: CHALLENGE } }) })
    renderShell(
      <AuthProvider>
        <LoginPage />
      </AuthProvider>,
      { url: '/login' },
    )
    type('Email', 'ada@example.com')
    type('Password', 'correct horse')
    await submit()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in as someone else' }))
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
  })
})
