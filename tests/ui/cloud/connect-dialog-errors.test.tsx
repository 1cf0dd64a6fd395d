// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AWS_READ_ONLY_POLICY_JSON, awsRoleTrustPolicy } from '@vigil/domain/aws-policy'
import { AWS_REGIONS } from '@vigil/domain/aws-regions'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { AwsMonitoringPage } from '../../../src/ui/pages/aws/AwsMonitoringPage.tsx'
import { AzureMonitoringPage } from '../../../src/ui/pages/azure/AzureMonitoringPage.tsx'
import { M365AccountsPage } from '../../../src/ui/pages/m365/M365AccountsPage.tsx'
import { CLIENT_ID, TENANT_ID } from '../../fixtures/azure.ts'
import {
  awsUnknownKey,
  awsUnreachable,
  awsWrongSecret,
  entraWrongSecret,
  type Refusal,
  signInHungUp,
  signInUnreachable,
} from '../../fixtures/cloud-refusals.ts'
import { seriousViolations } from '../components/axe.ts'
import { type Handlers, type RecordedRequest, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

// The connect dialogs say what went wrong where it went wrong (issue 37, point 6), answered with what the server
// answers (tests/server/cloud-connect-errors checks it answers exactly these, against loopback AWS and Microsoft
// servers): a provider that cannot be reached is the message on top of the dialog, which takes the focus, and nothing
// is said under Access key ID or the application ID; a refused key or secret is said at its field alone.

const KEY = 'AKIAIOSFODNN7EXAMPLE'
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const EXTERNAL_ID = 'vigil-7FjgBlgrRJH1m8KFiC7cdwrzhrVgE8c5'
const SIGN_IN = 'https://login.microsoftonline.com'

const setup = {
  policy: AWS_READ_ONLY_POLICY_JSON,
  external_id: EXTERNAL_ID,
  vigil_account_id: '999988887777',
  trust_policy: JSON.stringify(awsRoleTrustPolicy('999988887777', EXTERNAL_ID), null, 2),
  regions: Object.entries(AWS_REGIONS).map(([code, name]) => ({ code, name })),
}

/** The server's refusal, as the dialog's POST is answered; what the dialog sent is kept. */
const refuse = (refusal: Refusal, sent: unknown[]) => (req: RecordedRequest) => {
  sent.push(req.body)
  return { status: 400, body: refusal }
}

const ok = (data: unknown) => ({ status: 200, body: { data } })

function renderAt(url: string, ui: ReactNode, handlers: Handlers) {
  signIn()
  stubApi({ 'GET /api/user_subscription': () => ok({ subscription: subscription({ title: 'Pro' }) }), ...handlers })
  return renderShell(ui, { url })
}

const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })

const submit = (dialog: HTMLElement, name: string) =>
  act(async () => fireEvent.click(within(dialog).getByRole('button', { name })))

/** The dialog once it has taken the focus (its close button), as it has long before a person could send it. */
const opened = async (dialog: HTMLElement) => {
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
  return dialog
}

/** Whether a field is marked invalid, and the message it says (its input's error message, aria-errormessage). */
const fieldOf = (dialog: HTMLElement, label: RegExp) => {
  const input = within(dialog).getByLabelText(label)
  const id = input.getAttribute('aria-errormessage')
  return {
    invalid: input.getAttribute('aria-invalid') === 'true',
    says: (id && document.getElementById(id)?.textContent) || '',
  }
}

