import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

/** The wait for a dialog whose code loads when first opened (its chunk's modules are transformed then, slow on a busy machine). */
export const LAZY = { timeout: 5000 }

/**
 * Chooses one of a monitor row's menu actions ('Pause', 'Resume', 'Duplicate', 'Delete') as a user does: its
 * "More actions for …" button, then the item.
 */
export async function chooseRowAction(name: string, action: 'Pause' | 'Resume' | 'Duplicate' | 'Delete') {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }))
  const menu = await screen.findByRole('menu')
  await waitFor(() => expect(document.activeElement).toBe(menu))
  // By keyboard, as the menu's own keys go (a pointer's pick can be lost in jsdom while zag finishes opening the menu
  // over its animation frames): down the items to the action, then Enter.
  const item = within(menu).getByRole('menuitem', { name: action })
  for (let i = 0; i < 5 && !item.hasAttribute('data-highlighted'); i += 1) await user.keyboard('{ArrowDown}')
  expect(item.hasAttribute('data-highlighted')).toBe(true)
  await user.keyboard('{Enter}')
}
