// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SETTLE_MS } from '../../../src/machines/polling.machine.ts'
import { AzureMonitoringPage } from '../../../src/ui/pages/azure/AzureMonitoringPage.tsx'
import { AZURE_PAGE_COMPONENTS } from '../../../src/ui/pages/azure/AzurePages.tsx'
import { azureAccount, azureResource, CLIENT_ID, SUBSCRIPTION_ID, TENANT_ID } from '../../fixtures/azure.ts'
import { seriousViolations } from '../components/axe.ts'
import { fakeLiveStream, type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })
const pro = { 'GET /api/user_subscription': () => ok({ subscription: subscription({ title: 'Pro' }) }) }

function renderAt(url: string, ui: ReactNode, handlers: Handlers) {
  signIn()
  const requests = stubApi({ ...pro, ...handlers })
  return { ...renderShell(ui, { url }), requests }
}

/** The account pages as the router has them: the spec's routes with their parameters. */
const accountPages = (
  <Routes>
    <Route path="/services/azure_monitoring/:azure_account_id/services" element={<AZURE_PAGE_COMPONENTS.services />} />
    <Route
      path="/services/azure_monitoring/:azureAccountId/services/:service_name"
      element={<AZURE_PAGE_COMPONENTS.service />}
    />
    <Route
      path="/services/azure_monitoring/:azure_account_id/billing_summary"
      element={<AZURE_PAGE_COMPONENTS.billing_summary />}
    />
    <Route
      path="/services/azure_monitoring/:azure_account_id/subscription_details"
      element={<AZURE_PAGE_COMPONENTS.subscription_details />}
    />
  </Routes>
)

const parts = [
  {
    area: 'availability',
    scope: SUBSCRIPTION_ID,
    ok: false,
    kind: 'denied',
    message: 'The app may not read Resource Health.',
    action: 'Reader',
    checked_at: '2026-11-25T10:00:00.000Z',
    read_at: null,
  },
]

