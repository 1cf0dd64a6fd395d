// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { formatDateTime } from '@vigil/domain/date-format'
import type { Maintenance, StatusIncident } from '@vigil/domain/status-page.schema'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { StatusPagesPage } from '../../../src/ui/pages/status-pages/StatusPagesPage.tsx'
import { incident as engineIncident } from '../../fixtures/monitors.ts'
import { maintenanceWindow, resolvedIncident, statusIncident, statusPage } from '../../fixtures/status-pages.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

const ok = (data: unknown, status = 200) => ({ status, body: { data } })
const outage = engineIncident({
  id: 'e-1',
  monitor_id: 'a1',
  monitor_name: 'Orders API',
  monitor_type: 'api',
  started_at: '2026-11-22T08:30:00.000Z',
  resolved_at: null,
  cause: 'HTTP 503 from https://orders.internal/health',
  duration_ms: null,
})

function renderManage(
  handlers: Handlers = {},
  data: { incidents?: StatusIncident[]; maintenance?: Maintenance[] } = {},
) {
  signIn()
  const requests = stubApi({
    'GET /api/status_pages/sp-1': () => ok({ status_page: statusPage() }),
    'GET /api/status_pages/sp-1/incidents': () =>
      ok({ incidents: data.incidents ?? [resolvedIncident(), statusIncident()] }),
    'GET /api/status_pages/sp-1/maintenance': () =>
      ok({
        maintenance: data.maintenance ?? [
          maintenanceWindow(),
          maintenanceWindow({ id: 'm-0', title: 'Old work', state: 'completed' }),
        ],
      }),
    'GET /api/incidents': () =>
      ok({ incidents: [outage], pagination: { total: 1, page: 1, limit: 100, total_pages: 1 } }),
    'GET /api/monitors': () =>
      ok({ monitors: [], counts: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 } }),
    ...handlers,
  })
  return { ...renderShell(<StatusPagesPage />, { url: '/status_page?id=sp-1' }), requests }
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
const field = (root: HTMLElement, label: string) =>
  within(root).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)) as HTMLInputElement
const fill = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(root, label), { target: { value } })
const errorOf = (input: HTMLElement) => {
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}
const section = (name: string) => screen.getByRole('region', { name }) as HTMLElement
const titles = (root: HTMLElement, testId: string) =>
  within(root)
    .queryAllByTestId(testId)
    .map((li) => li.querySelector('h3')?.textContent)

