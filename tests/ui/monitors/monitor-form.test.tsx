// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { apiMonitor, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const empty = {
  status: 200,
  body: {
    data: { monitors: [], counts: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 }, ...pageExtras },
  },
}

async function openForm(type: MonitorType, handlers: Handlers = {}, plan: 'Basic' | 'Pro' = 'Basic') {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ title: plan }) } },
    }),
    'GET /api/monitors': () => empty,
    'GET /api/tags': () => ({ status: 200, body: { data: { tags: [] } } }),
    ...handlers,
  })
  const utils = renderShell(<MonitorListPage type={type} />)
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: /^Add your first/ }))
  })
  const dialog = await screen.findByRole('dialog')
  return { ...utils, requests, dialog }
}

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: /Create monitor|Save changes/ }))
  })
}
/** The field whose label starts with `label` (a required field's label ends with its '*'). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`))
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } })
const errorOf = (dialog: HTMLElement, label: string) => {
  const input = field(dialog, label)
  // Ark's Field links the error text with aria-errormessage (and the input is aria-invalid).
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('the monitor form', () => {
  it('shows the schema messages at their fields and sends nothing while they stand', async () => {
    const { dialog, requests } = await openForm('web')
    expect(within(dialog).getByRole('heading', { name: 'Add website monitor' })).toBeTruthy()
    await submit(dialog)
    expect(errorOf(dialog, 'Name')).toContain('Name is required.')
    expect(errorOf(dialog, 'URL')).toContain('URL is required.')
    fill(dialog, 'URL', 'example.com')
    await submit(dialog)
    expect(errorOf(dialog, 'URL')).toContain('URL must start with http:// or https://.')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('offers only the intervals the plan allows', async () => {
    const basic = await openForm('ping')
    const options = (d: HTMLElement) =>
      within(within(d).getByLabelText('Check every'))
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(options(basic.dialog)[0]).toBe('5 minutes')
    expect(options(basic.dialog)).not.toContain('30 seconds')
    basic.unmount()
    const pro = await openForm('ping', {}, 'Pro')
    expect(options(pro.dialog)[0]).toBe('30 seconds')
  })

  it('creates a port monitor with the values typed, then closes and lists it', async () => {
    let created: unknown
    const stored = webMonitor()
    const { dialog, requests } = await openForm('port', {
      'POST /api/monitors': (req) => {
        created = req.body
        return { status: 201, body: { data: { monitor: stored } } }
      },
    })
    fill(dialog, 'Name', 'Database')
    fill(dialog, 'Host', 'DB.Example.com')
    fill(dialog, 'Port', '5432')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(created).toMatchObject({
      type: 'port',
      name: 'Database',
      host: 'db.example.com',
      port: 5432,
      interval_seconds: 300,
    })
    expect(requests.filter((r) => r.path === '/api/monitors' && r.method === 'GET').length).toBeGreaterThan(1)
  })

  it("shows the server's plan-limit message (403) and its field errors (400), nested ones at their row", async () => {
    let reply = {
      status: 403,
      body: {
        message: 'Your Basic plan allows up to 20 monitors. Delete a monitor or upgrade your plan to add more.',
      } as object,
    }
    const { dialog } = await openForm('api', { 'POST /api/monitors': () => reply })
    fill(dialog, 'Name', 'Orders')
    fill(dialog, 'URL', 'https://api.example.com/health')
    await submit(dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toContain('allows up to 20 monitors')

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add assertion' }))
    })
    reply = {
      status: 400,
      body: { message: 'Check the highlighted fields.', errors: { 'assertions.0.value': 'Value is refused here.' } },
    }
    await submit(dialog)
    expect(errorOf(dialog, 'Assertion 1 value')).toContain('Value is refused here.')
    expect(within(dialog).getByRole('alert').textContent).toContain('Check the highlighted fields.')
  })

  it('edits only what changed (PATCH) from the row', async () => {
    signIn()
    const monitor = apiMonitor()
    let patch: unknown
    stubApi({
      'GET /api/monitors': () => ({
        status: 200,
        body: {
          data: {
            monitors: [monitor],
            counts: { total: 1, up: 1, down: 0, degraded: 0, paused: 0, pending: 0 },
            ...pageExtras,
          },
        },
      }),
      'PATCH /api/monitors/a1': (req) => {
        patch = req.body
        return { status: 200, body: { data: { monitor } } }
      },
    })
    renderShell(<MonitorListPage type="api" />)
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Orders API' }))
    })
    const dialog = await screen.findByRole('dialog', { name: 'Edit Orders API' })
    expect((within(dialog).getByLabelText('Header 1 name') as HTMLInputElement).value).toBe('accept')
    expect((within(dialog).getByLabelText('Assertion 1 path') as HTMLInputElement).value).toBe('$.status')
    fill(dialog, 'Name', 'Orders v2')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patch).toEqual({ name: 'Orders v2' })
  })

  it('shows that a credential header is set without showing it, keeps it, and sends a typed one', async () => {
    signIn()
    const monitor = apiMonitor({ headers: { accept: 'application/json', Authorization: '••••••••WXYZ' } })
    const patches: unknown[] = []
    stubApi({
      'GET /api/monitors': () => ({
        status: 200,
        body: {
          data: {
            monitors: [monitor],
            counts: { total: 1, up: 1, down: 0, degraded: 0, paused: 0, pending: 0 },
            ...pageExtras,
          },
        },
      }),
      'PATCH /api/monitors/a1': (req) => {
        patches.push(req.body)
        return { status: 200, body: { data: { monitor } } }
      },
    })
    renderShell(<MonitorListPage type="api" />)
    const edit = async () => {
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: 'Edit Orders API' }))
      })
      return screen.findByRole('dialog', { name: 'Edit Orders API' })
    }
    let dialog = await edit()
    const value = within(dialog).getByLabelText('Header 2 value') as HTMLInputElement
    expect(value.value).toBe('')
    expect(value.placeholder).toBe('Set (••••••••WXYZ)')
    expect(value.getAttribute('aria-describedby') ?? '').not.toBe('')
    expect(within(dialog).getByText('A value is set and kept. Type a new one to replace it.')).toBeTruthy()
    // Another header changes: the set one goes back as it was shown, which the server keeps.
    fill(dialog, 'Header 1 value', 'text/plain')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patches[0]).toEqual({ headers: { accept: 'text/plain', Authorization: '••••••••WXYZ' } })

    dialog = await edit()
    fill(dialog, 'Header 2 value', 'Bearer new-token')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patches[1]).toEqual({ headers: { accept: 'application/json', Authorization: 'Bearer new-token' } })
  })

  it('has no serious accessibility violations, advanced fields open', async () => {
    const { dialog } = await openForm('api')
    fireEvent.click(within(dialog).getByText('Advanced'))
    expect(field(dialog, 'Retries before down')).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})
