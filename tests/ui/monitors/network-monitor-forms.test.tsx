// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { blacklistMonitor, dnsMonitor, domainMonitor, sslMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

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

/** The list of `type` with the form open: "Add your first ..." on an empty list, "Edit {name}" otherwise. */
async function openForm(type: MonitorType, handlers: Handlers = {}, plan: 'Basic' | 'Pro' = 'Pro', edit?: Monitor) {
  signIn()
  let created: unknown
  const requests = stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ title: plan }) } },
    }),
    'GET /api/monitors': () => listOf(edit ? [edit] : []),
    'POST /api/monitors': (req) => {
      created = req.body
      return { status: 201, body: { data: { monitor: edit ?? dnsMonitor() } } }
    },
    ...handlers,
  })
  const utils = renderShell(<MonitorListPage type={type} />)
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: edit ? `Edit ${edit.name}` : /^Add your first/ }))
  })
  const dialog = await screen.findByRole('dialog')
  return { ...utils, requests, dialog, created: () => created }
}

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: /Create monitor|Save changes/ }))
  })
}
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)) as HTMLInputElement
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } })
const errorOf = (dialog: HTMLElement, label: string) => {
  const input = field(dialog, label)
  if (input.getAttribute('aria-invalid') !== 'true') return ''
  const ids = (input.getAttribute('aria-errormessage') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}
const intervals = (dialog: HTMLElement) =>
  within(field(dialog, 'Check every'))
    .getAllByRole('option')
    .map((o) => o.textContent)
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('the DNS monitor form', () => {
  it('checks host name, expected values and resolver inline, then sends the monitor the schema made', async () => {
    const { dialog, requests, created } = await openForm('dns')
    expect(within(dialog).getByRole('heading', { name: 'Add DNS monitor' })).toBeTruthy()
    expect(field(dialog, 'Resolver').placeholder).toBe('Server default')
    await submit(dialog)
    expect(errorOf(dialog, 'Name')).toContain('Name is required.')
    expect(errorOf(dialog, 'Host name')).toContain('Host name is required.')

    fill(dialog, 'Name', 'Mail')
    fill(dialog, 'Host name', 'https://Example.COM/')
    fill(dialog, 'Record type', 'MX')
    await click(within(dialog).getByRole('button', { name: 'Add expected value' }))
    await click(within(dialog).getByRole('button', { name: 'Add expected value' }))
    fill(dialog, 'Expected value 1', '10 Mail.Example.com.')
    fill(dialog, 'Resolver', 'dns.example')
    await submit(dialog)
    expect(errorOf(dialog, 'Host name')).toContain('Enter a host name without a scheme or path, such as example.com.')
    expect(errorOf(dialog, 'Expected value 2')).toContain('An expected value cannot be empty.')
    expect(errorOf(dialog, 'Resolver')).toContain('A resolver is an IP address with an optional port')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    fill(dialog, 'Host name', 'Example.COM')
    fill(dialog, 'Expected value 2', '20 backup.example.com')
    await click(within(dialog).getByRole('radio', { name: /^exact/ }))
    fill(dialog, 'Resolver', '9.9.9.9:53')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(created()).toMatchObject({
      type: 'dns',
      name: 'Mail',
      hostname: 'example.com',
      record_type: 'MX',
      expected: ['10 Mail.Example.com.', '20 backup.example.com'],
      expected_match: 'exact',
      resolver: '9.9.9.9:53',
      interval_seconds: 300,
    })
  })

  it('removes an expected value row; an edit sends only what changed', async () => {
    let patch: unknown
    const monitor = dnsMonitor()
    const { dialog } = await openForm(
      'dns',
      {
        'PATCH /api/monitors/d1': (req) => {
          patch = req.body
          return { status: 200, body: { data: { monitor } } }
        },
      },
      'Pro',
      monitor,
    )
    expect(field(dialog, 'Expected value 1').value).toBe('10 mail.example.com')
    expect(field(dialog, 'Expected value 2').value).toBe('20 backup.example.com')
    expect((within(dialog).getByRole('radio', { name: /^contains/ }) as HTMLInputElement).checked).toBe(true)
    await click(within(dialog).getByRole('button', { name: 'Remove expected value 1' }))
    expect(field(dialog, 'Expected value 1').value).toBe('20 backup.example.com')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patch).toEqual({ expected: ['20 backup.example.com'] })
  })

  it('has no serious accessibility violations, with expected values', async () => {
    const { dialog } = await openForm('dns')
    await click(within(dialog).getByRole('button', { name: 'Add expected value' }))
    await submit(dialog)
    expect(await seriousViolations(document.body)).toEqual([])
  })
})

