// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { User } from '@vigil/domain/auth.schema'
import { PICTURE_NOT_AN_IMAGE, PICTURE_TOO_LARGE, PICTURE_UNREADABLE } from '@vigil/domain/profile'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../src/adapters/storage.ts'
import { AuthProvider } from '../../../src/ui/app/auth-context.tsx'
import { ProfileMenu } from '../../../src/ui/layout/ProfileMenu.tsx'
import { ConfirmEmailPage } from '../../../src/ui/pages/auth/ConfirmEmailPage.tsx'
import { ProfilePage } from '../../../src/ui/pages/profile/ProfilePage.tsx'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, USER_ID, USER_NAME } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })

const user = (over: Partial<User> = {}): User => ({
  user_id: USER_ID,
  name: USER_NAME,
  email: 'ada@example.com',
  image: null,
  email_confirmed: true,
  ...over,
})

function renderProfile(handlers: Handlers, url = '/profile') {
  signIn()
  const requests = stubApi({ 'GET /api/profile': () => ok({ user: user(), pending_email: null }), ...handlers })
  const view = renderShell(
    <AuthProvider>
      <ProfileMenu />
      <ProfilePage />
    </AuthProvider>,
    { url },
  )
  return { ...view, requests }
}

describe('the profile page', () => {
  it('renames, and the top bar follows at once', async () => {
    const { requests, container } = renderProfile({
      'PATCH /api/profile': (req) => ok({ user: user({ name: (req.body as { name: string }).name }) }),
    })
    const name = (await screen.findByLabelText('Display name')) as HTMLInputElement
    expect(name.value).toBe(USER_NAME)
    expect(await seriousViolations(container)).toEqual([])
    fireEvent.change(name, { target: { value: 'Grace Hopper' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save name' })))
    await screen.findByRole('button', { name: 'Account menu for Grace Hopper' })
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Grace Hopper' })
    expect(localStorage.getItem(STORAGE_KEYS.name)).toBe('Grace Hopper')

    fireEvent.change(name, { target: { value: '  ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save name' })))
    expect(await screen.findByText('Name is required.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('chooses a picture with a button, refuses other kinds and large files at once, previews it, and saves only when asked', async () => {
    // jsdom has no blob: addresses: the browser's own, recorded.
    const made: string[] = []
    const revoked: string[] = []
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (file: File) => {
          made.push(`blob:http://app/${file.name}`)
          return made.at(-1)
        },
        revokeObjectURL: (url: string) => void revoked.push(url),
      }),
    )
    let refuse = true
    const { requests, container } = renderProfile({
      'PUT /api/profile/picture': () =>
        refuse
          ? { status: 400, body: { message: PICTURE_UNREADABLE } }
          : ok({ user: user({ image: '/api/profile/picture?v=1' }) }),
      'DELETE /api/profile/picture': () => ok({ user: user() }),
    })
    const section = (await screen.findByRole('region', { name: 'Picture' })) as HTMLElement
    const chooseButton = within(section).getByRole('button', { name: 'Choose a picture' })
    // The button says what is taken, and opens the browser's chooser, which is out of sight and of the tab order.
    expect(chooseButton.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(chooseButton.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'PNG, JPEG or WebP, up to 1 MB. It is cropped to a square.',
    )
    const input = within(section).getByLabelText('Picture file', { selector: 'input' }) as HTMLInputElement
    expect(input.hidden).toBe(true)
    expect(input.tabIndex).toBe(-1)
    expect(input.accept).toBe('image/png,image/jpeg,image/webp')
    let opened = 0
    input.addEventListener('click', () => {
      opened += 1
    })
    fireEvent.click(chooseButton)
    expect(opened).toBe(1)
    const choose = (file: File) => act(async () => fireEvent.change(input, { target: { files: [file] } }))

    // Refused here at once, at the button, and nothing is sent.
    await choose(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }))
    expect(within(section).getByRole('alert').textContent).toBe(PICTURE_NOT_AN_IMAGE)
    expect(chooseButton.getAttribute('aria-describedby')).toContain(within(section).getByRole('alert').id)
    await choose(new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))
    expect(within(section).getByRole('alert').textContent).toBe(PICTURE_TOO_LARGE)
    expect(within(section).queryByRole('img')).toBeNull()

    // A right one is shown as it will look, not sent; the focus waits on Save picture.
    const png = new File([new Uint8Array(3000)], 'me.png', { type: 'image/png' })
    await choose(png)
    expect(within(section).queryByRole('alert')).toBeNull()
    const preview = within(section).getByRole('img', { name: `${USER_NAME} (new, not saved yet)` })
    expect(preview.getAttribute('src')).toBe('blob:http://app/me.png')
    expect(section.textContent).toContain('me.png (3 KB): a preview, not saved yet.')
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Save picture' }))
    expect(requests.filter((r) => r.path === '/api/profile/picture')).toHaveLength(0)
    expect(await seriousViolations(container)).toEqual([])

    // Cancel forgets it: the preview's address is let go and the focus is back on the button.
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }))
    expect(within(section).queryByRole('img')).toBeNull()
    expect(revoked).toEqual(['blob:http://app/me.png'])
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Choose a picture' }))

    // A file the browser cannot draw is refused before it is sent.
    await choose(new File([new Uint8Array(10)], 'broken.png', { type: 'image/png' }))
    fireEvent.error(within(section).getByRole('img'))
    expect(within(section).getByRole('alert').textContent).toBe(PICTURE_UNREADABLE)
    expect(within(section).queryByRole('img')).toBeNull()

    // The server's refusal stays with the file it refused, and goes with another choice.
    await choose(png)
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Save picture' })))
    expect((await within(section).findByRole('alert')).textContent).toBe(PICTURE_UNREADABLE)
    expect(within(section).getByRole('img', { name: `${USER_NAME} (new, not saved yet)` })).toBeTruthy()
    refuse = false
    await choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me2.png', { type: 'image/png' }))
    expect(within(section).queryByRole('alert')).toBeNull()
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Save picture' })))
    expect((await within(section).findByRole('img', { name: `${USER_NAME} (current)` })).getAttribute('src')).toBe(
      '/api/profile/picture?v=1',
    )
    const puts = requests.filter((r) => r.method === 'PUT')
    expect(puts).toHaveLength(2)
    expect(puts[1]?.headers.get('content-type')).toBe('image/png')
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Change picture' }))
    // The top bar shows it too.
    expect(
      screen
        .getByRole('button', { name: `Account menu for ${USER_NAME}` })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe('/api/profile/picture?v=1')

    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Remove picture' })))
    await waitFor(() => expect(within(section).queryByRole('img', { name: `${USER_NAME} (current)` })).toBeNull())
    expect(localStorage.getItem(STORAGE_KEYS.image)).toBeNull()
  })

  it('asks for a new email address with the password, and says where the link went', async () => {
    const { requests } = renderProfile({
      'POST /api/profile/email': (req) =>
        (req.body as { password: string }).password === 'right one'
          ? ok({
              pending_email: 'grace@example.com',
              message: 'We sent a link to grace@example.com. Your email address changes when you open it.',
            })
          : {
              status: 400,
              body: { message: 'The password is incorrect.', errors: { password: 'The password is incorrect.' } },
            },
    })
    const form = (await screen.findByRole('form', { name: 'Email address' })) as HTMLElement
    fireEvent.change(within(form).getByLabelText('New email address'), { target: { value: 'grace@example.com' } })
    fireEvent.change(within(form).getByLabelText(/^Your password/), { target: { value: 'wrong' } })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send a confirmation link' })))
    expect(await within(form).findAllByText('The password is incorrect.')).not.toHaveLength(0)
    fireEvent.change(within(form).getByLabelText(/^Your password/), { target: { value: 'right one' } })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send a confirmation link' })))
    expect(await within(form).findByText(/We sent a link to grace@example.com/)).toBeTruthy()
    expect(within(form).getByText(/A link to confirm grace@example.com is waiting/)).toBeTruthy()
    expect(requests.filter((r) => r.path === '/api/profile/email').at(-1)?.body).toEqual({
      email: 'grace@example.com',
      password: 'right one',
    })
  })

  it('confirms a new address from the mailed link on a click, and says when the link is spent', async () => {
    signIn()
    let used = false
    const requests = stubApi({
      'POST /api/profile/email/confirm': () => {
        if (used) return { status: 400, body: { message: 'This link has been used, has expired or is not ours.' } }
        used = true
        return ok({ user: user({ email: 'grace@example.com' }) })
      },
    })
    renderShell(<ConfirmEmailPage />, { url: '/confirm-email?token=tok123' })
    // Opening the link changes nothing: a mail scanner that follows it confirms nothing.
    const button = await screen.findByRole('button', { name: 'Confirm my address' })
    expect(requests.filter((r) => r.path === '/api/profile/email/confirm')).toHaveLength(0)
    await act(async () => fireEvent.click(button))
    expect(await screen.findByText('grace@example.com is confirmed as the address of your account.')).toBeTruthy()
    expect(requests.filter((r) => r.path === '/api/profile/email/confirm').map((r) => r.body)).toEqual([
      { token: 'tok123' },
    ])
    // Signed in here as that user: the stored details follow.
    expect(localStorage.getItem(STORAGE_KEYS.userData)).not.toBeNull()
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toBeTruthy()
  })

  it('shows why a spent link cannot confirm', async () => {
    stubApi({
      'POST /api/profile/email/confirm': () => ({
        status: 400,
        body: { message: 'This link has been used, has expired or is not ours. Ask for a new one on your profile.' },
      }),
    })
    renderShell(<ConfirmEmailPage />, { url: '/confirm-email?token=spent' })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm my address' })))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This link has been used/)
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy()
  })

  it('deletes the account only with the typed word and the password, then signs out to the landing page', async () => {
    const { requests, location } = renderProfile({
      'DELETE /api/profile': () =>
        ok({ removed: { monitors: 3, status_pages: 1, integrations: 0, cloud_accounts: 0, notifications: 5 } }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    fireEvent.change(within(dialog).getByLabelText('Type DELETE'), { target: { value: 'delete' } })
    fireEvent.change(within(dialog).getByLabelText(/^Your password/), { target: { value: 'correct horse' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' })))
    expect(await within(dialog).findByText('Type DELETE to confirm.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText('Type DELETE'), { target: { value: 'DELETE' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' })))
    await waitFor(() => expect(location()).toBe('/'))
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      password: 'correct horse',
      confirmation: 'DELETE',
    })
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.name)).toBeNull()
  })
})
