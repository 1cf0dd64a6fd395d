// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CheckResult } from '@vigil/domain/check-result'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { ResponseChart } from '@vigil/domain/response-chart'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '../../../src/ui/components/index.ts'
import { MonitorDetailPage } from '../../../src/ui/pages/monitors/MonitorDetailPage.tsx'
import { checkResult, sslDetail, sslMonitor, stats, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi } from '../layout/harness.tsx'

// A monitor's page and the certificates it trusts (issue 37, point 7): "Trust this certificate" after a check that
// refused one, the pinned fingerprint, and the warning when certificate errors are ignored.

vi.mock('../../../src/ui/pages/monitors/ResponseTimeChart.tsx', () => ({
  ResponseTimeChart: ({ label }: { chart: ResponseChart; label: string }) => <div role="img" aria-label={label} />,
}))

const FINGERPRINT = 'C8:11:AD:63:EA:FE:E5:4F:3A:90:31:D5:86:AD:B9:9B:F6:18:D9:A3:3B:39:B0:40:AA:94:F7:E1:FC:30:EB:59'
const seen = {
  subject: 'intranet.lan',
  issuer: 'intranet.lan',
  valid_to: '2027-06-20T12:00:00.000Z',
  fingerprint256: FINGERPRINT,
}
const refused = checkResult({
  status: 'down',
  ok: false,
  response_ms: null,
  message: `The TLS certificate of intranet.lan is not trusted: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). Seen: intranet.lan, expires 20 Jun 2027, SHA-256 ${FINGERPRINT}.`,
  detail: { final_url: 'https://intranet.lan/', redirects: 0, address: '10.0.0.5', untrusted_certificate: seen },
})

const ok = (data: unknown) => ({ status: 200, body: { data } })
const handlers = (monitor: Monitor, results: CheckResult[], over: Handlers = {}): Handlers => ({
  [`GET /api/monitors/${monitor.id}`]: () => ok({ monitor }),
  [`GET /api/monitors/${monitor.id}/stats`]: () => ok({ stats: stats() }),
  [`GET /api/monitors/${monitor.id}/results`]: () =>
    ok({ results, pagination: { total: results.length, page: 1, limit: 20, total_pages: 1 } }),
  'GET /api/incidents': () => ok({ incidents: [], pagination: { total: 0, page: 1, limit: 20, total_pages: 0 } }),
  ...over,
})

function renderAt(url: string, all: Handlers) {
  signIn()
  const requests = stubApi(all)
  const utils = renderShell(
    <>
      <Routes>
        <Route path="/web_monitorings/:web_monitoring_id" element={<MonitorDetailPage type="web" />} />
        <Route path="/ssl_monitoring/details" element={<MonitorDetailPage type="ssl" />} />
      </Routes>
      <Toaster />
    </>,
    { url },
  )
  return { ...utils, requests }
}

/** The value of a term in a list of facts. */
const fact = (root: HTMLElement, term: string) =>
  within(root)
    .getAllByRole('term')
    .find((t) => t.textContent === term)?.nextElementSibling?.textContent