describe('the SSL and domain monitor forms', () => {
  it('after a refused submit, a field’s message goes as its value becomes valid, and comes back when it is not', async () => {
    const { dialog, requests } = await openForm('ssl')
    fill(dialog, 'Port', '80a')
    expect(errorOf(dialog, 'Port')).toBe('')
    await submit(dialog)
    const message = errorOf(dialog, 'Port')
    expect(message).not.toBe('')
    expect(errorOf(dialog, 'Name')).toContain('Name is required.')
    fill(dialog, 'Port', '80')
    expect(errorOf(dialog, 'Port')).toBe('')
    expect(errorOf(dialog, 'Name')).toContain('Name is required.')
    fill(dialog, 'Name', 'Shop')
    expect(errorOf(dialog, 'Name')).toBe('')
    fill(dialog, 'Port', '8x')
    expect(errorOf(dialog, 'Port')).not.toBe('')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('SSL: port 443 and the default warning days filled in; warning days typed loosely, checked per day', async () => {
    const { dialog, created } = await openForm('ssl')
    expect(field(dialog, 'Port').value).toBe('443')
    expect(field(dialog, 'Warning days').value).toBe('30, 14, 7, 1')
    expect(field(dialog, 'Check every').value).toBe('3600')
    fill(dialog, 'Name', 'Shop')
    fill(dialog, 'Host', 'Shop.Example.com')
    fill(dialog, 'Warning days', '30, soon')
    await submit(dialog)
    expect(errorOf(dialog, 'Warning days')).toContain('Each warning day must be a number.')
    fill(dialog, 'Warning days', '400')
    await submit(dialog)
    expect(errorOf(dialog, 'Warning days')).toContain('Each warning day must be at most 365.')
    fill(dialog, 'Warning days', '7 60,  14;7')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(created()).toMatchObject({
      type: 'ssl',
      host: 'shop.example.com',
      port: 443,
      warn_days: [60, 14, 7],
      interval_seconds: 3600,
    })
  })

  it('Domain: intervals from 6 hours even on Pro, 24 hours by default, and why', async () => {
    const { dialog, created } = await openForm('domain')
    expect(intervals(dialog)).toEqual(['6 hours', '12 hours', '24 hours'])
    expect(field(dialog, 'Check every').value).toBe('86400')
    expect(within(dialog).getByText(/Domain registration data is checked at most every 6 hours/)).toBeTruthy()
    fill(dialog, 'Name', 'Company')
    fill(dialog, 'Domain', 'localhost')
    await submit(dialog)
    expect(errorOf(dialog, 'Domain')).toContain('"localhost" is not a registered domain such as example.com.')
    fill(dialog, 'Domain', 'Example.COM')
    fill(dialog, 'Warning days', '')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(created()).toMatchObject({
      type: 'domain',
      domain: 'example.com',
      warn_days: [30, 14, 7, 1],
      interval_seconds: 86_400,
    })
  })

  it('an SSL monitor on its own port is edited with its warning days', async () => {
    const monitor = sslMonitor({ port: 8443, warn_days: [20, 5] })
    let patch: unknown
    const { dialog } = await openForm(
      'ssl',
      {
        'PATCH /api/monitors/s1': (req) => {
          patch = req.body
          return { status: 200, body: { data: { monitor } } }
        },
      },
      'Pro',
      monitor,
    )
    expect(field(dialog, 'Port').value).toBe('8443')
    expect(field(dialog, 'Warning days').value).toBe('20, 5')
    fill(dialog, 'Warning days', '5, 20, 2')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patch).toEqual({ warn_days: [20, 5, 2] })
  })

  it('a domain monitor kept at 6 hours on edit keeps its interval among the choices', async () => {
    const { dialog } = await openForm('domain', {}, 'Pro', domainMonitor({ interval_seconds: 21_600 }))
    expect(field(dialog, 'Check every').value).toBe('21600')
  })
})

describe('the blacklist monitor form', () => {
  it('offers intervals from 5 minutes on Pro, 1 hour by default, and takes an address or a domain', async () => {
    const { dialog, created } = await openForm('blacklist')
    expect(intervals(dialog)[0]).toBe('5 minutes')
    expect(intervals(dialog)).not.toContain('30 seconds')
    expect(field(dialog, 'Check every').value).toBe('3600')
    fill(dialog, 'Name', 'Mail')
    fill(dialog, 'Target', 'mail server')
    await submit(dialog)
    expect(errorOf(dialog, 'Target')).toContain('is not an IPv4 or IPv6 address or a domain')
    fill(dialog, 'Target', '[2001:DB8::25]')
    await submit(dialog)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(created()).toMatchObject({ type: 'blacklist', target: '2001:db8::25', interval_seconds: 3600 })
  })

  it('has no serious accessibility violations', async () => {
    const { dialog } = await openForm('blacklist', {}, 'Pro', blacklistMonitor())
    expect(field(dialog, 'Target').value).toBe('192.0.2.25')
    expect(await seriousViolations(document.body)).toEqual([])
  })
})
