// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Button, Dialog, Portal, XIcon } from '../../../src/ui/components/index.ts'
import { css } from '../../../styled-system/css'
import { seriousViolations } from './axe.ts'

function ChangePasswordDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Change password</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="800px" h="400px" className={css({ gap: '6' })} data-testid="content">
            <Dialog.Title>Change password</Dialog.Title>
            <Dialog.Description>Choose a new password.</Dialog.Description>
            <label>
              Current password
              <input type="password" />
            </label>
            <Button type="submit">Save</Button>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <XIcon />
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

const open = async () => {
  const user = userEvent.setup()
  const utils = render(<ChangePasswordDialog />)
  const trigger = screen.getByRole('button', { name: 'Change password' })
  await user.click(trigger)
  const dialog = await screen.findByRole('dialog', { name: 'Change password' })
  return { ...utils, user, trigger, dialog }
}

describe('Dialog', () => {
  it('opens from its trigger with the title as its name and the description linked', async () => {
    const { dialog } = await open()
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Choose a new password.').id)
    expect(dialog.getAttribute('aria-modal')).toBe('true')
  })

  it('keeps the recipe classes and adds the style props and className given to Content', async () => {
    const { dialog } = await open()
    const classes = dialog.className.split(' ')
    expect(classes).toContain('dialog__content')
    expect(classes).toContain('w_800px')
    expect(classes).toContain('h_400px')
    expect(classes).toContain('gap_6')
  })

  it('traps focus inside the content', async () => {
    const { user, dialog } = await open()
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    for (let i = 0; i < 6; i++) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.tab({ shift: true })
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('closes on Escape and returns focus to the trigger', async () => {
    const { user, trigger } = await open()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })

  it('closes from its close trigger', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('has no serious or critical axe violations while open', async () => {
    const { baseElement } = await open()
    expect(await seriousViolations(baseElement)).toEqual([])
  })
})
