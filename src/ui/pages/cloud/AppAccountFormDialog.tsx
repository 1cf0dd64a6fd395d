import { type ReactNode, useMemo } from 'react'
import type { AnyStateMachine } from 'xstate'
import type { AppAccountValues } from '../../../machines/app-account-form.machine.ts'
import * as Alert from '../../components/alert.tsx'
import { useChangesOf } from '../../components/use-changes-of.ts'
import { DialogForm, DialogFrame, type SaveDialogProps } from '../FormDialog.tsx'
import { errorAt, useDraft } from '../monitors/draft-setter.ts'
import { fieldGrid, TextField } from '../monitors/form-fields.tsx'
import { useSaveForm } from '../use-save-form.ts'
import { ChoiceFieldset, SignInChoice } from './ChoiceFieldset.tsx'
import { SetupSteps } from './SetupSteps.tsx'

/** What an edited account already has: its sign-in (never its secret) and, for Azure, its subscriptions. */
export interface AppAccountShown {
  name: string
  auth: 'secret' | 'certificate'
  tenant_id: string
  client_id: string
  subscriptions?: { id: string; name: string }[]
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  auth: 'Sign in with',
  tenant_id: 'Directory (tenant) ID',
  client_id: 'Application (client) ID',
  client_secret: 'Client secret',
  certificate: 'Certificate',
  subscription_ids: 'Subscriptions',
  credentials: 'Sign-in',
}

const SIGN_INS = [
  { value: 'secret', label: 'A client secret of the app registration' },
  { value: 'certificate', label: 'A certificate uploaded to the app registration (PEM with its private key)' },
] as const

const SUBSCRIPTION_MODES = [
  { value: 'all', label: 'Every subscription the app can read (found when you connect)' },
  { value: 'chosen', label: 'Only these subscriptions' },
] as const

interface Draft extends Omit<AppAccountValues, 'subscription_ids'> {
  subscriptionMode: 'all' | 'chosen'
  /** Subscription ids as typed: one per line, or separated by commas or spaces. */
  subscriptionText: string
}

const draftOf = (account: AppAccountShown | null): Draft => ({
  name: account?.name ?? '',
  auth: account?.auth ?? 'secret',
  tenant_id: account?.tenant_id ?? '',
  client_id: account?.client_id ?? '',
  client_secret: '',
  certificate: '',
  subscriptionMode: account ? 'chosen' : 'all',
  subscriptionText: account?.subscriptions?.map((s) => s.id).join('\n') ?? '',
})

const idsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

/**
 * Connect or change an account that signs in as a Microsoft Entra app registration (an Azure account, a Microsoft
 * 365 tenant): its name, the directory and the app, a client secret or a certificate, and for Azure the
 * subscriptions to read; `steps` tell what to register and grant. A new secret is checked before it is kept: a
 * refusal of the identity platform is shown at the field at fault with its reason, and what is no field's fault (the
 * sign-in service could not be reached, a role or permission is missing) on top of the form.
 */
