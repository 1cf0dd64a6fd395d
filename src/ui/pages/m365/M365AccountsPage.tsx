import { m365TenantsLogic } from '../../../adapters/app-account-flows.actors.ts'
import type { Effects } from '../../../adapters/flows.actors.ts'
import { m365Api } from '../../../adapters/m365-api.ts'
import type { M365Tenant } from '@vigil/domain/m365-account'
import { CloudAccountsPage } from '../cloud/CloudAccountsPage.tsx'
import { lazyPart } from '../lazy-part.tsx'
import { plural } from '../monitors/format.ts'
import { m365TenantLinks } from './m365-pages.ts'

// The connect and edit dialog loads when first opened, keeping it out of the page's first load.
const LazyM365TenantForm = lazyPart(() => import('./M365TenantFormDialog.tsx').then((m) => m.M365TenantFormDialog))

const makeLogic = (fx: Effects) => m365TenantsLogic(m365Api, fx)

const tenantCard = (tenant: M365Tenant) => {
  const { health } = tenant
  return {
    identity: `Tenant ${tenant.tenant_id} · app ${tenant.client_id}`,
    facts: (
      <>
        <span>
          <strong>
            {health.services === 0
              ? 'Health not read yet'
              : health.not_operational === 0
                ? `All ${health.services} services operational`
                : `${health.not_operational} of ${health.services} services not operational`}
          </strong>
        </span>
        <span>
          {plural(health.open_incidents, 'open incident', 'open incidents')} ·{' '}
          {plural(health.open_advisories, 'open advisory', 'open advisories')}
        </span>
      </>
    ),
    links: m365TenantLinks(tenant.id),
  }
}

/** /services/microsoft365/accounts (the spec's Microsoft 365 entry): the tenants with their overall health. */
export function M365AccountsPage() {
  return (
    <CloudAccountsPage
      provider="m365"
      logic={makeLogic}
      description="The health of Exchange Online, Teams, SharePoint and the other Microsoft 365 services of your tenants, with the incidents and advisories Microsoft posts. Vigil only reads service health."
      connectLabel="Connect Microsoft 365 tenant"
      empty={{
        title: 'No Microsoft 365 tenants yet',
        description:
          'Connect an app registration with the Graph application permission ServiceHealth.Read.All. Vigil then reads the health of every service and the issues Microsoft posts every few minutes, so you hear of an Exchange or Teams incident before your users tell you.',
      }}
      removeDescription="Vigil stops reading the tenant's service health, forgets the app's secret and what it read, and removes the monitors that watch it. Nothing changes in Microsoft 365."
      card={tenantCard}
      Form={LazyM365TenantForm}
      monitors="microsoft365"
    />
  )
}
