// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { webMonitor } from '../../fixtures/monitors.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// The monitor form's "SLA target (%)": what reports hold the monitor's uptime to (issue 18).

const listOf = (monitors: Monitor[]) => () => ({
  status: 200,
  body: {
    data: {
      monitors,
      counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
      ...pageExtras,
    },
  },
})
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
const slaField = (dialog: HTMLElement) => within(dialog).getByLabelText('SLA target (%)') as HTMLInputElement
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-errormessage') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

async function open(monitors: Monitor[], handlers: Handlers = {}) {
  signIn()
  const requests = stubApi({ 'GET /api/monitors': listOf(monitors), ...handlers })
  renderShell(<MonitorListPage type="web" />)
  await click(
    await screen.findByRole('button', { name: monitors.length ? `Edit ${monitors[0]?.name}` : /^Add your first/ }),
  )
  const dialog = (await screen.findByRole('dialog')) as HTMLElement
  await click(within(dialog).getByText('Advanced'))
  return { dialog, requests }
}

describe("the monitor form's SLA target", () => {
  it('starts at 99.9 %, says what it is for, checks it with the schema and sends it', async () => {
    let created: unknown
    const { dialog } = await open([], {
      'POST /api/monitors': (req) => {
        created = req.body
        return { status: 201, body: { data: { monitor: webMonitor() } } }
      },
    })
    const sla = slaField(dialog)
    expect(sla.value).toBe('99.9')
    expect(within(dialog).getByText("Reports hold this monitor's uptime to this target.")).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Shop' } })
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://shop.example.com' } })
    fireEvent.change(sla, { target: { value: '42' } })
    await click(within(dialog).getByRole('button', { name: 'Create monitor' }))
    expect(errorOf(sla)).toBe('SLA target must be a percent from 50 to 100.')
    expect(created).toBeUndefined()
    fireEvent.change(sla, { target: { value: '99.95' } })
    await click(within(dialog).getByRole('button', { name: 'Create monitor' }))
    await waitFor(() => expect(created).toMatchObject({ name: 'Shop', sla_target: 99.95 }))
  })

  it("edits a monitor's target, sending only the target", async () => {
    let patch: unknown
    const monitor = webMonitor({ sla_target: 99.5 })
    const { dialog } = await open([monitor], {
      [`PATCH /api/monitors/${monitor.id}`]: (req) => {
        patch = req.body
        return { status: 200, body: { data: { monitor } } }
      },
    })
    expect(slaField(dialog).value).toBe('99.5')
    fireEvent.change(slaField(dialog), { target: { value: '99.99' } })
    await click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patch).toEqual({ sla_target: 99.99 }))
  })
})
