// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { CheckBlackListPage } from '../../../src/ui/pages/monitors/CheckBlackListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { blacklistDetail, blacklistMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, type Reply, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })
const listOf = (monitors: Monitor[]) =>
  ok({
    monitors,
    counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
    ...pageExtras,
  })
const answer = (target = '192.0.2.25') =>
  ok({ result: { ...blacklistDetail({ target }), checked_at: '2026-11-22T09:00:00.000Z' } })

async function renderPage(handlers: Handlers = {}, plan: 'Basic' | 'Pro' = 'Pro', monitors: Monitor[] = []) {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ok({ subscription: subscription({ title: plan }) }),
    'GET /api/monitors': () => listOf(monitors),
    ...handlers,
  })
  const utils = renderShell(<CheckBlackListPage />, { url: '/services/check_black_list' })
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  return { ...utils, requests }
}

const form = () => screen.getByRole('form', { name: 'Check a target' })
const target = () => within(form()).getByLabelText(/^Target/) as HTMLInputElement
const check = async (value: string) => {
  fireEvent.change(target(), { target: { value } })
  await act(async () => {
    fireEvent.click(within(form()).getByRole('button', { name: /^Check/ }))
  })
}
const targetError = () => {
  const ids = (target().getAttribute('aria-errormessage') ?? '').split(' ')
  return target().getAttribute('aria-invalid') === 'true'
    ? ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    : ''
}

describe('the Check Black List page', () => {
  it('checks the target inline first, shows that it is checking, then the zones found', async () => {
    let release: (reply: Reply) => void = () => {}
    const { requests } = await renderPage({
      'POST /api/blacklist/check': () => new Promise<Reply>((done) => (release = done)),
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Check Black List' })).toBeTruthy()
    await check('')
    expect(targetError()).toContain('Target is required.')
    await check('not a host')
    expect(targetError()).toContain('is not an IPv4 or IPv6 address or a domain')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await check(' 192.0.2.25 ')
    expect(
      within(form())
        .getByRole('button', { name: /Checking\.\.\./ })
        .hasAttribute('disabled'),
    ).toBe(true)
    expect(screen.getByRole('status').textContent).toContain('Asking the blacklists about 192.0.2.25')
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ target: '192.0.2.25' }])

    await act(async () => release(answer()))
    const result = await screen.findByRole('region', { name: 'Result for 192.0.2.25' })
    expect(within(result).getByTestId('blacklist-summary').textContent).toBe(
      'Listed by 1 of 3 blacklists; 1 blacklist could not be asked',
    )
    const table = within(result).getByRole('region', { name: 'Blacklist results for 192.0.2.25' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(within(table).getByText('Listed for sending spam, see https://bl.example-spam.test/lookup')).toBeTruthy()
    expect(result.querySelector('p time')?.getAttribute('dateTime')).toBe('2026-11-22T09:00:00.000Z')
    expect(
      within(form())
        .getByRole('button', { name: /^Check$/ })
        .hasAttribute('disabled'),
    ).toBe(false)
  })

  it("shows the server's refusals: a target it will not check at the field, too many checks on top", async () => {
    let reply: Reply = answer()
    await renderPage({ 'POST /api/blacklist/check': () => reply })
    await check('192.0.2.25')
    await screen.findByRole('region', { name: 'Result for 192.0.2.25' })

    reply = { status: 429, body: { message: 'Too many blacklist checks. Please wait 1 minute and try again.' } }
    await check('192.0.2.26')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many blacklist checks. Please wait 1 minute and try again.',
    )
    // The last answer stays.
    expect(screen.getByRole('region', { name: 'Result for 192.0.2.25' })).toBeTruthy()

    reply = {
      status: 400,
      body: { message: 'Check the highlighted fields.', errors: { target: 'Private addresses are not checked.' } },
    }
    await check('10.0.0.1')
    await waitFor(() => expect(targetError()).toContain('Private addresses are not checked.'))
  })

  it('lists the scheduled blacklist monitors below, with "Add blacklist monitor"', async () => {
    const { requests } = await renderPage({}, 'Pro', [blacklistMonitor()])
    const list = await screen.findByRole('region', { name: 'Blacklist monitors' })
    expect(requests.find((r) => r.path === '/api/monitors')?.query.get('type')).toBe('blacklist')
    expect(await within(list).findByRole('button', { name: 'Add blacklist monitor' })).toBeTruthy()
    const link = within(list).getByRole('link', { name: 'Mail server' })
    expect(link.getAttribute('href')).toBe('/services/check_black_list?id=b1')
    expect(within(list).getByText('192.0.2.25')).toBeTruthy()
  })

  it('offers "Add your first blacklist monitor" when there are none, and opens the form', async () => {
    await renderPage()
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Add your first blacklist monitor' }))
    })
    expect(await screen.findByRole('dialog', { name: 'Add blacklist monitor' })).toBeTruthy()
  })

  it('is locked for Basic: the upgrade prompt instead', async () => {
    await renderPage({}, 'Basic')
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeTruthy()
    expect(screen.getByText(/The Check Black List feature is part of our premium offerings/)).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Check a target' })).toBeNull()
  })

  it('has no serious accessibility violations, with an answer shown', async () => {
    const { container } = await renderPage({ 'POST /api/blacklist/check': () => answer() }, 'Pro', [blacklistMonitor()])
    await check('192.0.2.25')
    await screen.findByRole('region', { name: 'Result for 192.0.2.25' })
    await screen.findByRole('link', { name: 'Mail server' })
    expect(await seriousViolations(container)).toEqual([])
  })
})
