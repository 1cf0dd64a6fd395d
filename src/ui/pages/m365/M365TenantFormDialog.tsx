import { m365TenantFormLogic } from '../../../adapters/app-account-flows.actors.ts'
import { m365Api } from '../../../adapters/m365-api.ts'
import type { M365Tenant } from '@vigil/domain/m365-account'
import { AppAccountFormDialog } from '../cloud/AppAccountFormDialog.tsx'
import type { SaveDialogProps } from '../FormDialog.tsx'

const makeLogic = (saved: (account: M365Tenant | null) => void) => m365TenantFormLogic(m365Api, saved)

/** Connect a Microsoft 365 tenant (an app registration with ServiceHealth.Read.All), or change one. */
export function M365TenantFormDialog(props: SaveDialogProps<M365Tenant> & { account: M365Tenant | null }) {
  return (
    <AppAccountFormDialog
      {...props}
      noun="a Microsoft 365 tenant"
      connectLabel="Connect tenant"
      makeLogic={makeLogic}
      steps={[
        <>
          In the Microsoft Entra admin center, open <strong>App registrations › New registration</strong>; name it
          (Vigil) and register it. Its Overview shows the <strong>Application (client) ID</strong> and the{' '}
          <strong>Directory (tenant) ID</strong>.
        </>,
        <>
          Under <strong>API permissions</strong>, add{' '}
          <strong>Microsoft Graph › Application permissions › ServiceHealth.Read.All</strong>, then{' '}
          <strong>Grant admin consent</strong>.
        </>,
        <>
          Under <strong>Certificates &amp; secrets</strong>, add a client secret and copy its <strong>Value</strong> (or
          upload a certificate). The app can be the one you use for Azure.
        </>,
      ]}
    />
  )
}