describe('a monitor whose last check refused its certificate', () => {
  it('shows what was seen and pins it after a confirmation that shows it too', async () => {
    const intranet = webMonitor({ id: 'w1', name: 'Intranet', url: 'https://intranet.lan/', status: 'down' })
    const pinned = { ...intranet, tls_trust: { mode: 'pin' as const, fingerprint: FINGERPRINT } }
    let patched: unknown
    let current: Monitor = intranet
    const { requests, container } = renderAt(
      '/web_monitorings/w1',
      handlers(intranet, [refused], {
        'GET /api/monitors/w1': () => ok({ monitor: current }),
        'PATCH /api/monitors/w1': (req) => {
          patched = req.body
          current = pinned
          return ok({ monitor: pinned })
        },
      }),
    )
    const note = await screen.findByTestId('untrusted-certificate')
    expect(within(note).getByText('The last check did not trust this certificate')).toBeTruthy()
    expect(fact(note, 'Subject')).toBe('intranet.lan')
    expect(fact(note, 'Expires')).toBe('20 Jun 2027')
    expect(fact(note, 'SHA-256 fingerprint')).toBe(FINGERPRINT)
    expect(await seriousViolations(container)).toEqual([])

    // Cancel changes nothing.
    await act(async () => {
      fireEvent.click(within(note).getByRole('button', { name: 'Trust this certificate' }))
    })
    let dialog = await screen.findByRole('alertdialog', { name: 'Trust this certificate?' })
    expect(dialog.textContent).toContain('Checks of Intranet will accept this certificate alone')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)

    await act(async () => {
      fireEvent.click(within(note).getByRole('button', { name: 'Trust this certificate' }))
    })
    dialog = await screen.findByRole('alertdialog', { name: 'Trust this certificate?' })
    expect(fact(dialog, 'Subject')).toBe('intranet.lan')
    expect(fact(dialog, 'Expires')).toBe('20 Jun 2027')
    expect(fact(dialog, 'SHA-256 fingerprint')).toBe(FINGERPRINT)
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Trust this certificate' }))
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(patched).toEqual({ tls_trust: { mode: 'pin', fingerprint: FINGERPRINT } })
    const toast = (await screen.findByText('Certificate trusted. Checking again.')).closest('[data-part="root"]')
    expect((toast as HTMLElement).dataset.type).toBe('success')
    // Now pinned: the page says so, and no longer offers to trust what it trusts.
    expect(await screen.findByText(FINGERPRINT)).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('untrusted-certificate')).toBeNull())
  })

  it('keeps the dialog open with the reason when the pin is refused', async () => {
    const intranet = webMonitor({ id: 'w1', name: 'Intranet', status: 'down' })
    renderAt(
      '/web_monitorings/w1',
      handlers(intranet, [refused], {
        'PATCH /api/monitors/w1': () => ({ status: 404, body: { message: 'Monitor not found.' } }),
      }),
    )
    const note = await screen.findByTestId('untrusted-certificate')
    await act(async () => {
      fireEvent.click(within(note).getByRole('button', { name: 'Trust this certificate' }))
    })
    const dialog = await screen.findByRole('alertdialog')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Trust this certificate' }))
    })
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Monitor not found.')
  })

  it('offers nothing after a check that passed, or while certificate errors are ignored', async () => {
    const intranet = webMonitor({ id: 'w1', name: 'Intranet', url: 'https://intranet.lan/' })
    const { unmount } = renderAt('/web_monitorings/w1', handlers(intranet, [checkResult(), refused]))
    await screen.findByRole('heading', { level: 1, name: 'Intranet' })
    expect(screen.queryByTestId('untrusted-certificate')).toBeNull()
    unmount()

    const ignoring = { ...intranet, verify_tls: false }
    renderAt('/web_monitorings/w1', handlers(ignoring, [refused]))
    const warning = await screen.findByTestId('tls-ignored')
    expect(warning.textContent).toContain('Certificate errors are ignored.')
    expect(screen.queryByTestId('untrusted-certificate')).toBeNull()
  })
})

describe('an SSL monitor page', () => {
  it('shows its pin under the target and the chain as the pinned certificate', async () => {
    const monitor = sslMonitor({ tls_trust: { mode: 'pin', fingerprint: FINGERPRINT } })
    renderAt(`/ssl_monitoring/details?id=${monitor.id}`, handlers(monitor, [checkResult({ detail: sslDetail() })]))
    expect(await screen.findByText('Trusted certificate, SHA-256')).toBeTruthy()
    expect(screen.getByText(FINGERPRINT)).toBeTruthy()
    const facts = await screen.findByTestId('facts-panel')
    expect(fact(facts, 'Chain')).toContain('Trusted: the pinned certificate')
  })
})
