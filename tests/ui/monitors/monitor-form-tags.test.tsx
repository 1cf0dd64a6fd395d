// @vitest-environment jsdom
import '../components/setup-dom.ts'

// zag's combobox finds its items with CSS.escape, which jsdom lacks (without it a key press throws, uncaught).
// Here only: the Chromium journeys have the real one.
const g = globalThis as { CSS?: { escape?: (value: string) => string } }
g.CSS ??= {}
g.CSS.escape ??= (value: string) => value.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`)

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { Tag } from '@vigil/domain/tags'
import { describe, expect, it } from 'vitest'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { apiMonitor, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, type RecordedRequest, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// The monitor form's Tags field: pick the user's tags, or type a name and press Enter (the user's tag of that name,
// or a new one, created when the monitor is saved); what is still typed at the submit is a tag too. The tags are set
// after the monitor is saved (PUT /api/monitors/{id}/tags), on a new monitor and on a change.

const tag = (id: string, name: string, color: Tag['color'] = 'green'): Tag => ({
  id,
  name,
  color,
  monitor_count: 1,
  created_at: new Date(2026, 0, 1).toISOString(),
})

const listOf = (monitors: Monitor[]) => ({
  status: 200,
  body: {
    data: {
      monitors,
      counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
      ...pageExtras,
    },
  },
})

/** The user's tags as the server keeps them: POST /api/tags adds one, which the next GET lists. */
function tagServer(initial: Tag[]): Handlers {
  const tags = [...initial]
  return {
    'GET /api/tags': () => ({ status: 200, body: { data: { tags } } }),
    'POST /api/tags': (req) => {
      const body = req.body as { name: string; color: Tag['color'] }
      const made = tag(`t${tags.length + 1}`, body.name, body.color)
      tags.push(made)
      return { status: 201, body: { data: { tag: made } } }
    },
  }
}

const refs = (ids: string[], all: Tag[]) =>
  ids.map((id) => {
    const { name, color } = all.find((t) => t.id === id) as Tag
    return { id, name, color }
  })

const production = tag('t1', 'production')
const staging = tag('t2', 'staging', 'amber')

async function open(handlers: Handlers, button: string | RegExp) {
  signIn()
  const requests = stubApi(handlers)
  const utils = renderShell(<MonitorListPage type={button === 'Edit Orders API' ? 'api' : 'web'} />)
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: button }))
  })
  const dialog = await screen.findByRole('dialog')
  // Typed once the user's tags are in (as a person would): a key typed while they arrive can be lost in jsdom.
  await waitFor(() => expect(within(dialog).queryByText('Loading your tags...')).toBeNull())
  return { ...utils, requests, dialog }
}

const fill = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: /Create monitor|Save changes/ }))
  })
}

/** Types into the Tags combobox a key at a time (typed at once, jsdom drops a key between the combobox's updates). */
const typeTag = async (user: UserEvent, dialog: HTMLElement, text: string) => {
  const input = within(dialog).getByRole('combobox', { name: 'Tags' })
  for (const key of text) await user.type(input, key)
}

/** The chips' names, a new tag's marked "(new)". */
const chosen = (dialog: HTMLElement) => {
  const list = within(dialog).queryByRole('list', { name: 'Chosen tags' })
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => {
          const name = li.querySelector('[data-tag]')?.textContent ?? ''
          return li.textContent === name ? name : `${name} (${li.textContent?.slice(name.length)})`
        })
    : []
}

const tagsInput = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Tags' }) as HTMLInputElement

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).map((r) => r.body)

describe('the monitor form: tags', () => {
  it('picks a tag and adds a new one while adding a monitor, then creates it and sets both on the new monitor', async () => {
    const stored = webMonitor({ id: 'w9', name: 'Shop' })
    let tagged: string[] = []
    const server = tagServer([production, staging])
    const { dialog, requests, user } = await open(
      {
        'GET /api/monitors': () => listOf([]),
        ...server,
        'POST /api/monitors': () => ({ status: 201, body: { data: { monitor: stored } } }),
        'PUT /api/monitors/w9/tags': (req) => {
          tagged = (req.body as { tag_ids: string[] }).tag_ids
          return { status: 200, body: { data: { tags: refs(tagged, [production, staging, tag('t3', 'Customer A')]) } } }
        },
      },
      /^Add your first/,
    )
    fill(dialog, /^Name/, 'Shop')
    fill(dialog, /^URL/, 'https://shop.example.com')

    await typeTag(user, dialog, 'prod')
    await user.click(await screen.findByRole('option', { name: /production/ }))
    expect(chosen(dialog)).toEqual(['production'])

    await typeTag(user, dialog, 'Customer A')
    // By keyboard: the only option is the one that creates it.
    expect(await screen.findByRole('option', { name: 'Create tag “Customer A”' })).toBeTruthy()
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(chosen(dialog)).toEqual(['production', 'Customer A (new)']))
    // Made when the monitor is saved, not before (a form closed unsaved leaves no tag behind).
    expect(sent(requests, 'POST', '/api/tags')).toEqual([])

    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/monitors')).toHaveLength(1)
    expect(sent(requests, 'POST', '/api/monitors')[0]).toMatchObject({ type: 'web', name: 'Shop' })
    expect(sent(requests, 'POST', '/api/tags')).toEqual([{ name: 'Customer A', color: 'blue' }])
    expect(sent(requests, 'PUT', '/api/monitors/w9/tags')).toEqual([{ tag_ids: ['t1', 't3'] }])
  })

  it("a name typed and Enter chooses the user's tag of that name, in any case, without submitting the form", async () => {
    const { dialog, requests, user } = await open(
      { 'GET /api/monitors': () => listOf([]), ...tagServer([production, staging]) },
      /^Add your first/,
    )
    await typeTag(user, dialog, 'PRODUCTION')
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual(['production'])
    expect(tagsInput(dialog).value).toBe('')
    // The same name again is already chosen: no second chip.
    await typeTag(user, dialog, 'Production')
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual(['production'])
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('"production" and Enter, then Create: the tag is created with the monitor and set on it (issue 37)', async () => {
    const stored = webMonitor({ id: 'w9', name: 'Shop' })
    const { dialog, requests, user } = await open(
      {
        'GET /api/monitors': () => listOf([]),
        ...tagServer([staging]),
        'POST /api/monitors': () => ({ status: 201, body: { data: { monitor: stored } } }),
        'PUT /api/monitors/w9/tags': (req) => ({
          status: 200,
          body: {
            data: { tags: refs((req.body as { tag_ids: string[] }).tag_ids, [staging, tag('t2', 'production')]) },
          },
        }),
      },
      /^Add your first/,
    )
    fill(dialog, /^Name/, 'Shop')
    fill(dialog, /^URL/, 'https://shop.example.com')
    await typeTag(user, dialog, 'production')
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual(['production (new)'])
    expect(within(dialog).getByText(/Tags marked new are created when you save/)).toBeTruthy()
    expect(sent(requests, 'POST', '/api/monitors')).toEqual([])

    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/tags')).toEqual([{ name: 'production', color: 'blue' }])
    expect(sent(requests, 'PUT', '/api/monitors/w9/tags')).toEqual([{ tag_ids: ['t2'] }])
  })

  it('opens no empty list: without tags the words under the field say what to do, and a chip leaves no list open', async () => {
    const { dialog, user } = await open({ 'GET /api/monitors': () => listOf([]), ...tagServer([]) }, /^Add your first/)
    await waitFor(() =>
      expect(within(dialog).getByText('No tags yet: type a name and press Enter to create one.')).toBeTruthy(),
    )
    // A list with no option is not shown: it is marked empty, which its style hides (jsdom has no stylesheet; the
    // Chromium journey's axe run holds the rest).
    const shownEmpty = () => {
      const list = screen.queryByRole('listbox')
      return list !== null && !list.hasAttribute('data-empty')
    }
    await user.click(tagsInput(dialog))
    expect(shownEmpty()).toBe(false)
    await typeTag(user, dialog, 'production')
    expect(await screen.findByRole('option', { name: 'Create tag “production”' })).toBeTruthy()
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual(['production (new)'])
    // The list held only the option to create it: with nothing left to list, it is not shown (a listbox holds options).
    expect(shownEmpty()).toBe(false)
    expect(await seriousViolations(dialog)).toEqual([])
  })

  it('takes the text still in the tags input at the submit as a tag: a new one is created, a known one chosen', async () => {
    const stored = webMonitor({ id: 'w9', name: 'Shop' })
    const { dialog, requests, user } = await open(
      {
        'GET /api/monitors': () => listOf([]),
        ...tagServer([production]),
        'POST /api/monitors': () => ({ status: 201, body: { data: { monitor: stored } } }),
        'PUT /api/monitors/w9/tags': (req) => ({
          status: 200,
          body: {
            data: { tags: refs((req.body as { tag_ids: string[] }).tag_ids, [production, tag('t2', 'billing')]) },
          },
        }),
      },
      /^Add your first/,
    )
    fill(dialog, /^Name/, 'Shop')
    fill(dialog, /^URL/, 'https://shop.example.com')
    await typeTag(user, dialog, 'Production')
    await user.keyboard('{Enter}')
    await typeTag(user, dialog, 'billing')
    expect(within(dialog).getByText('Press Enter to add “billing”.')).toBeTruthy()
    // Elsewhere on the form, the text stays (the combobox does not drop it for want of an option).
    await user.click(within(dialog).getByLabelText(/^Name/))
    expect(tagsInput(dialog).value).toBe('billing')

    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/tags')).toEqual([{ name: 'billing', color: 'blue' }])
    expect(sent(requests, 'PUT', '/api/monitors/w9/tags')).toEqual([{ tag_ids: ['t1', 't2'] }])
  })

  it('keeps the text typed as a chip when the submit is refused, and says why a name cannot be a tag', async () => {
    const { dialog, requests, user } = await open(
      { 'GET /api/monitors': () => listOf([]), ...tagServer([production]) },
      /^Add your first/,
    )
    // Enter on a name the server would refuse: the text stays, with the reason.
    await typeTag(user, dialog, 'eu,us')
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual([])
    expect(tagsInput(dialog).value).toBe('eu,us')
    expect(within(dialog).getByText('A tag name is one line, without commas.')).toBeTruthy()
    expect(tagsInput(dialog).getAttribute('aria-invalid')).toBe('true')

    await user.clear(tagsInput(dialog))
    await typeTag(user, dialog, 'eu')
    // The name is missing: refused, and the tag typed is now a chip, not lost.
    await submit(dialog)
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(chosen(dialog)).toEqual(['eu (new)'])
    expect(tagsInput(dialog).value).toBe('')
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('Backspace in the empty input removes the last chip', async () => {
    const { dialog, user } = await open(
      { 'GET /api/monitors': () => listOf([]), ...tagServer([production, staging]) },
      /^Add your first/,
    )
    await typeTag(user, dialog, 'staging')
    await user.keyboard('{Enter}')
    await typeTag(user, dialog, 'new one')
    await user.keyboard('{Enter}')
    expect(chosen(dialog)).toEqual(['staging', 'new one (new)'])
    await user.keyboard('{Backspace}')
    expect(chosen(dialog)).toEqual(['staging'])
    await user.keyboard('{Backspace}')
    expect(chosen(dialog)).toEqual([])
  })

  it('sets no tags on a new monitor that has none', async () => {
    const { dialog, requests } = await open(
      {
        'GET /api/monitors': () => listOf([]),
        ...tagServer([production]),
        'POST /api/monitors': () => ({ status: 201, body: { data: { monitor: webMonitor() } } }),
      },
      /^Add your first/,
    )
    fill(dialog, /^Name/, 'Shop')
    fill(dialog, /^URL/, 'https://shop.example.com')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it("shows a monitor's tags when editing it; removing one sends the rest (and no PATCH when nothing else changed)", async () => {
    const monitor = apiMonitor({ tags: refs(['t1', 't2'], [production, staging]) })
    const { dialog, requests, user } = await open(
      {
        'GET /api/monitors': () => listOf([monitor]),
        ...tagServer([production, staging]),
        'PUT /api/monitors/a1/tags': (req) => ({
          status: 200,
          body: { data: { tags: refs((req.body as { tag_ids: string[] }).tag_ids, [production, staging]) } },
        }),
      },
      'Edit Orders API',
    )
    expect(chosen(dialog)).toEqual(['production', 'staging'])
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag staging' }))
    expect(chosen(dialog)).toEqual(['production'])
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'PUT', '/api/monitors/a1/tags')).toEqual([{ tag_ids: ['t1'] }])
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)
  })

  it('keeps the dialog open when the tags fail, says the monitor was saved, and does not add it twice', async () => {
    const stored = webMonitor({ id: 'w9', name: 'Shop' })
    let failing = true
    const { dialog, requests, user } = await open(
      {
        'GET /api/monitors': () => listOf([]),
        ...tagServer([production]),
        'POST /api/monitors': () => ({ status: 201, body: { data: { monitor: stored } } }),
        // A retry changes the stored monitor (what differs from the form, if anything) rather than adding another.
        'PATCH /api/monitors/w9': () => ({ status: 200, body: { data: { monitor: stored } } }),
        'PUT /api/monitors/w9/tags': () =>
          failing
            ? { status: 404, body: { message: 'Tag not found.' } }
            : { status: 200, body: { data: { tags: refs(['t1'], [production]) } } },
      },
      /^Add your first/,
    )
    fill(dialog, /^Name/, 'Shop')
    fill(dialog, /^URL/, 'https://shop.example.com')
    await typeTag(user, dialog, 'prod')
    await user.click(await screen.findByRole('option', { name: /production/ }))
    await typeTag(user, dialog, 'shop')
    await user.keyboard('{Enter}')
    await submit(dialog)
    const alert = await within(dialog).findByText(/The monitor was saved, but its tags were not/)
    expect(alert.textContent).toContain('The monitor was saved, but its tags were not: Tag not found.')
    expect(screen.getByRole('dialog')).toBe(dialog)

    failing = false
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(requests, 'POST', '/api/monitors')).toHaveLength(1)
    // The new tag was made by the first try: the second finds it by its name rather than making it again.
    expect(sent(requests, 'POST', '/api/tags')).toEqual([{ name: 'shop', color: 'blue' }])
    expect(sent(requests, 'PUT', '/api/monitors/w9/tags')).toEqual([
      { tag_ids: ['t1', 't2'] },
      { tag_ids: ['t1', 't2'] },
    ])
  })

  it('has no serious accessibility violations with tags chosen', async () => {
    const monitor = apiMonitor({ tags: refs(['t1'], [production]) })
    const { dialog } = await open(
      { 'GET /api/monitors': () => listOf([monitor]), ...tagServer([production, staging]) },
      'Edit Orders API',
    )
    expect(within(dialog).getByRole('combobox', { name: 'Tags' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})
