// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { noteAccountStatus } from '../../../src/adapters/account-status.ts'
import { PREFERENCE_KEYS } from '../../../src/adapters/storage.ts'
import { AppLayout } from '../../../src/ui/layout/AppLayout.tsx'
import { seriousViolations } from '../components/axe.ts'
import { signIn, stubApi } from './harness.tsx'

/** The signed-in layout around a page, as the router has it; a new call is a new load of the app (a reload). */
async function renderLayout() {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          {
            path: 'dashboard',
            element: (
              <>
                <h1>Dashboard</h1>
                <button type="button">In the page</button>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  )
  const utils = render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
  await act(async () => {})
  return { ...utils, user: userEvent.setup() }
}

const nav = () => screen.getByRole('navigation', { name: 'Main' })
const banner = () => screen.getByRole('banner')

describe('the signed-in layout', () => {
  it('starts with a skip link, shown on focus, that moves the focus to the main region', async () => {
    signIn()
    stubApi()
    const { user, container } = await renderLayout()
    const focusable = container.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex="0"]')
    const link = screen.getByRole('link', { name: 'Skip to content' })
    expect(focusable[0]).toBe(link)
    expect(link.getAttribute('href')).toBe('#content')

    // The first Tab of the page reaches it.
    await user.tab()
    expect(document.activeElement).toBe(link)
    await user.keyboard('{Enter}')
    const main = screen.getByRole('main')
    expect(main.id).toBe('content')
    expect(document.activeElement).toBe(main)
    // From there the next Tab goes on into the page, past the top bar and the navigation.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'In the page' }))
    expect(await seriousViolations(container)).toEqual([])
  })

  it('keeps the sidebar collapsed across a reload, and expanded again once expanded', async () => {
    signIn()
    stubApi()
    const first = await renderLayout()
    expect(nav().dataset.state).toBe('expanded')
    await first.user.click(within(banner()).getByRole('button', { name: 'Collapse sidebar' }))
    expect(nav().dataset.state).toBe('collapsed')
    expect(screen.getByRole('main').style.paddingLeft).toBe('64px')
    first.unmount()

    const second = await renderLayout()
    expect(nav().dataset.state).toBe('collapsed')
    expect(screen.getByRole('main').style.paddingLeft).toBe('64px')
    expect(within(banner()).getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe('false')
    await second.user.click(within(banner()).getByRole('button', { name: 'Expand sidebar' }))
    second.unmount()

    await renderLayout()
    expect(nav().dataset.state).toBe('expanded')
    expect(localStorage.getItem(PREFERENCE_KEYS.sidebarCollapsed)).toBe('false')
  })

  it('a logout leaves the preference: it is the browser’s, not the account’s', async () => {
    signIn()
    stubApi()
    localStorage.setItem(PREFERENCE_KEYS.sidebarCollapsed, 'true')
    const { clearStoredItems } = await import('../../../src/adapters/storage.ts')
    clearStoredItems()
    signIn()
    await renderLayout()
    await waitFor(() => expect(nav().dataset.state).toBe('collapsed'))
  })

  it('asks an account with an unconfirmed address to confirm it, sends the link again, and goes once confirmed', async () => {
    signIn()
    const requests = stubApi({
      'POST /api/profile/email/confirmation': () => ({
        status: 200,
        body: { data: { message: 'We sent a new link to ada@example.com. Open it to confirm your address.' } },
      }),
    })
    noteAccountStatus({ email: 'ada@example.com', email_confirmed: false })
    const { user } = await renderLayout()
    const note = await screen.findByText(/We sent a link to ada@example.com/)
    expect(note.textContent).toContain('Confirm your email address.')
    expect(await seriousViolations(document.body)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Send again' }))
    expect(
      await screen.findByText('We sent a new link to ada@example.com. Open it to confirm your address.'),
    ).toBeTruthy()
    expect(requests.filter((r) => r.path === '/api/profile/email/confirmation').map((r) => r.method)).toEqual(['POST'])
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()

    act(() => noteAccountStatus({ email: 'ada@example.com', email_confirmed: true }))
    expect(screen.queryByText(/Open it to confirm your address/)).toBeNull()
  })

  it('says why the link could not be sent again, and lets the user try later', async () => {
    signIn()
    stubApi({
      'POST /api/profile/email/confirmation': () => ({
        status: 429,
        body: { message: 'Too many confirmation mail attempts. Please wait 60 minutes and try again.' },
      }),
    })
    noteAccountStatus({ email: 'ada@example.com', email_confirmed: false })
    const { user } = await renderLayout()
    await user.click(await screen.findByRole('button', { name: 'Send again' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Too many confirmation mail attempts.')
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy()
    act(() => noteAccountStatus({ email: 'ada@example.com', email_confirmed: true }))
  })
})