describe('a status page’s incidents and maintenance', () => {
  it('shows the page, its incidents open first with their updates, and the windows to come', async () => {
    const { requests } = renderManage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme status' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All status pages' }).getAttribute('href')).toBe('/status_page')
    expect(screen.getByRole('link', { name: /\/status\/acme/ }).getAttribute('target')).toBe('_blank')
    const incidents = section('Incidents')
    expect(titles(incidents, 'incident')).toEqual(['Checkout is slow', 'Login errors'])
    const open = within(incidents).getByRole('listitem', { name: 'Checkout is slow' })
    expect(open.textContent).toContain('Investigating')
    expect(open.textContent).toContain('Minor impact')
    expect(open.textContent).toContain(`Started ${formatDateTime('2026-11-22T08:00:00.000Z')}`)
    expect(open.textContent).toContain('affects Website')
    expect(within(open).getByRole('list', { name: 'Updates on Checkout is slow' }).textContent).toContain(
      'We are looking into it.',
    )
    const resolved = within(incidents).getByRole('listitem', { name: 'Login errors' })
    expect(resolved.textContent).toContain('Resolved')
    expect(resolved.textContent).toContain('affects the page as a whole')
    const maintenance = section('Maintenance')
    // Completed windows are history.
    expect(titles(maintenance, 'maintenance')).toEqual(['Database upgrade'])
    expect(maintenance.textContent).toContain('covers API')
    expect(maintenance.textContent).toContain('Scheduled')
    expect(requests.find((r) => r.path === '/api/incidents')?.query.toString()).toBe('open=true&limit=100')
    expect(await seriousViolations(document.body)).toEqual([])
  })

  /** The server's renderer, as far as these tests type: bold and paragraphs. */
  const rendered = (markdown: string) => `<p>${markdown.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>`

  it('publishes an outage the engine opened only after its words are reviewed, with a live preview', async () => {
    let posted: unknown
    const previews: string[] = []
    const { requests } = renderManage({
      'POST /api/status_pages/sp-1/preview': (req) => {
        const { markdown } = req.body as { markdown: string }
        previews.push(markdown)
        return ok({ html: rendered(markdown) })
      },
      'POST /api/status_pages/sp-1/incidents': (req) => {
        posted = req.body
        return ok(
          {
            incident: statusIncident({
              id: 'si-9',
              title: 'Orders are failing',
              impact: 'major',
              monitor_incident_id: 'e-1',
              component_ids: ['c-api'],
            }),
          },
          201,
        )
      },
    })
    const outages = await screen.findByRole('region', { name: 'Outages not on the page yet' })
    expect(outages.textContent).toContain('API (Orders API) has been down since')
    expect(outages.textContent).toContain('HTTP 503 from https://orders.internal/health')
    const publish = within(outages).getByRole('button', { name: 'Publish the outage of API' })
    expect(publish.getAttribute('aria-haspopup')).toBe('dialog')
    await click(publish)
    let dialog = (await screen.findByRole('dialog', { name: 'Publish the outage of API' })) as HTMLElement
    // The words the product would post, in the component's public name, never the check's error.
    expect(field(dialog, 'Title').value).toBe('API is not available')
    expect(field(dialog, 'Message').value).toBe('We are investigating a problem with API.')
    expect(dialog.textContent).toContain('nothing is public until you publish it')
    const preview = () => within(dialog).getByTestId('incident-preview')
    await waitFor(() => expect(preview().textContent).toContain('We are investigating a problem with API.'))
    expect(within(preview()).getByRole('heading', { level: 4 }).textContent).toBe('API is not availableMajor')
    expect(preview().getAttribute('data-impact')).toBe('major')
    expect(preview().textContent).toContain(`Started ${formatDateTime('2026-11-22T08:30:00.000Z')} · Affects API`)
    expect(preview().textContent).toMatch(/Investigating .+We are investigating/)
    expect(preview().textContent).not.toContain('orders.internal')
    expect(await seriousViolations(document.body)).toEqual([])

    // Cancel: nothing is published, the outage is still offered.
    await click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toBeUndefined()
    expect(requests.filter((r) => r.path === '/api/status_pages/sp-1/incidents' && r.method === 'POST')).toEqual([])

    await click(within(outages).getByRole('button', { name: 'Publish the outage of API' }))
    dialog = (await screen.findByRole('dialog', { name: 'Publish the outage of API' })) as HTMLElement
    // Checked with the domain schema before anything is sent.
    fill(dialog, 'Title', ' ')
    fill(dialog, 'Message', '')
    await click(within(dialog).getByRole('button', { name: 'Publish' }))
    expect(errorOf(field(dialog, 'Title'))).toContain('Title is required.')
    expect(errorOf(field(dialog, 'Message'))).toContain('Message is required.')
    expect(posted).toBeUndefined()
    // The preview follows the words as they are typed, the message rendered by the server.
    fill(dialog, 'Title', 'Orders are failing')
    fill(dialog, 'Message', 'Payments **fail** at checkout.')
    expect(errorOf(field(dialog, 'Title'))).toBe('')
    await waitFor(() => expect(preview().innerHTML).toContain('<p>Payments <strong>fail</strong> at checkout.</p>'))
    expect(within(preview()).getByRole('heading', { level: 4 }).textContent).toBe('Orders are failingMajor')
    expect(previews.at(-1)).toBe('Payments **fail** at checkout.')
    expect(posted).toBeUndefined()
    expect(await seriousViolations(document.body)).toEqual([])

    await click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toEqual({
      from_incident_id: 'e-1',
      title: 'Orders are failing',
      message: 'Payments **fail** at checkout.',
    })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Outages not on the page yet' })).toBeNull())
    const published = within(section('Incidents')).getByRole('listitem', { name: 'Orders are failing' })
    expect(published.textContent).toContain('published from a monitor’s outage')
    expect(published.textContent).toContain('Major impact')
  })

  it('keeps the review open with the server’s refusal at its field', async () => {
    let tries = 0
    renderManage({
      'POST /api/status_pages/sp-1/preview': (req) =>
        ok({ html: rendered((req.body as { markdown: string }).markdown) }),
      'POST /api/status_pages/sp-1/incidents': () => {
        tries += 1
        return tries === 1
          ? {
              status: 400,
              body: {
                message: 'Title cannot contain control characters.',
                errors: { title: 'Title cannot contain control characters.' },
              },
            }
          : { status: 409, body: { message: 'This incident is already on this page.' } }
      },
    })
    const outages = await screen.findByRole('region', { name: 'Outages not on the page yet' })
    await click(within(outages).getByRole('button', { name: 'Publish the outage of API' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Publish the outage of API' })) as HTMLElement
    await click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(errorOf(field(dialog, 'Title'))).toContain('Title cannot contain control characters.'))
    expect(screen.getByRole('dialog', { name: 'Publish the outage of API' })).toBeTruthy()
    fill(dialog, 'Title', 'API is down')
    await click(within(dialog).getByRole('button', { name: 'Publish' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This incident is already on this page.')
    expect(tries).toBe(2)
  })

  it('posts an incident checked with the domain schema, with the components it affects', async () => {
    let posted: unknown
    renderManage({
      'POST /api/status_pages/sp-1/incidents': (req) => {
        posted = req.body
        return ok({ incident: statusIncident({ id: 'si-3', title: 'Orders delayed', component_ids: ['c-api'] }) }, 201)
      },
    })
    await click(await screen.findByRole('button', { name: 'Post incident' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Post incident' })) as HTMLElement
    await click(within(dialog).getByRole('button', { name: 'Post incident' }))
    expect(errorOf(field(dialog, 'Title'))).toContain('Title is required.')
    expect(errorOf(field(dialog, 'Message'))).toContain('Message is required.')
    expect(posted).toBeUndefined()
    fill(dialog, 'Title', 'Orders delayed')
    fireEvent.change(field(dialog, 'Impact'), { target: { value: 'major' } })
    fireEvent.change(field(dialog, 'Status'), { target: { value: 'identified' } })
    fill(dialog, 'Message', 'A queue is **backed up**.')
    const affected = within(dialog).getByRole('group', { name: 'Affected components' })
    await click(within(affected).getByRole('checkbox', { name: 'API' }))
    expect(await seriousViolations(document.body)).toEqual([])
    await click(within(dialog).getByRole('button', { name: 'Post incident' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toEqual({
      title: 'Orders delayed',
      impact: 'major',
      status: 'identified',
      message: 'A queue is **backed up**.',
      component_ids: ['c-api'],
    })
    expect(titles(section('Incidents'), 'incident')[0]).toBe('Orders delayed')
  })

  it('posts an update on an incident, and deletes one after the confirmation', async () => {
    let update: unknown
    let deleted = 0
    renderManage({
      'POST /api/status_pages/sp-1/incidents/si-1/updates': (req) => {
        update = req.body
        return ok(
          {
            incident: statusIncident({
              status: 'resolved',
              resolved_at: '2026-11-22T09:00:00.000Z',
              updates: [
                { id: 'u-2', status: 'resolved', message: 'All fixed.', created_at: '2026-11-22T09:00:00.000Z' },
                ...statusIncident().updates,
              ],
            }),
          },
          201,
        )
      },
      'DELETE /api/status_pages/sp-1/incidents/si-0': () => {
        deleted += 1
        return ok({ message: 'Incident deleted.' })
      },
    })
    await click(await screen.findByRole('button', { name: 'Post update on Checkout is slow' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Post update: Checkout is slow' })) as HTMLElement
    // It starts at the incident's status.
    expect(field(dialog, 'Status').value).toBe('investigating')
    fireEvent.change(field(dialog, 'Status'), { target: { value: 'resolved' } })
    fill(dialog, 'Message', 'All fixed.')
    await click(within(dialog).getByRole('button', { name: 'Post update' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(update).toEqual({ status: 'resolved', message: 'All fixed.' })
    const item = within(section('Incidents')).getByRole('listitem', { name: 'Checkout is slow' })
    expect(within(item).getByRole('list', { name: 'Updates on Checkout is slow' }).textContent).toMatch(
      /^Resolved .+All fixed\./,
    )

    await click(screen.getByRole('button', { name: 'Delete Login errors' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the incident “Login errors”?' })
    await click(within(confirm).getByRole('button', { name: 'Delete incident' }))
    await waitFor(() => expect(titles(section('Incidents'), 'incident')).toEqual(['Checkout is slow']))
    expect(deleted).toBe(1)
  })

  it('schedules maintenance from times in the viewer’s zone, and cancels a window', async () => {
    let scheduled: any
    let cancelled = 0
    renderManage(
      {
        'POST /api/status_pages/sp-1/maintenance': (req) => {
          scheduled = req.body
          return ok(
            {
              maintenance: maintenanceWindow({
                id: 'm-2',
                title: 'Network work',
                starts_at: scheduled.starts_at,
                ends_at: scheduled.ends_at,
                component_ids: [],
              }),
            },
            201,
          )
        },
        'DELETE /api/status_pages/sp-1/maintenance/m-1': () => {
          cancelled += 1
          return ok({ message: 'Maintenance cancelled.' })
        },
      },
      { maintenance: [maintenanceWindow()] },
    )
    await click(await screen.findByRole('button', { name: 'Schedule maintenance' }))
    const dialog = (await screen.findByRole('dialog', { name: 'Schedule maintenance' })) as HTMLElement
    // The next full hour, for an hour, to start with.
    const start = dayjs().add(1, 'hour').startOf('hour')
    expect(field(dialog, 'Starts').value).toBe(start.format('YYYY-MM-DDTHH:mm'))
    expect(field(dialog, 'Ends').value).toBe(start.add(1, 'hour').format('YYYY-MM-DDTHH:mm'))
    fill(dialog, 'Title', 'Network work')
    fill(dialog, 'Starts', '2026-12-01T22:00')
    fill(dialog, 'Ends', '2026-12-01T21:00')
    await click(within(dialog).getByRole('button', { name: 'Schedule maintenance' }))
    expect(errorOf(field(dialog, 'Ends'))).toContain('The end must come after the start.')
    fill(dialog, 'Ends', '2026-12-02T01:30')
    expect(await seriousViolations(document.body)).toEqual([])
    await click(within(dialog).getByRole('button', { name: 'Schedule maintenance' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(scheduled).toEqual({
      title: 'Network work',
      description: '',
      starts_at: new Date(2026, 11, 1, 22, 0).toISOString(),
      ends_at: new Date(2026, 11, 2, 1, 30).toISOString(),
      component_ids: [],
    })
    const maintenance = section('Maintenance')
    expect(titles(maintenance, 'maintenance')).toEqual(['Database upgrade', 'Network work'])
    expect(within(maintenance).getByRole('listitem', { name: 'Network work' }).textContent).toContain(
      'covers the whole page',
    )

    await click(within(maintenance).getByRole('button', { name: 'Cancel maintenance Database upgrade' }))
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Cancel the maintenance window “Database upgrade”?',
    })
    expect(confirm.textContent).toContain('The maintenance window is cancelled and taken off the public page.')
    // Not two buttons that both say "Cancel": the one that keeps it says so.
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toBeTruthy()
    await click(within(confirm).getByRole('button', { name: 'Cancel maintenance window' }))
    await waitFor(() => expect(titles(section('Maintenance'), 'maintenance')).toEqual(['Network work']))
    expect(cancelled).toBe(1)
  })

  it('says when the page cannot be found, with the way back', async () => {
    renderManage({
      'GET /api/status_pages/sp-1': () => ({ status: 404, body: { message: 'Status page not found.' } }),
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Status page not found.')
    expect(screen.getByRole('link', { name: 'All status pages' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})
