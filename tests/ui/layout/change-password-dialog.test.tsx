// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChangePasswordDialog } from '../../../src/ui/layout/ChangePasswordDialog.tsx'
import { ProfileMenu } from '../../../src/ui/layout/ProfileMenu.tsx'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, TOKEN, USER_ID, USER_NAME } from './harness.tsx'

const LABELS = ['Current password', 'New password', 'Confirm password'] as const

let rendered: ReturnType<typeof renderShell> | null = null

// Each test closes the dialog it opened before the tree is unmounted, so no focus trap or scroll lock outlives it.
afterEach(async () => {
  const shell = rendered?.shell()
  rendered = null
  if (!shell || shell.changePassword.getSnapshot().matches('closed')) return
  act(() => shell.changePassword.send({ type: 'password.close' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

async function renderDialog(handlers: Handlers = {}) {
  signIn()
  const requests = stubApi(handlers)
  const utils = renderShell(
    <>
      <ProfileMenu />
      <ChangePasswordDialog />
    </>,
  )
  rendered = utils
  return { ...utils, requests }
}

type Utils = Awaited<ReturnType<typeof renderDialog>>

/** Opens the dialog as a user does: the account menu, then its 'Change Password' item. */
async function openFromMenu({ user }: Utils) {
  await user.click(screen.getByRole('button', { name: `Account menu for ${USER_NAME}` }))
  const menu = await screen.findByRole('menu')
  await waitFor(() => expect(document.activeElement).toBe(menu))
  // zag finishes opening the menu over the next animation frames (16 ms timers in setup-dom.ts); in jsdom a pick made
  // before they have run can be lost, which no person is quick enough to do.
  await act(() => new Promise((done) => setTimeout(done, 100)))
  await user.click(within(menu).getByRole('menuitem', { name: 'Change Password' }))
  return screen.findByRole('dialog', { name: 'Change Password' })
}

/** Opens it through the shell's flow, as the app does for any part that asks. */
async function openFromShell({ shell }: Utils) {
  act(() => shell().changePassword.send({ type: 'password.open' }))
  return screen.findByRole('dialog', { name: 'Change Password' })
}

async function fill(utils: Utils, values: [current: string, next: string, confirm: string]) {
  for (const [i, label] of LABELS.entries()) {
    const input = screen.getByLabelText(label)
    await utils.user.clear(input)
    if (values[i]) await utils.user.type(input, values[i])
  }
}

const submit = (utils: Utils, dialog: HTMLElement) =>
  utils.user.click(within(dialog).getByRole('button', { name: 'Update Password' }))

const puts = (utils: Utils) => utils.requests.filter((r) => r.method === 'PUT')

/** Each field's own mark: the message linked to its input while it is invalid, or null. */
const marks = () =>
  Object.fromEntries(
    LABELS.map((label) => {
      const input = screen.getByLabelText(label)
      if (input.getAttribute('aria-invalid') !== 'true') return [label, null]
      const id = input.getAttribute('aria-errormessage')
      return [label, (id && document.getElementById(id)?.textContent) || '(marked without a message)']
    }),
  )

describe('ChangePasswordDialog', () => {
  it("with a field empty says 'All password fields are required!' and flags each empty field 'Required'", async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await fill(utils, ['old-secret', '', ''])
    await submit(utils, dialog)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('All password fields are required!')
    expect(alert.dataset.severity).toBe('error')
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull()
    for (const label of ['New password', 'Confirm password'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getAllByText('Required')).toHaveLength(2)
    expect(puts(utils)).toHaveLength(0)
  })

  it('after a refused submit, the marks follow what is typed: gone once a field is filled, back when emptied', async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await fill(utils, ['old-secret', '', ''])
    await submit(utils, dialog)
    await within(dialog).findByRole('alert')
    await utils.user.type(screen.getByLabelText('New password'), 'fresh-secret-1')
    expect(marks()).toEqual({ 'Current password': null, 'New password': null, 'Confirm password': 'Required' })
    await utils.user.type(screen.getByLabelText('Confirm password'), 'fresh-secret-1')
    expect(marks()).toEqual({ 'Current password': null, 'New password': null, 'Confirm password': null })
    expect(within(dialog).queryByRole('alert')).toBeNull()
    await utils.user.clear(screen.getByLabelText('Current password'))
    expect(marks()).toMatchObject({ 'Current password': 'Required' })
    expect(within(dialog).getByRole('alert').textContent).toBe('All password fields are required!')
    expect(puts(utils)).toHaveLength(0)
  })

  it('flags all three fields when all are empty', async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await submit(utils, dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('All password fields are required!')
    expect(within(dialog).getAllByText('Required')).toHaveLength(3)
    for (const label of LABELS) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true')
  })

  it("links each field's 'Required' flag to its input, as PasswordField promises", async () => {
    // PasswordField's errorText is documented as 'Shown (and linked to the input) while `invalid`': a screen reader
    // on the input should reach the 'Required' text through aria-describedby or aria-errormessage.
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await submit(utils, dialog)
    await within(dialog).findByRole('alert')
    for (const label of LABELS) {
      const input = screen.getByLabelText(label)
      const ids = [input.getAttribute('aria-describedby'), input.getAttribute('aria-errormessage')].join(' ').split(' ')
      const texts = ids.filter(Boolean).map((id) => document.getElementById(id)?.textContent)
      expect({ label, texts }).toEqual({ label, texts: expect.arrayContaining(['Required']) })
    }
  })

  it("says 'New passwords do not match!' when new and confirm differ, and marks the confirmation beside it", async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await fill(utils, ['old-secret', 'new-secret-1', 'new-secret-2'])
    await submit(utils, dialog)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('New passwords do not match!')
    expect(alert.dataset.severity).toBe('error')
    expect(within(dialog).queryByText('Required')).toBeNull()
    expect(marks()).toEqual({
      'Current password': null,
      'New password': null,
      'Confirm password': 'Does not match the new password',
    })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirm password')))
    expect(puts(utils)).toHaveLength(0)
  })

  it('warns when the new password is the current one, and marks the new password beside it', async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    await fill(utils, ['same-secret', 'same-secret', 'same-secret'])
    await submit(utils, dialog)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Current and new password are the same. Use a different password!')
    expect(alert.dataset.severity).toBe('warning')
    expect(marks()).toEqual({
      'Current password': null,
      'New password': 'Must differ from the current password',
      'Confirm password': null,
    })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New password')))
    expect(puts(utils)).toHaveLength(0)
  })

  it('opens with no field marked; an empty submit puts the focus on the first field', async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    expect(marks()).toEqual({ 'Current password': null, 'New password': null, 'Confirm password': null })
    await submit(utils, dialog)
    await within(dialog).findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')))
  })

  it("shows the server's 400 message as it is and stays open", async () => {
    const utils = await renderDialog({
      'PUT /api/user/user_password_change/': () => ({
        status: 400,
        body: { message: 'Current password is incorrect.' },
      }),
    })
    const dialog = await openFromShell(utils)
    await fill(utils, ['wrong-secret', 'new-secret', 'new-secret'])
    await submit(utils, dialog)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Current password is incorrect.')
    expect(alert.dataset.severity).toBe('error')
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBe(dialog)
    expect(puts(utils)).toHaveLength(1)
  })

  it("marks the field the server found at fault beside it, under the server's message, and focuses it", async () => {
    const utils = await renderDialog({
      'PUT /api/user/user_password_change/': () => ({
        status: 400,
        body: {
          message: 'Current password is incorrect.',
          errors: { current_password: 'Current password is incorrect.' },
        },
      }),
    })
    const dialog = await openFromShell(utils)
    await fill(utils, ['wrong-secret', 'new-secret', 'new-secret'])
    await submit(utils, dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Current password is incorrect.')
    expect(marks()).toEqual({
      'Current password': 'Current password is incorrect.',
      'New password': null,
      'Confirm password': null,
    })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')))
  })

  it("says 'Failed to update password' when the server cannot be reached", async () => {
    const utils = await renderDialog({ 'PUT /api/user/user_password_change/': () => 'network-error' })
    const dialog = await openFromShell(utils)
    await fill(utils, ['old-secret', 'new-secret', 'new-secret'])
    await submit(utils, dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to update password')
    expect(puts(utils)).toHaveLength(1)
  })

  // Opened as a user does, from the profile menu.
  it("opened from the profile menu's 'Change Password', sends exactly current_password and new_password for the stored user, then closes", async () => {
    const utils = await renderDialog()
    expect(screen.queryByRole('dialog')).toBeNull()
    const dialog = await openFromMenu(utils)
    for (const label of LABELS) expect(within(dialog).getByLabelText(label).getAttribute('type')).toBe('password')
    await fill(utils, ['old-secret', 'new-secret', 'new-secret'])
    await submit(utils, dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(puts(utils)).toHaveLength(1)
    const [put] = puts(utils)
    if (!put) throw new Error('no PUT request')
    expect(put.path).toBe(`/api/user/user_password_change/${USER_ID}`)
    expect(put.body).toEqual({ current_password: 'old-secret', new_password: 'new-secret' })
    expect(Object.keys(put.body as object).sort()).toEqual(['current_password', 'new_password'])
    expect(put.headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(utils.shell().changePassword.getSnapshot().value).toBe('closed')
  })

  it('has no serious or critical axe violation while open, with or without messages', async () => {
    const utils = await renderDialog()
    const dialog = await openFromShell(utils)
    expect(await seriousViolations(utils.baseElement)).toEqual([])
    await submit(utils, dialog)
    await within(dialog).findByRole('alert')
    expect(await seriousViolations(utils.baseElement)).toEqual([])
  })
})
