// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DeleteConfirm, type Deleted } from '../../../src/ui/pages/monitors/DeleteConfirm.tsx'
import { seriousViolations } from './axe.ts'

const SPEC_DESCRIPTION = 'Once deleted, you will not be able to recover this item!'

describe('DeleteConfirm', () => {
  it("names what is deleted, keeps the spec's warning and reads as destructive", async () => {
    const onConfirm = vi.fn()
    const { baseElement } = render(
      <DeleteConfirm open deleted={{ kind: 'monitor', name: 'Shop' }} onConfirm={onConfirm} onCancel={() => {}} />,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the monitor “Shop”?' })
    expect(within(dialog).getByText(SPEC_DESCRIPTION)).toBeTruthy()
    const confirm = within(dialog).getByRole('button', { name: 'Delete monitor' })
    expect(confirm.className).toContain('button--variant_danger')
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull()
    // Cancel, the safe choice, still has the focus first.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })))
    await userEvent.setup().click(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(await seriousViolations(baseElement)).toEqual([])
  })

  it("says the page's own verb, and takes the page's own title, description and buttons", async () => {
    const { rerender } = render(
      <DeleteConfirm
        open
        deleted={{ kind: 'alert channel', name: 'Ops on Slack', verb: 'Remove' }}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the alert channel “Ops on Slack”?' })
    expect(within(dialog).getByRole('button', { name: 'Remove alert channel' })).toBeTruthy()
    rerender(
      <DeleteConfirm
        open
        deleted={{ kind: 'AWS account', name: 'Prod', verb: 'Remove' }}
        title="Remove Prod?"
        description="Its monitors stop."
        confirmText="Remove"
        cancelText="Keep it"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    await screen.findByRole('alertdialog', { name: 'Remove Prod?' })
    expect(screen.getByText('Its monitors stop.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove' }).className).toContain('button--variant_danger')
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy()
  })

  it('keeps naming what it asked about while it closes, and loads nothing until first asked', async () => {
    function Harness() {
      const [deleted, setDeleted] = useState<Deleted | null>(null)
      return (
        <>
          <button type="button" onClick={() => setDeleted({ kind: 'status page', name: 'Public' })}>
            Delete Public
          </button>
          <DeleteConfirm
            open={deleted !== null}
            deleted={deleted}
            onConfirm={() => setDeleted(null)}
            onCancel={() => setDeleted(null)}
          />
        </>
      )
    }
    render(<Harness />)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete Public' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the status page “Public”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // Whatever of it is still on screen while it goes says the same thing, never the generic question.
    expect(screen.queryByRole('alertdialog', { name: 'Are you sure?' })).toBeNull()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})