describe('the AWS dialog', () => {
  const openAws = async (refusal: Refusal | null = null) => {
    const sent: unknown[] = []
    const { container } = renderAt('/services/aws_monitoring', <AwsMonitoringPage />, {
      'GET /api/aws/accounts': () => ok({ accounts: [] }),
      'GET /api/aws/setup': () => ok({ setup }),
      ...(refusal && { 'POST /api/aws/accounts': refuse(refusal, sent) }),
    })
    fireEvent.click((await screen.findAllByRole('button', { name: 'Connect AWS account' }))[0] as HTMLElement)
    const dialog = await opened(await screen.findByRole('dialog', { name: 'Connect an AWS account' }))
    type(dialog, /^Name/, 'Production')
    type(dialog, /^Access key ID/, KEY)
    type(dialog, /^Secret access key/, SECRET)
    return { dialog, sent, container }
  }

  it('says on top that AWS STS could not be reached, not under Access key ID, and moves the focus there', async () => {
    const { dialog, sent } = await openAws(awsUnreachable(3))
    await submit(dialog, 'Connect account')
    const top = await within(dialog).findByRole('alert')
    expect(top.textContent).toBe(awsUnreachable(3).message)
    expect(sent).toEqual([{ name: 'Production', auth: 'keys', access_key_id: KEY, secret_access_key: SECRET }])
    // The message comes before every field, and it alone says it.
    const name = within(dialog).getByLabelText(/^Name/)
    expect(top.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(fieldOf(dialog, /^Access key ID/)).toEqual({ invalid: false, says: '' })
    expect(fieldOf(dialog, /^Secret access key/).invalid).toBe(false)
    expect(within(dialog).getAllByText(/Could not reach AWS STS/)).toHaveLength(1)
    expect(dialog.textContent).not.toMatch(/next sync/)
    // A long dialog is scrolled to its buttons when it is sent: the message takes the focus, so it is seen and read.
    await waitFor(() => expect(document.activeElement).toBe(top))
  })

  it('says a key AWS does not know under Access key ID, and nothing on top', async () => {
    const { dialog } = await openAws(awsUnknownKey)
    await submit(dialog, 'Connect account')
    await waitFor(() => expect(fieldOf(dialog, /^Access key ID/).says).toBe(awsUnknownKey.message))
    expect(fieldOf(dialog, /^Access key ID/).invalid).toBe(true)
    expect(fieldOf(dialog, /^Secret access key/).invalid).toBe(false)
    expect(within(dialog).queryByRole('alert')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Access key ID/)))
  })

  it('says a secret that does not match the key under Secret access key, not under Access key ID', async () => {
    const { dialog } = await openAws(awsWrongSecret)
    await submit(dialog, 'Connect account')
    await waitFor(() => expect(fieldOf(dialog, /^Secret access key/).says).toContain(awsWrongSecret.message))
    expect(fieldOf(dialog, /^Secret access key/).invalid).toBe(true)
    expect(fieldOf(dialog, /^Access key ID/)).toEqual({ invalid: false, says: '' })
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('numbers the set-up steps: create the user or role, attach the policy shown, paste the keys or the ARN', async () => {
    const { dialog, container } = await openAws()
    const steps = () =>
      within(
        within(dialog)
          .getByText(/^How to set up the/)
          .closest('details') as HTMLElement,
      )
    expect(within(dialog).getByText('How to set up the IAM user')).toBeTruthy()
    await waitFor(() => expect(steps().getByRole('region', { name: 'IAM policy' }).textContent).toBe(setup.policy))
    expect(setup.policy).toContain('ec2:DescribeInstances')
    const keySteps = steps()
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
    expect(keySteps).toHaveLength(3)
    expect(keySteps[0]).toMatch(/^In the AWS console, open IAM › Users › Create user/)
    expect(keySteps[1]).toMatch(/^Attach the read-only policy shown here: on the user/)
    expect(keySteps[2]).toMatch(/paste its Access key ID and Secret access key below\.$/)
    expect(steps().getByRole('button', { name: 'Copy policy' })).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('radio', { name: /A role in your account/ }))
    await waitFor(() => expect(within(dialog).getByText('How to set up the role')).toBeTruthy())
    const roleSteps = steps()
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
    expect(roleSteps).toHaveLength(3)
    expect(roleSteps[0]).toMatch(
      /^In the AWS console, open IAM › Roles › Create role, choose Custom trust policy .* only Vigil \(AWS account 999988887777\) can assume the role/,
    )
    expect(steps().getByRole('region', { name: 'Trust policy' }).textContent).toBe(setup.trust_policy)
    expect(setup.trust_policy).toContain(EXTERNAL_ID)
    expect(roleSteps[1]).toMatch(/^Attach the read-only policy shown here: on the role/)
    expect(roleSteps[2]).toBe("Paste the role's ARN, from its Summary, in Role ARN below.")
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('the Azure and Microsoft 365 dialogs', () => {
  const openEntra = async (which: 'azure' | 'm365', refusal: Refusal, secret = 'right~secret.value') => {
    const path = which === 'azure' ? '/api/azure/accounts' : '/api/microsoft365/accounts'
    const page = which === 'azure' ? <AzureMonitoringPage /> : <M365AccountsPage />
    const url = which === 'azure' ? '/services/azure_monitoring' : '/services/microsoft365/accounts'
    const sent: unknown[] = []
    renderAt(url, page, { [`GET ${path}`]: () => ok({ accounts: [] }), [`POST ${path}`]: refuse(refusal, sent) })
    const button = which === 'azure' ? 'Connect Azure account' : 'Connect Microsoft 365 tenant'
    fireEvent.click((await screen.findAllByRole('button', { name: button }))[0] as HTMLElement)
    const dialog = await opened(
      await screen.findByRole('dialog', {
        name: which === 'azure' ? 'Connect an Azure account' : 'Connect a Microsoft 365 tenant',
      }),
    )
    type(dialog, /^Name/, 'Contoso')
    type(dialog, /^Directory \(tenant\) ID/, TENANT_ID)
    type(dialog, /^Application \(client\) ID/, CLIENT_ID)
    type(dialog, /^Client secret/, secret)
    await submit(dialog, which === 'azure' ? 'Connect account' : 'Connect tenant')
    return { dialog, sent }
  }

  it('Azure: says on top that the sign-in service could not be reached, not under the application ID', async () => {
    const { dialog, sent } = await openEntra('azure', signInUnreachable(SIGN_IN))
    const top = await within(dialog).findByRole('alert')
    expect(top.textContent).toBe(signInUnreachable(SIGN_IN).message)
    expect(sent).toHaveLength(1)
    expect(fieldOf(dialog, /^Application \(client\) ID/)).toEqual({ invalid: false, says: '' })
    expect(fieldOf(dialog, /^Client secret/).invalid).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(top))
  })

  it('Azure: says a refused secret under Client secret alone', async () => {
    const { dialog } = await openEntra('azure', entraWrongSecret, 'Wrong~secret.value-000000000000000000')
    await waitFor(() => expect(fieldOf(dialog, /^Client secret/).says).toContain(entraWrongSecret.message))
    expect(fieldOf(dialog, /^Client secret/).invalid).toBe(true)
    expect(fieldOf(dialog, /^Application \(client\) ID/).invalid).toBe(false)
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it("Microsoft 365: puts MSAL's bare network_error in words, on top", async () => {
    const { dialog } = await openEntra('m365', signInHungUp(SIGN_IN))
    const top = await within(dialog).findByRole('alert')
    expect(top.textContent).toBe(signInHungUp(SIGN_IN).message)
    expect(dialog.textContent).not.toMatch(/network_error|aka\.ms/)
    expect(fieldOf(dialog, /^Application \(client\) ID/)).toEqual({ invalid: false, says: '' })
    await waitFor(() => expect(document.activeElement).toBe(top))
  })
})
