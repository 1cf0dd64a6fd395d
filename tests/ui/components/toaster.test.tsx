// @vitest-environment jsdom
import './setup-dom.ts'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { showToast, TOAST_DURATION, Toaster, toaster } from '../../../src/ui/components/index.ts'

afterEach(() => {
  act(() => {
    toaster.remove()
  })
})

const toastWith = async (title: string) => {
  const text = await screen.findByText(title)
  const root = text.closest('[data-scope="toast"][data-part="root"]')
  if (!(root instanceof HTMLElement)) throw new Error(`no toast root around '${title}'`)
  return root
}

describe('Toaster', () => {
  it('shows a toast with its title and description, placed top centre, info by default', async () => {
    render(<Toaster />)
    act(() => {
      showToast({ title: 'Saved', description: 'Your settings were saved.' })
    })
    const toast = await toastWith('Saved')
    expect(toast.getAttribute('role')).toBe('status')
    expect(screen.getByText('Your settings were saved.')).toBeTruthy()
    expect(toast.dataset.type).toBe('info')
    expect(toast.dataset.placement).toBe('top')
    expect(toaster.attrs.duration).toBe(TOAST_DURATION)
    expect(TOAST_DURATION).toBe(2000)
  })

  it('marks each severity on the toast', async () => {
    render(<Toaster />)
    act(() => {
      showToast({ title: 'Done', type: 'success' })
      showToast({ title: 'Careful', type: 'warning' })
      showToast({ title: 'Failed', type: 'error' })
    })
    expect((await toastWith('Done')).dataset.type).toBe('success')
    expect((await toastWith('Careful')).dataset.type).toBe('warning')
    expect((await toastWith('Failed')).dataset.type).toBe('error')
  })

  it("closes on its close button, labelled 'Close'", async () => {
    render(<Toaster />)
    const user = userEvent.setup()
    act(() => {
      showToast({ title: 'Closable' })
    })
    const toast = await toastWith('Closable')
    const close = screen.getByRole('button', { name: 'Close' })
    expect(toast.contains(close)).toBe(true)
    await user.click(close)
    await waitFor(() => expect(screen.queryByText('Closable')).toBeNull())
  })

  it('closes on Escape while it has focus', async () => {
    render(<Toaster />)
    const user = userEvent.setup()
    act(() => {
      showToast({ title: 'Escapable', duration: 60_000 })
    })
    const toast = await toastWith('Escapable')
    act(() => toast.focus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByText('Escapable')).toBeNull())
  })

  it('closes on Escape wherever focus is, but leaves Escape to an open dialog', async () => {
    render(<Toaster />)
    const user = userEvent.setup()
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    document.body.append(dialog)
    act(() => {
      showToast({ title: 'Behind a dialog', duration: 60_000 })
    })
    await toastWith('Behind a dialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByText('Behind a dialog')).not.toBeNull()
    dialog.remove()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByText('Behind a dialog')).toBeNull())
  })

  it('closes by itself after 2000 ms by default', async () => {
    render(<Toaster />)
    const shownAt = Date.now()
    act(() => {
      showToast({ title: 'Brief' })
    })
    await toastWith('Brief')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(screen.queryByText('Brief')).not.toBeNull()
    await waitFor(() => expect(screen.queryByText('Brief')).toBeNull(), { timeout: 4000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(TOAST_DURATION)
  })
})
