// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { useActorRef, useSelector } from '../../../src/ui/app/actor-hooks.ts'
import { broadcastActors } from '../../../src/ui/dev/actor-broadcast.ts'
import { MachinesPage } from '../../../src/ui/dev/MachinesPage.tsx'

// /dev/machines: a flow a page starts through the app's hook is listed with its state and the actor it invokes,
// follows the flow as it moves, and leaves the list when the page that started it goes. The tab tells the page on
// the BroadcastChannel, as it does for a page open in another tab.

/** A page's flow: it loads (invoking `fetchNotes`, which waits for the test), then is ready. */
let finishLoading: () => void = () => {}
const notesMachine = setup({
  actors: {
    fetchNotes: fromPromise(
      () =>
        new Promise<void>((resolve) => {
          finishLoading = resolve
        }),
    ),
  },
}).createMachine({
  id: 'notes',
  initial: 'loading',
  states: {
    loading: { invoke: { src: 'fetchNotes', onDone: 'ready' } },
    ready: { on: { refresh: 'loading' } },
  },
})

function NotesPage() {
  const flow = useActorRef(notesMachine)
  const ready = useSelector(flow, (s) => s.matches('ready'))
  return <p>{ready ? 'Notes ready' : 'Loading notes'}</p>
}

let stop = () => {}
afterEach(() => {
  stop()
  stop = () => {}
})

/** The list of the tab this page runs in. */
const thisTab = () => screen.findByRole('region', { name: /^This tab at / })

describe('the page of running machines', () => {
  it('lists a page’s flow with its state and invoked actor, live, until the page goes', async () => {
    stop = broadcastActors()
    const notes = render(<NotesPage />)
    render(<MachinesPage />)

    const tab = await thisTab()
    const flow = await within(tab).findByRole('button', { name: /notes\s*loading/ })
    // The invoked actor is listed under the flow that invoked it; it is no machine, so it has no chart to choose.
    expect(within(tab).getByText('fetchNotes')).toBeTruthy()
    expect(within(tab).getByText('2 running actors')).toBeTruthy()

    fireEvent.click(flow)
    expect(flow.getAttribute('aria-pressed')).toBe('true')
    const chart = screen.getByRole('region', { name: 'notes' })
    expect(within(chart).getByText('Now in loading, marked in blue.')).toBeTruthy()
    // The chart is the one docs/machines holds, with the current state marked (shown as source until drawn).
    await waitFor(() => expect(chart.textContent).toContain('class loading current'))

    act(() => finishLoading())
    await screen.findByText('Notes ready')
    await waitFor(() => expect(within(tab).getByText('1 running actor')).toBeTruthy())
    expect(within(tab).queryByText('fetchNotes')).toBeNull()
    expect(within(tab).getByRole('button', { name: /notes\s*ready/ })).toBeTruthy()
    await waitFor(() => expect(chart.textContent).toContain('class ready current'))

    notes.unmount()
    await waitFor(() => expect(within(tab).getByText('0 running actors')).toBeTruthy())
    expect(within(chart).getByText('That actor has stopped.')).toBeTruthy()
  })

  it('says how to fill it while no tab has told its actors', async () => {
    render(<MachinesPage />)
    expect(await screen.findByText('No tab has told its actors yet')).toBeTruthy()
    expect(screen.getByText('Choose a machine from the list to see its chart.')).toBeTruthy()
  })
})
