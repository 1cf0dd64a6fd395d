import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  markdownPreviewMachine,
  PREVIEW_DELAY_MS,
  PREVIEW_FAILED,
} from '../../src/machines/markdown-preview.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const input = { markdown: 'We are **on it**.' }
const { done, error } = actorEvents(markdownPreviewMachine)
const rendered = (html: string) => done('render', html)
const refused = error('render', { status: 400, message: 'Text must be at most 5000 characters.' })
const unreachable = error('render', { status: 0 })
const typed = (markdown: string) => ({ type: 'preview.change', markdown }) as const
const rested = { type: 'xstate.after.typing.markdownPreview.typing' } as never

describe('markdown preview machine paths', () => {
  const reached = reachedStateNodes(markdownPreviewMachine, {
    input,
    events: [rendered('<p>x</p>'), refused, typed('x'), rested],
  })
  it.each(stateNodeIds(markdownPreviewMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('renders the text it starts with at once, and shows it', () => {
    const start = journey(markdownPreviewMachine, [], input).state
    expect(start.value).toBe('rendering')
    const shown = journey(markdownPreviewMachine, [rendered('<p>We are <strong>on it</strong>.</p>')], input).state
    expect(shown.value).toBe('shown')
    expect(shown.context).toEqual({
      markdown: 'We are **on it**.',
      html: '<p>We are <strong>on it</strong>.</p>',
      error: null,
    })
  })

  it('follows the typing once it rests, dropping a render the typing overtook', () => {
    const typing = journey(markdownPreviewMachine, [typed('We are'), typed('We are *')], input).state
    expect(typing.value).toBe('typing')
    expect(typing.context.markdown).toBe('We are *')
    expect(journey(markdownPreviewMachine, [typed('We are *'), rested], input).state.value).toBe('rendering')
    // Typed while rendering: that answer is not waited for; the newer text is rendered after the rest.
    const overtaken = journey(markdownPreviewMachine, [typed('a'), rested, typed('ab')], input).state
    expect(overtaken.value).toBe('typing')
  })

  it('keeps the last preview and says why when a text cannot be rendered', () => {
    const failed = journey(markdownPreviewMachine, [rendered('<p>old</p>'), typed('x'), rested, refused], input).state
    expect(failed.context).toMatchObject({ html: '<p>old</p>', error: 'Text must be at most 5000 characters.' })
    expect(journey(markdownPreviewMachine, [unreachable], input).state.context.error).toBe(PREVIEW_FAILED)
    // The next good render clears it.
    const again = journey(markdownPreviewMachine, [refused, typed('y'), rested, rendered('<p>y</p>')], input).state
    expect(again.context).toMatchObject({ html: '<p>y</p>', error: null })
  })
})

describe('markdown preview machine, run', () => {
  it('renders the first text and the last one typed, not each keystroke', async () => {
    const asked: string[] = []
    const actor = createActor(
      markdownPreviewMachine.provide({
        actors: {
          render: fromPromise(async ({ input }) => {
            asked.push(input.markdown)
            return `<p>${input.markdown}</p>`
          }),
        },
      }),
      { input: { markdown: 'a' } },
    ).start()
    await waitFor(actor, (s) => s.matches('shown'))
    for (const text of ['ab', 'abc', 'abcd']) actor.send(typed(text))
    expect(actor.getSnapshot().value).toBe('typing')
    await waitFor(actor, (s) => s.matches('shown') && s.context.markdown === 'abcd', { timeout: PREVIEW_DELAY_MS * 10 })
    expect(asked).toEqual(['a', 'abcd'])
    expect(actor.getSnapshot().context.html).toBe('<p>abcd</p>')
    actor.stop()
  })
})
