// @vitest-environment jsdom
import './setup-dom.ts'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Tooltip } from '../../../src/ui/components/index.ts'

function LockedEntry({ wide }: { wide?: boolean }) {
  return (
    <>
      <button type="button">Before</button>
      <Tooltip.Root wide={wide}>
        <Tooltip.Trigger asChild>
          <a href="/status-pages">Status pages</a>
        </Tooltip.Trigger>
        <Tooltip.Positioner>
          <Tooltip.Content>Upgrade your plan to unlock</Tooltip.Content>
        </Tooltip.Positioner>
      </Tooltip.Root>
    </>
  )
}

afterEach(() => {
  vi.useRealTimers()
})

// Hover tests run on fake timers to check the delay exactly. They fire the pointer events themselves: user-event
// waits on Testing Library's async wrapper, which only drains fake timers under Jest.
const useFakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
// zag starts its timers from a microtask after the event, so let those run first.
const advance = (ms: number) =>
  act(async () => {
    await Promise.resolve()
    vi.advanceTimersByTime(ms)
  })
const hover = (el: Element) =>
  act(async () => {
    fireEvent.pointerOver(el, { pointerType: 'mouse' })
    fireEvent.pointerMove(el, { pointerType: 'mouse' })
  })

describe('Tooltip', () => {
  it('appears 100 ms after the pointer rests on the trigger and goes when it leaves', async () => {
    render(<LockedEntry />)
    useFakeTimers()
    const trigger = screen.getByRole('link', { name: 'Status pages' })
    await hover(trigger)
    await advance(90)
    expect(screen.queryByRole('tooltip')).toBeNull()
    await advance(10)
    const tip = screen.getByRole('tooltip')
    expect(tip.textContent).toBe('Upgrade your plan to unlock')
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id)
    await act(async () => {
      fireEvent.pointerLeave(trigger, { pointerType: 'mouse' })
    })
    await advance(200)
    expect(tip.dataset.state).toBe('closed')
    await advance(50) // Ark's Presence checks for an exit animation on the next frame, then hides the content
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('appears when the trigger gets keyboard focus and goes on blur', async () => {
    render(<LockedEntry />)
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Status pages' }))
    expect((await screen.findByRole('tooltip')).textContent).toBe('Upgrade your plan to unlock')
    await user.tab({ shift: true })
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('is 200 px wide at most by default and 400 px with `wide`', async () => {
    const { unmount } = render(<LockedEntry />)
    useFakeTimers()
    await hover(screen.getByRole('link'))
    await advance(100)
    expect(screen.getByRole('tooltip').className).toContain('tooltip__content--wide_false')
    unmount()
    render(<LockedEntry wide />)
    await hover(screen.getByRole('link'))
    await advance(100)
    expect(screen.getByRole('tooltip').className).toContain('tooltip__content--wide_true')
  })
})
