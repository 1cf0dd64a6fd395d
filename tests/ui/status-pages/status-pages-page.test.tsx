// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import { describe, expect, it } from 'vitest'
import { StatusPagesPage } from '../../../src/ui/pages/status-pages/StatusPagesPage.tsx'
import { draftPage, statusPage } from '../../fixtures/status-pages.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const listed =
  (pages: StatusPage[], max = 20) =>
  () =>
    ok({ status_pages: pages, limit: { max, used: pages.length } })
const monitors = () =>
  ok({
    monitors: [
      { id: 'w1', type: 'web', name: 'Marketing site' },
      { id: 'a1', type: 'api', name: 'Orders API' },
      { id: 'p1', type: 'port', name: 'Mail server' },
    ],
    counts: { total: 3, up: 3, down: 0, degraded: 0, paused: 0, pending: 0 },
  })

function renderPage(handlers: Handlers) {
  signIn()
  const requests = stubApi({ 'GET /api/monitors': monitors, ...handlers })
  return { ...renderShell(<StatusPagesPage />, { url: '/status_page' }), requests }
}

const card = async (name: string) => (await screen.findByRole('listitem', { name })) as HTMLElement
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
/** The field whose label starts with `label` (a required field's label ends with its '*'). */
const field = (root: HTMLElement, label: string) =>
  within(root).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)) as HTMLInputElement
const fill = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(root, label), { target: { value } })
const errorOf = (input: HTMLElement) => {
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}
const openCreate = async (name = /^Create status page$/) => {
  await click(screen.getAllByRole('button', { name })[0] as HTMLElement)
  return (await screen.findByRole('dialog', { name: 'Create status page' })) as HTMLElement
}
const rowNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Components' }))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'))

