// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog, type ConfirmDialogProps } from '../../../src/ui/components/index.ts'
import { seriousViolations } from './axe.ts'

const setup = (props: Partial<ConfirmDialogProps> = {}) => {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  const utils = render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />)
  return { ...utils, onConfirm, onCancel, user: userEvent.setup() }
}

describe('ConfirmDialog', () => {
  it("shows the spec's defaults", async () => {
    setup()
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('Are you sure?'))
    expect(screen.getByText('Once deleted, you will not be able to recover this item!')).toBeTruthy()
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Once deleted, you will not be able to recover this item!').id,
    )
    const ok = screen.getByRole('button', { name: 'OK' })
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    expect((ok as HTMLButtonElement).disabled).toBe(false)
    expect((cancel as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByText('Processing...')).toBeNull()
    // The generic dialog's confirm button is the usual solid one.
    expect(ok.className).toContain('button--variant_solid')
  })

  it('reads as destructive when told: a red confirm button, Cancel still first', async () => {
    setup({ destructive: true, confirmText: 'Delete monitor' })
    await screen.findByRole('alertdialog')
    const confirm = screen.getByRole('button', { name: 'Delete monitor' })
    expect(confirm.className).toContain('button--variant_danger')
    expect(confirm.className).not.toContain('button--variant_solid')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))
  })

  it('takes custom texts', async () => {
    setup({ title: 'Delete monitor?', description: 'It stops checking.', confirmText: 'Delete', cancelText: 'Keep' })
    await screen.findByRole('alertdialog', { name: 'Delete monitor?' })
    expect(screen.getByText('It stops checking.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy()
  })

  it('renders nothing while closed', () => {
    setup({ open: false })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull()
  })

  it("reads 'Processing...' and disables both buttons while loading", async () => {
    const { user, onConfirm, onCancel } = setup({ loading: true })
    await screen.findByRole('alertdialog')
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull()
    const processing = screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement
    expect(processing.disabled).toBe(true)
    expect(cancel.disabled).toBe(true)
    await user.click(processing)
    await user.click(cancel)
    await user.keyboard('{Escape}')
    expect(onConfirm).not.toHaveBeenCalled()
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('calls onConfirm from OK and onCancel from Cancel', async () => {
    const { user, onConfirm, onCancel } = setup()
    await user.click(await screen.findByRole('button', { name: 'OK' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('calls onCancel on Escape', async () => {
    const { user, onConfirm, onCancel } = setup()
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('moves focus to Cancel when it opens and gives it back when it closes', async () => {
    function Harness() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmDialog open={open} onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </>
      )
    }
    render(<Harness />)
    const user = userEvent.setup()
    const opener = screen.getByRole('button', { name: 'Delete' })
    await user.click(opener)
    const cancel = await screen.findByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('has no serious or critical axe violations while open', async () => {
    const { baseElement } = setup()
    await screen.findByRole('alertdialog')
    expect(await seriousViolations(baseElement)).toEqual([])
  })
})
