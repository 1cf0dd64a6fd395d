import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup, waitFor } from 'xstate'
import { type ListPageContext, listPageMachine, type Notice } from '../../src/machines/list-page.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

// The list page flow on its own, through a page of notes with every option the real pages use: a refresh that
// starts again or is ignored, a failure that leaves for a state of the page's own, a guarded removal.

interface Note {
  id: string
}
interface Context extends ListPageContext<Note> {
  notes: Note[] | null
  locked: boolean
}
type NotesEvent =
  | { type: 'notes.refresh' }
  | { type: 'note.saved'; note: Note }
  | { type: 'note.delete'; note: Note }
  | { type: 'note.confirm' }
  | { type: 'note.cancel' }

const notes = setup({
  types: {} as { context: Context; events: NotesEvent },
  actors: {
    fetchNotes: fromPromise<Note[]>(async () => []),
    deleteNote: fromPromise<unknown, { id: string }>(async () => undefined),
  },
  actions: { notify: (_, _params: Notice) => {} },
  guards: {
    isGone: (_, params: { error: unknown }) => (params.error as { status?: number }).status === 410,
    isUnlocked: ({ context }) => !context.locked,
  },
})

const notesMachine = (restart: boolean, locked = false) =>
  listPageMachine(notes.createMachine)({
    id: 'notes',
    context: { notes: null, error: null, removing: null, locked },
    data: 'notes',
    load: {
      src: 'fetchNotes',
      refreshId: 'refreshNotes',
      failure: 'Could not load the notes.',
      region: 'list',
      refresh: 'notes.refresh',
      restart,
      leave: { guard: 'isGone', target: 'gone' },
    },
    remove: {
      src: 'deleteNote',
      input: (note) => ({ id: note.id }),
      ask: { 'note.delete': (event) => event.note },
      guard: 'isUnlocked',
      confirm: 'note.confirm',
      cancel: 'note.cancel',
      removed: ({ notes }, note) => ({ notes: notes ? notes.filter((n) => n.id !== note.id) : null }),
      done: () => 'Note deleted',
      failure: 'Could not delete the note.',
    },
    saved: {
      'note.saved': ({ notes }, event) => ({
        notes: notes && [...notes.filter((n) => n.id !== event.note.id), event.note],
      }),
    },
    states: { gone: {} },
  })

const machine = notesMachine(true)
const { done, error } = actorEvents(machine)
const a = { id: 'a' }
const loaded = done('fetchNotes', [a])
const unreachable = error('fetchNotes', { status: 0 })
const gone = error('fetchNotes', { status: 410 })
const refresh = { type: 'notes.refresh' } as const
const refreshed = done('refreshNotes', [a, { id: 'b' }])
const refreshGone = error('refreshNotes', { status: 410 })
const del = { type: 'note.delete', note: a } as const
const confirm = { type: 'note.confirm' } as const
const cancel = { type: 'note.cancel' } as const
const removed = done('deleteNote', null)
const refused = error('deleteNote', { status: 500 })

describe('list page machine, run', () => {
  it.each([
    [true, 3],
    [false, 2],
  ])('with restart %s, a refresh asked for while one runs makes %i reads in all', async (restart, reads) => {
    let calls = 0
    const releases: Array<() => void> = []
    const actor = createActor(
      notesMachine(restart).provide({
        actors: {
          fetchNotes: fromPromise(async () => {
            calls += 1
            if (calls > 1) await new Promise<void>((release) => releases.push(release))
            return [a]
          }),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(refresh)
    actor.send(refresh)
    for (const release of releases) release()
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    expect(calls).toBe(reads)
    actor.stop()
  })
})

describe('list page machine paths', () => {
  const reached = reachedStateNodes(machine, {
    events: [loaded, unreachable, gone, refresh, refreshed, refreshGone, del, confirm, cancel, removed, refused],
  })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('loads, or says why not and loads again; a failure the page’s guard picks leaves for its own state', () => {
    expect(journey(machine, [loaded]).state.value).toEqual({ ready: { list: 'idle', removal: 'idle' } })
    const failed = journey(machine, [unreachable]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe('Could not load the notes.')
    expect(journey(machine, [unreachable, refresh]).state.value).toBe('loading')
    expect(journey(machine, [gone]).state.value).toBe('gone')
    expect(journey(machine, [loaded, refresh, refreshGone]).state.value).toBe('gone')
  })

  it('refreshes in the background', () => {
    const refreshing = journey(machine, [loaded, refresh]).state
    expect(refreshing.matches({ ready: { list: 'refreshing' } })).toBe(true)
    expect(refreshing.context.notes).toEqual([a])
    expect(journey(machine, [loaded, refresh, refreshed]).state.context.notes).toHaveLength(2)
  })

  it('removes an item after the confirmation, when the page’s guard lets it, and takes in what a form saved', () => {
    expect(journey(machine, [loaded, del]).state.matches({ ready: { removal: 'confirming' } })).toBe(true)
    expect(journey(machine, [loaded, del, cancel]).state.context.removing).toBeNull()
    expect(journey(machine, [loaded, del, confirm, removed]).state.context.notes).toEqual([])
    expect(journey(machine, [loaded, del, confirm, refused]).state.context.notes).toEqual([a])
    const locked = notesMachine(true, true)
    expect(journey(locked, [loaded, del]).state.matches({ ready: { removal: 'idle' } })).toBe(true)
    expect(journey(machine, [loaded, { type: 'note.saved', note: { id: 'c' } }]).state.context.notes).toEqual([
      a,
      { id: 'c' },
    ])
  })
})