describe('the status pages list', () => {
  it('lists each page with its public link, published or draft, and its components, with the plan’s limit', async () => {
    renderPage({ 'GET /api/status_pages': listed([statusPage(), draftPage()]) })
    expect(screen.getByRole('heading', { level: 1, name: 'Status Page' })).toBeTruthy()
    const acme = await card('Acme status')
    const link = within(acme).getByRole('link', { name: /\/status\/acme/ })
    expect(link.getAttribute('href')).toBe('/status/acme')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.textContent).toBe(`${window.location.origin}/status/acme (opens in a new tab)`)
    expect(acme.textContent).toContain('Published')
    expect(acme.textContent).toContain('2 components')
    const draft = await card('Internal tools')
    expect(draft.textContent).toContain('Draft')
    expect(draft.textContent).toContain('0 components · visitors see it once you publish it')
    expect(
      within(acme).getByRole('link', { name: 'Incidents and maintenance of Acme status' }).getAttribute('href'),
    ).toBe('/status_page?id=sp-1')
    expect(within(acme).getByRole('button', { name: 'Edit Acme status' })).toBeTruthy()
    expect(within(acme).getByRole('button', { name: 'Delete Acme status' })).toBeTruthy()
    expect(screen.getByTestId('status-page-limit').textContent).toBe(' 2 of 20 pages on your plan.')
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('explains what a status page is when there are none', async () => {
    renderPage({ 'GET /api/status_pages': listed([], 1) })
    expect(await screen.findByRole('heading', { name: 'No status pages yet' })).toBeTruthy()
    expect(screen.getByText(/A status page is a public web page that shows your customers/)).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Create status page' })).toHaveLength(1)
    expect(screen.getByTestId('status-page-limit').textContent).toBe(' 0 of 1 page on your plan.')
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('says why the list did not load, and loads it again on request', async () => {
    let fail = true
    renderPage({ 'GET /api/status_pages': () => (fail ? 'network-error' : listed([statusPage()])()) })
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load your status pages.')
    fail = false
    await click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await card('Acme status')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('deletes a page after the confirmation dialog, and keeps it on Cancel', async () => {
    let deleted = 0
    renderPage({
      'GET /api/status_pages': listed([statusPage(), draftPage()]),
      'DELETE /api/status_pages/sp-2': () => {
        deleted += 1
        return ok({ message: 'Status page deleted.' })
      },
    })
    const draft = await card('Internal tools')
    await click(within(draft).getByRole('button', { name: 'Delete Internal tools' }))
    const question = 'Delete the status page “Internal tools”?'
    let dialog = await screen.findByRole('alertdialog', { name: question })
    await click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(deleted).toBe(0)
    await click(within(draft).getByRole('button', { name: 'Delete Internal tools' }))
    dialog = await screen.findByRole('alertdialog', { name: question })
    await click(within(dialog).getByRole('button', { name: 'Delete status page' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Internal tools' })).toBeNull())
    expect(deleted).toBe(1)
    expect(screen.getByTestId('status-page-limit').textContent).toBe(' 1 of 20 pages on your plan.')
  })
})

describe('the status page form', () => {
  it('checks with the domain schema, fills the public id from the name and previews the address', async () => {
    const { requests } = renderPage({ 'GET /api/status_pages': listed([]) })
    await screen.findByRole('heading', { name: 'No status pages yet' })
    const dialog = await openCreate()
    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    expect(errorOf(field(dialog, 'Name'))).toContain('Name is required.')
    expect(errorOf(field(dialog, 'Public id'))).toContain('The public id is required.')
    fill(dialog, 'Name', 'Acme Café Status')
    expect(field(dialog, 'Public id').value).toBe('acme-cafe-status')
    expect(within(dialog).getByTestId('public-address').textContent).toBe(
      `${window.location.origin}/status/acme-cafe-status`,
    )
    // Typed by hand: the name no longer changes it, and its problems show as it is typed.
    fill(dialog, 'Public id', 'Admin')
    expect(within(dialog).getByTestId('public-address').textContent).toBe(`${window.location.origin}/status/admin`)
    expect(errorOf(field(dialog, 'Public id'))).toContain('"admin" is reserved: choose another public id.')
    fill(dialog, 'Name', 'Acme')
    expect(field(dialog, 'Public id').value).toBe('Admin')
    fill(dialog, 'Logo URL', 'logo.png')
    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    expect(errorOf(field(dialog, 'Logo URL'))).toContain('The logo URL must start with https://.')
    // A host that would write into the page's Content-Security-Policy.
    fill(dialog, 'Logo URL', 'https://*.example.com/logo.png')
    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    expect(errorOf(field(dialog, 'Logo URL'))).toContain(
      'The logo URL needs a plain host name, such as cdn.example.com: no *, space, quote, comma, semicolon or bracket.',
    )
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    expect(await seriousViolations(document.body)).toEqual([])
  })

  it('creates a page with components chosen, named, grouped and ordered, then lists it', async () => {
    let body: any
    const { requests } = renderPage({
      'GET /api/status_pages': listed([]),
      'POST /api/status_pages': (req) => {
        body = req.body
        return ok({ status_page: statusPage({ name: 'Acme', published: true }) }, 201)
      },
    })
    await screen.findByRole('heading', { name: 'No status pages yet' })
    const dialog = await openCreate()
    fill(dialog, 'Name', 'Acme')
    fill(dialog, 'Description', 'How **Acme** is doing.')
    await click(within(dialog).getByRole('switch', { name: 'Published' }))
    await click(within(dialog).getByRole('switch', { name: 'Show response times' }))
    // The monitors to choose from load with the form.
    const choice = await within(dialog).findByLabelText('Monitor to add')
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Marketing site', 'Orders API', 'Mail server'])
    // Its public name is asked for as it is added: the monitor's own name to start with, said to be what visitors see.
    const adder = within(dialog).getByRole('group', { name: 'Add a component' })
    const publicName = () => field(adder, 'Public name')
    expect(publicName().value).toBe('Marketing site')
    expect(
      publicName()
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('What visitors see for it.')
    await click(within(dialog).getByRole('button', { name: 'Add component' }))
    fireEvent.change(within(dialog).getByLabelText('Monitor to add'), { target: { value: 'a1' } })
    expect(publicName().value).toBe('Orders API')
    // An empty name is refused where it is typed, and nothing is added.
    fill(adder, 'Public name', '  ')
    await click(within(dialog).getByRole('button', { name: 'Add component' }))
    expect(errorOf(publicName())).toContain('Public name is required.')
    expect(document.activeElement).toBe(publicName())
    expect(rowNames(dialog)).toEqual(['Component 1: Marketing site'])
    fill(adder, 'Public name', 'API')
    expect(errorOf(publicName())).toBe('')
    // Enter in the name adds it, and does not send the page's form.
    fireEvent.keyDown(publicName(), { key: 'Enter' })
    expect(rowNames(dialog)).toEqual(['Component 1: Marketing site', 'Component 2: API'])
    expect(body).toBeUndefined()
    // Only monitors not on the page are offered.
    expect(
      within(within(dialog).getByLabelText('Monitor to add'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mail server'])
    const api = within(dialog).getByRole('listitem', { name: 'Component 2: API' })
    // The monitor's own name beside it is marked private; the public name stays editable.
    expect(api.textContent).toContain('2. Monitor Orders API (private)')
    expect(field(api, 'Public name').value).toBe('API')
    fill(api, 'Group', 'Backend')
    // Moved up with its button; focus follows the row (at the top, to its other button).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    const up = within(dialog).getByRole('button', { name: 'Move API up' })
    up.focus()
    await click(up)
    expect(rowNames(dialog)).toEqual(['Component 1: API', 'Component 2: Marketing site'])
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move API down'))
    expect(within(dialog).getByRole('button', { name: 'Move API up' }).hasAttribute('disabled')).toBe(true)
    await click(within(dialog).getByRole('button', { name: 'Move API down' }))
    await click(within(dialog).getByRole('button', { name: 'Move API up' }))
    expect(rowNames(dialog)).toEqual(['Component 1: API', 'Component 2: Marketing site'])
    expect(await seriousViolations(document.body)).toEqual([])

    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(body).toEqual({
      name: 'Acme',
      slug: 'acme',
      description: 'How **Acme** is doing.',
      logo_url: null,
      show_response_times: true,
      published: true,
      components: [
        { monitor_id: 'a1', display_name: 'API', group: 'Backend' },
        { monitor_id: 'w1', display_name: 'Marketing site', group: '' },
      ],
    })
    expect(await card('Acme')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('removes a component with the keyboard focus kept in the list', async () => {
    renderPage({ 'GET /api/status_pages': listed([statusPage()]) })
    await click(within(await card('Acme status')).getByRole('button', { name: 'Edit Acme status' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Edit Acme status' })) as HTMLElement
    expect(rowNames(dialog)).toEqual(['Component 1: Website', 'Component 2: API'])
    // The dialog puts focus inside itself a moment after it opens; on a busy machine that may come after a click.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await click(within(dialog).getByRole('button', { name: 'Remove Website' }))
    expect(rowNames(dialog)).toEqual(['Component 1: API'])
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove API'))
  })

  it('shows a taken public id at its field, and the plan’s limit on top', async () => {
    let answer = 409
    renderPage({
      'GET /api/status_pages': listed([statusPage()]),
      'POST /api/status_pages': () =>
        answer === 409
          ? {
              status: 409,
              body: {
                message: 'This public id is taken: choose another.',
                errors: { slug: 'This public id is taken: choose another.' },
              },
            }
          : {
              status: 403,
              body: { message: 'Your Basic plan allows 1 status page. Delete one or upgrade your plan to add more.' },
            },
    })
    await card('Acme status')
    const dialog = await openCreate()
    fill(dialog, 'Name', 'Acme')
    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    await waitFor(() =>
      expect(errorOf(field(dialog, 'Public id'))).toContain('This public id is taken: choose another.'),
    )
    // Said once, at the field.
    expect(within(dialog).queryByRole('alert')).toBeNull()
    answer = 403
    fill(dialog, 'Public id', 'acme-2')
    await click(within(dialog).getByRole('button', { name: 'Create status page' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Your Basic plan allows 1 status page. Delete one or upgrade your plan to add more.')
    expect(errorOf(field(dialog, 'Public id'))).toBe('')
  })

  it('sends only what an edit changed, and shows the stored page', async () => {
    let patch: unknown
    renderPage({
      'GET /api/status_pages': listed([statusPage()]),
      'PATCH /api/status_pages/sp-1': (req) => {
        patch = req.body
        return ok({ status_page: statusPage({ published: false }) })
      },
    })
    await click(within(await card('Acme status')).getByRole('button', { name: 'Edit Acme status' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Edit Acme status' })) as HTMLElement
    expect(field(dialog, 'Public id').value).toBe('acme')
    await click(within(dialog).getByRole('switch', { name: 'Published' }))
    await click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patch).toEqual({ published: false })
    await waitFor(async () => expect((await card('Acme status')).textContent).toContain('Draft'))
  })
})