describe('Azure Monitoring', () => {
  it('offers to connect an account while there is none, and lists connected ones with their pages', async () => {
    const { container } = renderAt('/services/azure_monitoring', <AzureMonitoringPage />, {
      'GET /api/azure/accounts': () => ok({ accounts: [] }),
    })
    expect(await screen.findByText('No Azure accounts yet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connect Azure account' })).toBeTruthy()
    expect(await seriousViolations(container)).toEqual([])
  })

  it('shows an account with its cost, its resources’ availability and its three pages', async () => {
    renderAt('/services/azure_monitoring', <AzureMonitoringPage />, {
      'GET /api/azure/accounts': () => ok({ accounts: [azureAccount()] }),
    })
    const card = (await screen.findByRole('listitem', { name: 'Contoso production' })) as HTMLElement
    expect(card.textContent).toContain(`Tenant ${TENANT_ID} · app ${CLIENT_ID} · 1 subscription`)
    expect(card.textContent).toContain('Cost this month: €321.50')
    expect(card.textContent).toContain('3 resources · 1 unavailable · 0 degraded')
    const links = within(card).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Services', '/services/azure_monitoring/z1/services'],
      ['Billing', '/services/azure_monitoring/z1/billing_summary'],
      ['Subscriptions', '/services/azure_monitoring/z1/subscription_details'],
    ])
  })

  it('connects an app registration, and shows the identity platform’s refusal at the field to fix', async () => {
    let attempts = 0
    const { requests } = renderAt('/services/azure_monitoring', <AzureMonitoringPage />, {
      'GET /api/azure/accounts': () => ok({ accounts: [] }),
      'POST /api/azure/accounts': () => {
        attempts += 1
        if (attempts === 1) {
          const message =
            'Microsoft Entra ID refused the client secret: it is wrong or has expired (AADSTS7000215). Create a new one under Certificates & secrets.'
          return { status: 400, body: { message, errors: { client_secret: message } } }
        }
        return { status: 201, body: { data: { account: azureAccount({ status: 'pending', synced_at: null }) } } }
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Azure account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect an Azure account' })
    expect(within(dialog).getByText(/Cost Management Reader/)).toBeTruthy()
    const type = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
    type(/^Name/, 'Contoso production')
    type(/^Directory \(tenant\) ID/, TENANT_ID)
    type(/^Application \(client\) ID/, CLIENT_ID)
    // The secret's id is refused before anything is sent.
    type(/^Client secret/, '6f1d2c3b-4a5e-6f70-8192-a3b4c5d6e7f8')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Connect account' })))
    expect(await within(dialog).findByText(/This looks like the secret's ID/)).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    type(/^Client secret/, 'wrong~secret.value')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Connect account' })))
    expect((await within(dialog).findAllByText(/AADSTS7000215/)).length).toBeGreaterThan(0)
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Contoso production',
      auth: 'secret',
      tenant_id: TENANT_ID,
      client_id: CLIENT_ID,
      client_secret: 'wrong~secret.value',
    })

    type(/^Client secret/, 'right~secret.value')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Connect account' })))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const card = await screen.findByRole('listitem', { name: 'Contoso production' })
    expect(card.textContent).toContain('Reading…')
  })

  it('lists the services with their availability counts, each opening its resources', async () => {
    const { container } = renderAt('/services/azure_monitoring/z1/services', accountPages, {
      'GET /api/azure/accounts/z1/services': () =>
        ok({
          account: azureAccount(),
          parts,
          services: [
            { service: 'Virtual Machines', total: 2, unavailable: 1, degraded: 0, available: 1, unknown: 0 },
            { service: 'App Service', total: 1, unavailable: 0, degraded: 0, available: 1, unknown: 0 },
          ],
        }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Contoso production: Services' })).toBeTruthy()
    const table = screen.getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['Virtual Machines21010', 'App Service10010'])
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/services/azure_monitoring/z1/services/Virtual%20Machines')
    // The part that failed says what to grant, on which subscription.
    const note = screen.getByText(/The app may not read Resource Health/).closest('li') as HTMLElement
    expect(note.textContent).toContain(`Availability from Resource Health in ${SUBSCRIPTION_ID}:`)
    expect(note.textContent).toContain('Give the app the Reader role on the subscription')
    expect(await seriousViolations(container)).toEqual([])
  })

  it('loads an account page again when the live stream says the account was read, and only for that account', async () => {
    const live = fakeLiveStream()
    const { requests } = renderAt('/services/azure_monitoring/z1/services', accountPages, {
      'GET /api/azure/accounts/z1/services': () => ok({ account: azureAccount(), parts: [], services: [] }),
    })
    await screen.findByRole('heading', { level: 1, name: 'Contoso production: Services' })
    live.open()
    const loads = () => requests.filter((r) => r.path === '/api/azure/accounts/z1/services').length
    const before = loads()
    const read = (accountId: string) => live.send({ kind: 'cloud', account_id: accountId, provider: 'azure' })
    read('z2')
    // Past the time a burst of changes is gathered in (SETTLE_MS): another account's read loaded nothing.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200))
    expect(loads()).toBe(before)
    read('z1')
    await waitFor(() => expect(loads()).toBe(before + 1))
  })

  it('shows a service’s resources with group, location, SKU, tags and availability, filtered by availability', async () => {
    const down = azureResource({
      id: 'vm-2',
      name: 'api-2',
      resourceGroup: 'api-rg',
      sku: null,
      tags: {},
      availability: {
        state: 'Unavailable',
        summary: 'The virtual machine is stopped.',
        since: Date.parse('2026-11-25T09:00:00Z'),
      },
    })
    const { requests } = renderAt('/services/azure_monitoring/z1/services/App%20Service', accountPages, {
      'GET /api/azure/accounts/z1/services/App%20Service': () =>
        ok({ account: azureAccount(), parts: [], service: 'App Service', resources: [azureResource(), down] }),
    })
    const table = await screen.findByRole('table')
    expect(requests.some((r) => r.path === '/api/azure/accounts/z1/services/App%20Service')).toBe(true)
    const [shop, api] = within(table).getAllByRole('row').slice(1) as HTMLElement[]
    expect(shop?.textContent).toContain('web-rg')
    expect(shop?.textContent).toContain('westeurope')
    expect(shop?.textContent).toContain('P1v3 · PremiumV3 · × 2')
    expect(shop?.textContent).toContain('env: prod')
    expect(shop?.textContent).toContain('Available')
    expect(api?.textContent).toContain('UnavailableThe virtual machine is stopped.since')
    fireEvent.change(screen.getByLabelText('Availability'), { target: { value: 'Unavailable' } })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(screen.getByRole('status').textContent).toBe('1 of 2 shown')
  })

  it('shows the billing summary per subscription: month to date, last month, forecast, breakdowns', async () => {
    const period = (total: number) => ({
      total,
      byService: [
        { name: 'Virtual Machines', amount: total * 0.75 },
        { name: 'Storage', amount: total * 0.25 },
      ],
      byResourceGroup: [{ name: 'api-rg', amount: total }],
      daily: [
        { date: '2026-11-01', amount: total / 2 },
        { date: '2026-11-02', amount: total / 2 },
      ],
    })
    renderAt('/services/azure_monitoring/z1/billing_summary', accountPages, {
      'GET /api/azure/accounts/z1/billing-summary': () =>
        ok({
          account: azureAccount(),
          parts: [],
          subscriptions: [
            {
              id: SUBSCRIPTION_ID,
              name: 'Contoso Prod',
              costs: {
                currency: 'EUR',
                monthToDate: period(200),
                lastMonth: period(400),
                forecast: { monthTotal: 480, daily: [{ date: '2026-11-30', amount: 10 }] },
              },
              read_at: '2026-11-25T10:00:00.000Z',
            },
            { id: '11111111-2222-3333-4444-555555555555', name: 'Sandbox', costs: null, read_at: null },
          ],
          next_read_at: '2026-11-25T16:00:00.000Z',
          read_every_hours: 6,
        }),
    })
    const prod = (await screen.findByRole('region', { name: 'Contoso Prod' })) as HTMLElement
    expect(prod.textContent).toContain('Month to date€200.00')
    expect(prod.textContent).toContain('Last month€400.00')
    expect(prod.textContent).toContain('Forecast for the month€480.00')
    const byService = within(prod).getByLabelText(/Cost by service this month/)
    expect(within(byService).getAllByRole('row')[1]?.textContent).toBe('Virtual Machines€150.0075 %')
    expect(within(prod).getByRole('img').getAttribute('aria-label')).toMatch(/highest €100.00/)
    const sandbox = screen.getByRole('region', { name: 'Sandbox' })
    expect(sandbox.textContent).toContain('Cost Management Reader')
    expect(screen.getByText(/at most every 6 hours per account/)).toBeTruthy()
  })

  it('shows each subscription’s details', async () => {
    renderAt('/services/azure_monitoring/z1/subscription_details', accountPages, {
      'GET /api/azure/accounts/z1/subscription-details': () =>
        ok({
          account: azureAccount(),
          parts: [],
          subscriptions: [
            {
              subscriptionId: SUBSCRIPTION_ID,
              name: 'Contoso Prod',
              state: 'PastDue',
              tenantId: TENANT_ID,
              quotaId: 'PayAsYouGo_2014-09-01',
              offer: 'Pay-As-You-Go',
              spendingLimit: 'CurrentPeriodOff',
              tags: { costcenter: '42' },
              locations: ['northeurope', 'westeurope'],
              resourceGroupCount: 4,
            },
          ],
        }),
    })
    const card = (await screen.findByRole('region', { name: 'Contoso Prod' })) as HTMLElement
    expect(card.textContent).toContain('PastDue')
    expect(card.textContent).toContain(`Subscription ID${SUBSCRIPTION_ID}`)
    expect(card.textContent).toContain('OfferPay-As-You-Go')
    expect(card.textContent).toContain('Spending limitOff for the current period')
    expect(card.textContent).toContain('Resource groups4')
    expect(card.textContent).toContain('Locations usednortheurope, westeurope')
    expect(card.textContent).toContain('costcenter: 42')
  })

  it('shows the plan lock on Basic', async () => {
    signIn()
    stubApi({})
    renderShell(<AzureMonitoringPage />, { url: '/services/azure_monitoring' })
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Connect Azure account' })).toBeNull()
  })
})
