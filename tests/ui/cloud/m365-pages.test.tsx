// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { M365AccountsPage } from '../../../src/ui/pages/m365/M365AccountsPage.tsx'
import { M365TenantPage } from '../../../src/ui/pages/m365/M365TenantPage.tsx'
import { exchangeIncident, m365Tenant, TENANT_ID } from '../../fixtures/azure.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })

function renderAt(url: string, ui: React.ReactNode, handlers: Handlers) {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ok({ subscription: subscription({ title: 'Pro' }) }),
    ...handlers,
  })
  return { ...renderShell(ui, { url }), requests }
}

describe('Microsoft 365', () => {
  it('lists the tenants with their overall health, and edits one’s name without its secret', async () => {
    const { requests } = renderAt('/services/microsoft365/accounts', <M365AccountsPage />, {
      'GET /api/microsoft365/accounts': () => ok({ accounts: [m365Tenant()] }),
      'PATCH /api/microsoft365/accounts/t1': (req) =>
        ok({ account: m365Tenant({ name: (req.body as { name: string }).name }) }),
    })
    const card = (await screen.findByRole('listitem', { name: 'Contoso' })) as HTMLElement
    expect(card.textContent).toContain(`Tenant ${TENANT_ID}`)
    expect(card.textContent).toContain('1 of 12 services not operational')
    expect(card.textContent).toContain('1 open incident · 0 open advisories')
    expect(within(card).getByRole('link', { name: 'Service health' }).getAttribute('href')).toBe(
      '/services/microsoft365/accounts/t1',
    )

    fireEvent.click(within(card).getByRole('button', { name: 'Edit Contoso' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contoso' })
    expect(within(dialog).getByText(/ServiceHealth.Read.All/)).toBeTruthy()
    expect((within(dialog).getByLabelText(/^Directory \(tenant\) ID/) as HTMLInputElement).value).toBe(TENANT_ID)
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Contoso HQ' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' })))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Contoso HQ' })
    expect(await screen.findByRole('listitem', { name: 'Contoso HQ' })).toBeTruthy()
  })

  it('shows every service’s status and the open issues with their posts as text', async () => {
    const { container } = renderAt(
      '/services/microsoft365/accounts/t1',
      <Routes>
        <Route path="/services/microsoft365/accounts/:tenantId" element={<M365TenantPage />} />
      </Routes>,
      {
        'GET /api/microsoft365/accounts': () => ok({ accounts: [m365Tenant()] }),
        'GET /api/microsoft365/accounts/t1/health': () =>
          ok({
            account: m365Tenant(),
            parts: [],
            services: [
              { id: 'Exchange', name: 'Exchange Online', status: 'serviceDegradation', operational: false },
              { id: 'Teams', name: 'Microsoft Teams', status: 'serviceOperational', operational: true },
            ],
            issues: [
              exchangeIncident(),
              exchangeIncident({
                id: 'TM1001',
                title: 'Meetings could not start',
                service: 'Microsoft Teams',
                resolved: true,
                status: 'serviceRestored',
                end: Date.parse('2026-11-24T12:00:00Z'),
                posts: [],
              }),
            ],
          }),
      },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Contoso: Service health' })).toBeTruthy()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'Exchange OnlineDegraded Monitor this',
      'Microsoft TeamsOperational Monitor this',
    ])

    const open = screen.getByRole('region', { name: 'Open issues' })
    const incident = within(open).getByRole('listitem', { name: /EX226792/ })
    expect(incident.textContent).toContain('Incident')
    expect(incident.textContent).toContain('Exchange Online · E-Mail and calendar access')
    expect(incident.textContent).toContain('Users sending to external recipients may see delays.')
    fireEvent.click(within(incident).getByText('1 update'))
    const post = within(incident).getByRole('list', { name: 'Updates of EX226792' })
    // Microsoft's HTML is shown as text: paragraphs as lines, entities read, no markup and no script.
    expect(post.textContent).toContain("Title: Delays sending mail\nWe're investigating & will update soon.")
    expect(post.textContent).not.toContain('alert(1)')
    expect(post.querySelector('b, script, p p')).toBeNull()
    const resolved = screen.getByRole('region', { name: 'Recently resolved' })
    expect(within(resolved).getByRole('listitem', { name: /TM1001/ }).textContent).toContain('Resolved')
    expect(await seriousViolations(container)).toEqual([])

    // Monitor this: the monitor form opens on the tenant and the service.
    fireEvent.click(screen.getByRole('button', { name: 'Monitor this: Exchange Online' }))
    const dialog = await screen.findByRole('dialog', { name: /Add Microsoft 365 monitor/ })
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Microsoft 365 tenant') as HTMLSelectElement).value).toBe('t1'),
    )
    await waitFor(() => expect((within(dialog).getByLabelText('Service') as HTMLSelectElement).value).toBe('Exchange'))
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Exchange Online')
  })
})
