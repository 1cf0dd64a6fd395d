// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { rootCertificates } from 'node:tls'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import { describe, expect, it } from 'vitest'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { sslMonitor, webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

// The Certificate choice of the website, API and SSL monitor forms (issue 37, point 7): the public roots, a pinned
// fingerprint or a CA certificate, and "Ignore certificate errors" for website and API monitors.

const HEX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'
const PAIRS = 'A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90'

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

async function openForm(type: MonitorType, edit?: Monitor) {
  signIn()
  let sent: unknown
  const requests = stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ title: 'Pro' }) } },
    }),
    'GET /api/monitors': () => listOf(edit ? [edit] : []),
    'POST /api/monitors': (req) => {
      sent = req.body
      return { status: 201, body: { data: { monitor: webMonitor() } } }
    },
    ...(edit && {
      [`PATCH /api/monitors/${edit.id}`]: (req) => {
        sent = req.body
        return { status: 200, body: { data: { monitor: edit } } }
      },
    }),
  })
  const utils = renderShell(<MonitorListPage type={type} />)
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: edit ? `Edit ${edit.name}` : /^Add your first/ }))
  })
  const dialog = await screen.findByRole('dialog')
  return { ...utils, requests, dialog, sent: () => sent }
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) as HTMLInputElement
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } })
const errorOf = (dialog: HTMLElement, label: string) => {
  const input = field(dialog, label)
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
const submit = (dialog: HTMLElement) =>
  click(within(dialog).getByRole('button', { name: /Create monitor|Save changes/ }))
const certificate = (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Certificate' })
const choose = (dialog: HTMLElement, name: RegExp) => click(within(certificate(dialog)).getByRole('radio', { name }))

describe('the website monitor form', () => {
  it('pins a fingerprint, answering as it is typed, and sends it as the schema keeps it', async () => {
    const { dialog, requests, sent, container } = await openForm('web')
    fill(dialog, 'Name', 'Intranet')
    fill(dialog, 'URL', 'https://intranet.lan/')
    const radios = within(certificate(dialog)).getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.checked)).toEqual([true, false, false])
    expect(within(dialog).queryByLabelText(/^SHA-256 fingerprint/)).toBeNull()

    await choose(dialog, /^Trust this certificate/)
    await submit(dialog)
    expect(errorOf(dialog, 'SHA-256 fingerprint')).toContain(
      'Enter the SHA-256 fingerprint of the certificate to trust.',
    )
    fill(dialog, 'SHA-256 fingerprint', HEX.slice(0, 40))
    expect(errorOf(dialog, 'SHA-256 fingerprint')).toContain('That is a SHA-1 fingerprint')
    fill(dialog, 'SHA-256 fingerprint', HEX)
    expect(errorOf(dialog, 'SHA-256 fingerprint')).toBe('')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    expect(await seriousViolations(container)).toEqual([])

    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent()).toMatchObject({ type: 'web', verify_tls: true, tls_trust: { mode: 'pin', fingerprint: PAIRS } })
  })

  it('ignores certificate errors only when asked, with a warning, and has no certificate for http://', async () => {
    const { dialog, sent } = await openForm('web')
    fill(dialog, 'Name', 'Legacy')
    fill(dialog, 'URL', 'https://legacy.lan/')
    const ignore = within(dialog).getByRole('checkbox', { name: 'Ignore certificate errors' }) as HTMLInputElement
    expect(ignore.checked).toBe(false)
    await click(ignore)
    expect(within(dialog).getByRole('note').textContent).toMatch(/^Any certificate is accepted, even an expired/)
    // The choice is not used meanwhile.
    expect(certificate(dialog).textContent).toContain('Not used while certificate errors are ignored.')

    fill(dialog, 'URL', 'http://legacy.lan/')
    expect(within(dialog).queryByRole('group', { name: 'Certificate' })).toBeNull()
    expect(within(dialog).queryByRole('checkbox', { name: 'Ignore certificate errors' })).toBeNull()

    fill(dialog, 'URL', 'https://legacy.lan/')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent()).toMatchObject({ verify_tls: false, tls_trust: { mode: 'public' } })
  })

  it('an edit shows the pin kept, and sends the CA chosen instead', async () => {
    const monitor = webMonitor({ id: 'w9', name: 'Wiki', tls_trust: { mode: 'pin', fingerprint: PAIRS } })
    const { dialog, sent } = await openForm('web', monitor)
    expect(
      (within(certificate(dialog)).getByRole('radio', { name: /^Trust this certificate/ }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(field(dialog, 'SHA-256 fingerprint').value).toBe(PAIRS)
    await choose(dialog, /^CA certificate/)
    fill(dialog, 'CA certificate (PEM)', rootCertificates[0] as string)
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent()).toEqual({
      tls_trust: { mode: 'ca', ca_pem: expect.stringMatching(/^-----BEGIN CERTIFICATE-----\n/) },
    })
  })
})

describe('the SSL monitor form', () => {
  it('takes a CA certificate, refusing a private key at the field as it is typed', async () => {
    const { dialog, sent } = await openForm('ssl')
    fill(dialog, 'Name', 'Printer')
    fill(dialog, 'Host', 'printer.lan')
    expect(certificate(dialog).textContent).toContain('Expiry is watched whichever you choose.')
    expect(within(dialog).queryByRole('checkbox', { name: 'Ignore certificate errors' })).toBeNull()
    await choose(dialog, /^CA certificate/)
    fill(dialog, 'CA certificate (PEM)', '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----')
    await submit(dialog)
    expect(errorOf(dialog, 'CA certificate (PEM)')).toContain('That is a private key.')
    fill(dialog, 'CA certificate (PEM)', rootCertificates[0] as string)
    expect(errorOf(dialog, 'CA certificate (PEM)')).toBe('')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent()).toMatchObject({ type: 'ssl', host: 'printer.lan', tls_trust: { mode: 'ca' } })
  })

  it('shows an SSL monitor’s pin when edited', async () => {
    const { dialog } = await openForm('ssl', sslMonitor({ tls_trust: { mode: 'pin', fingerprint: PAIRS } }))
    expect(field(dialog, 'SHA-256 fingerprint').value).toBe(PAIRS)
  })
})
