import { azureAccountFormLogic } from '../../../adapters/app-account-flows.actors.ts'
import { azureApi } from '../../../adapters/azure-api.ts'
import type { AzureAccount } from '@vigil/domain/azure-account'
import { AppAccountFormDialog } from '../cloud/AppAccountFormDialog.tsx'
import type { SaveDialogProps } from '../FormDialog.tsx'

const makeLogic = (saved: (account: AzureAccount | null) => void) => azureAccountFormLogic(azureApi, saved)

/** Connect an Azure account (an app registration with Reader on its subscriptions), or change one. */
export function AzureAccountFormDialog(props: SaveDialogProps<AzureAccount> & { account: AzureAccount | null }) {
  return (
    <AppAccountFormDialog
      {...props}
      noun="an Azure account"
      connectLabel="Connect account"
      makeLogic={makeLogic}
      subscriptions
      steps={[
        <>
          In the Azure portal, open <strong>Microsoft Entra ID › App registrations › New registration</strong>; name it
          (Vigil) and register it. Its Overview shows the <strong>Application (client) ID</strong> and the{' '}
          <strong>Directory (tenant) ID</strong>.
        </>,
        <>
          Under <strong>Certificates &amp; secrets</strong>, add a client secret and copy its <strong>Value</strong> (or
          upload a certificate).
        </>,
        <>
          On each subscription to watch, open <strong>Access control (IAM) › Add role assignment</strong> and give the
          app the <strong>Reader</strong> role; for the billing page, <strong>Cost Management Reader</strong> too. Vigil
          only reads.
        </>,
      ]}
    />
  )
}