export function AppAccountFormDialog<A extends AppAccountShown & { name: string }>({
  noun,
  connectLabel,
  makeLogic,
  account,
  subscriptions = false,
  steps,
  onSaved,
  onClose,
}: SaveDialogProps<A> & {
  /** What is connected, with its article: "an Azure account". */
  noun: string
  connectLabel: string
  /** The save form's flow (app-account-form.machine.ts) with its effects, telling `saved` what it saved. */
  makeLogic: (saved: (account: A | null) => void) => AnyStateMachine
  account: A | null
  /** Whether the account reads Azure subscriptions (which to read is asked). */
  subscriptions?: boolean
  /** How to register the app and what to grant it, step by step. */
  steps: ReactNode[]
}) {
  const logic = useMemo(() => makeLogic(onSaved), [makeLogic, onSaved])
  const { form, errors, submitting, formView } = useSaveForm(logic, { account }, onClose)
  const title = account ? `Edit ${account.name}` : `Connect ${noun}`
  const submitLabel = account ? 'Save changes' : connectLabel
  const { draft, set, field } = useDraft(() => draftOf(account), errors)
  const valuesOf = (): Record<string, unknown> => {
    const { subscriptionMode, subscriptionText, ...rest } = draft
    const values: AppAccountValues = {
      ...rest,
      subscription_ids: subscriptions && subscriptionMode === 'chosen' ? idsOf(subscriptionText) : null,
    }
    return values as unknown as Record<string, unknown>
  }
  const submit = () => form.send({ type: 'form.submit', values: valuesOf() })
  useChangesOf(draft, () => form.send({ type: 'form.change', values: valuesOf() }))
  const keeps = account?.auth === draft.auth

  return (
    <DialogFrame title={title} busy={submitting} wide onClose={onClose}>
      <DialogForm
        wide
        {...formView}
        labels={FIELD_LABELS}
        shows={(f) => f !== 'credentials'}
        submitLabel={submitLabel}
        onSubmit={submit}
        onClose={onClose}
      >
        <SetupSteps summary="How to set up the app registration" open={!account}>
          {steps}
        </SetupSteps>

        <div className={fieldGrid}>
          <TextField {...field('name')} label="Name" required placeholder="Production" />
        </div>
        <div className={fieldGrid}>
          <TextField
            {...field('tenant_id')}
            label="Directory (tenant) ID"
            required
            placeholder="72f988bf-86f1-41af-91ab-2d7cd011db47"
          />
          <TextField
            {...field('client_id')}
            label="Application (client) ID"
            required
            placeholder="00001111-aaaa-2222-bbbb-3333cccc4444"
          />
        </div>

        <SignInChoice options={SIGN_INS} value={draft.auth} onValueChange={set.auth} />

        {draft.auth === 'secret' ? (
          <TextField
            {...field('client_secret')}
            label="Client secret"
            type="password"
            required={!keeps}
            helper={
              keeps
                ? 'Leave it empty to keep the current secret.'
                : "The secret's Value (not its ID), shown once when it is created. Stored encrypted; never shown again."
            }
          />
        ) : (
          <TextField
            {...field('certificate')}
            label="Certificate"
            multiline
            required={!keeps}
            placeholder={'-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\n…'}
            helper={
              keeps
                ? 'Leave it empty to keep the current certificate.'
                : 'The private key and the certificate as PEM text; upload the certificate (without the key) to the app registration. Stored encrypted.'
            }
          />
        )}

        {subscriptions && (
          <ChoiceFieldset
            legend="Subscriptions to read"
            name="subscriptionMode"
            // An account's subscriptions are changed by naming them: "every one" is found when connecting.
            options={account ? SUBSCRIPTION_MODES.slice(1) : SUBSCRIPTION_MODES}
            value={draft.subscriptionMode}
            onValueChange={set.subscriptionMode}
          >
            {draft.subscriptionMode === 'chosen' && (
              <TextField
                name="subscription_ids"
                value={draft.subscriptionText}
                onChange={set.subscriptionText}
                error={errorAt(errors, 'subscription_ids')}
                label="Subscription IDs"
                multiline
                required
                placeholder="7a1c3e5b-0d2f-4a6b-8c9d-0e1f2a3b4c5d"
                helper={
                  account?.subscriptions?.length
                    ? `One per line. Now: ${account.subscriptions.map((s) => s.name).join(', ')}.`
                    : 'One per line, as Subscriptions in the Azure portal shows them.'
                }
              />
            )}
          </ChoiceFieldset>
        )}

        {account && (
          <Alert.Root role="note" status="info">
            <Alert.Description>
              A new sign-in is checked with Microsoft before it is kept; a change of sign-in
              {subscriptions ? ' or subscriptions' : ''} reads the account again at once.
            </Alert.Description>
          </Alert.Root>
        )}
      </DialogForm>
    </DialogFrame>
  )
}
