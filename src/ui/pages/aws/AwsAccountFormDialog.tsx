import type { AwsAccount, AwsSetup } from '@vigil/domain/aws-account'
import { AWS_REGIONS } from '@vigil/domain/aws-regions'
import { useMemo } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { awsApi } from '../../../adapters/aws-api.ts'
import { awsAccountFormLogic, awsSetupLogic } from '../../../adapters/aws-flows.actors.ts'
import type { AwsAccountValues } from '../../../machines/aws-account-form.machine.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import * as Alert from '../../components/alert.tsx'
import { Choice } from '../../components/choice.tsx'
import { useChangesOf } from '../../components/use-changes-of.ts'
import { CopyField } from '../CopyField.tsx'
import { ChoiceFieldset, SignInChoice } from '../cloud/ChoiceFieldset.tsx'
import { SetupSteps } from '../cloud/SetupSteps.tsx'
import { DialogForm, DialogFrame, type SaveDialogProps } from '../FormDialog.tsx'
import { useDraft } from '../monitors/draft-setter.ts'
import { fieldGrid, TextField } from '../monitors/form-fields.tsx'
import { RetryAlert } from '../PageParts.tsx'
import { useSaveForm } from '../use-save-form.ts'

export interface AwsAccountFormDialogProps extends SaveDialogProps<AwsAccount> {
  /** The account to edit; null to connect one. */
  account: AwsAccount | null
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  auth: 'Sign in with',
  access_key_id: 'Access key ID',
  secret_access_key: 'Secret access key',
  role_arn: 'Role ARN',
  external_id: 'External ID',
  regions: 'Regions',
  credentials: 'Credentials',
}

const REGION_CODES = Object.keys(AWS_REGIONS) as (keyof typeof AWS_REGIONS)[]

interface Draft extends Omit<AwsAccountValues, 'regions'> {
  /** Every region the account has enabled, or only the chosen ones. */
  regionMode: 'enabled' | 'chosen'
  chosen: string[]
}

const draftOf = (account: AwsAccount | null): Draft => ({
  name: account?.name ?? '',
  auth: account?.auth ?? 'keys',
  access_key_id: '',
  secret_access_key: '',
  role_arn: account?.role_arn ?? '',
  external_id: account?.external_id ?? '',
  regionMode: account ? 'chosen' : 'enabled',
  chosen: account?.regions ?? [],
})

const SIGN_INS = [
  { value: 'keys', label: 'Access keys of an IAM user' },
  {
    value: 'role',
    label: 'A role in your account that Vigil assumes with an external ID (nothing long-lived leaves your account)',
  },
] as const

const REGION_MODES = [
  { value: 'enabled', label: 'Every region enabled in the account (found with DescribeRegions when you connect)' },
  { value: 'chosen', label: 'Only the regions I choose' },
] as const

const framed = css({ borderWidth: '1px', borderColor: 'border', rounded: 'md' })
// The regions in the form's two columns, in a frame that scrolls.
const regionGrid = cx(fieldGrid, css({ gap: '1.5', m: '0', minW: '0', maxH: '56', overflowY: 'auto', p: '2' }), framed)
const note = css({ fontSize: 'sm', color: 'muted' })
const errorText = css({ fontSize: 'sm', color: 'red.700', mt: '1' })
// A step's words and what to copy, as wide as the step: a policy's long lines scroll in their block.
const stepWithCopy = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2' })

/**
 * How to give Vigil access, step by step, as the Azure dialog says it: create the IAM user (or the role, with the
 * trust policy shown), attach the read-only policy shown, and paste the keys (or the role's ARN) below. The policies
 * come from the server (GET /api/aws/setup): the same read-only policy every AWS page names an action of.
 */
function AwsSetupSteps({
  auth,
  setup,
  failed,
  open,
}: {
  auth: 'keys' | 'role'
  setup: AwsSetup | null
  /** The policies could not be loaded: the form says so, with a retry. */
  failed: boolean
  open: boolean
}) {
  const loading = failed ? null : <span>Loading the policy…</span>
  const policy = setup ? (
    <CopyField label="IAM policy" value={setup.policy} copyLabel="Copy policy" multiline />
  ) : (
    loading
  )
  const attach = (
    <div className={stepWithCopy}>
      <span>
        Attach the read-only policy shown here: on the {auth === 'keys' ? 'user' : 'role'}, open{' '}
        <strong>Permissions › Add permissions › Create inline policy</strong>, choose <strong>JSON</strong> and paste
        it. Vigil only reads; a call the policy does not allow shows on its page as the action to add.
      </span>
      {policy}
    </div>
  )
  if (auth === 'keys')
    return (
      <SetupSteps summary="How to set up the IAM user" open={open}>
        {[
          <>
            In the AWS console, open <strong>IAM › Users › Create user</strong>; name it (vigil) and leave console
            access off.
          </>,
          attach,
          <>
            On the user, open <strong>Security credentials › Create access key</strong> (use case:{' '}
            <strong>Application running outside AWS</strong>), then paste its <strong>Access key ID</strong> and{' '}
            <strong>Secret access key</strong> below.
          </>,
        ]}
      </SetupSteps>
    )
  return (
    <SetupSteps summary="How to set up the role" open={open}>
      {[
        <div key="trust" className={stepWithCopy}>
          <span>
            In the AWS console, open <strong>IAM › Roles › Create role</strong>, choose{' '}
            <strong>Custom trust policy</strong> and paste the trust policy shown here: only Vigil
            {setup?.vigil_account_id ? ` (AWS account ${setup.vigil_account_id})` : ''} can assume the role, and only
            with your external ID.
            {setup && !setup.vigil_account_id && (
              <> Replace VIGIL_AWS_ACCOUNT_ID with the account this server runs in (ask your operator).</>
            )}{' '}
            Skip the permissions for now, name the role (VigilReadOnly) and create it.
          </span>
          {setup ? (
            <CopyField label="Trust policy" value={setup.trust_policy} copyLabel="Copy trust policy" multiline />
          ) : (
            loading
          )}
        </div>,
        attach,
        <>
          Paste the role's <strong>ARN</strong>, from its <strong>Summary</strong>, in <strong>Role ARN</strong> below.
        </>,
      ]}
    </SetupSteps>
  )
}

/** Connect an AWS account, or change one: name, how Vigil signs in, the regions to read; the policy to attach. */
export function AwsAccountFormDialog({ account, onSaved, onClose }: AwsAccountFormDialogProps) {
  const logic = useMemo(() => awsAccountFormLogic(awsApi, onSaved), [onSaved])
  const { form, errors, submitting, formView } = useSaveForm(logic, { account }, onClose)
  const setupLogic = useMemo(() => awsSetupLogic(awsApi), [])
  const setupRef = useActorRef(setupLogic)
  const setup = useSelector(setupRef, (s) => s.context.data)
  const setupError = useSelector(setupRef, (s) => (s.matches('failed') ? s.context.error : null))
  const { draft, set, field } = useDraft(() => draftOf(account), errors)

  // A role must require the external id Vigil gave this user: it is filled in, not typed.
  const externalId = account?.auth === 'role' ? (account.external_id ?? '') : (setup?.external_id ?? '')
  const valuesOf = (): Record<string, unknown> => {
    const { regionMode, chosen, ...rest } = draft
    const ordered = REGION_CODES.filter((code) => chosen.includes(code))
    const values: AwsAccountValues = {
      ...rest,
      external_id: draft.auth === 'role' ? externalId : '',
      regions: regionMode === 'enabled' ? null : ordered,
    }
    return values as unknown as Record<string, unknown>
  }
  const submit = () => form.send({ type: 'form.submit', values: valuesOf() })
  useChangesOf(draft, () => form.send({ type: 'form.change', values: valuesOf() }))
  const toggleRegion = (code: string, on: boolean) =>
    set.chosen(on ? [...draft.chosen, code] : draft.chosen.filter((c) => c !== code))

  return (
    <DialogFrame
      title={account ? `Edit ${account.name}` : 'Connect an AWS account'}
      busy={submitting}
      wide
      onClose={onClose}
    >
      <DialogForm
        wide
        {...formView}
        labels={FIELD_LABELS}
        shows={(f) => f !== 'credentials'}
        submitLabel={account ? 'Save changes' : 'Connect account'}
        onSubmit={submit}
        onClose={onClose}
      >
        <div className={fieldGrid}>
          <TextField {...field('name')} label="Name" required placeholder="Production" />
        </div>

        <SignInChoice options={SIGN_INS} value={draft.auth} onValueChange={set.auth} />

        <AwsSetupSteps auth={draft.auth} setup={setup} failed={setupError !== null} open={!account} />

        {draft.auth === 'keys' ? (
          <div className={fieldGrid}>
            <TextField
              {...field('access_key_id')}
              label="Access key ID"
              required={account?.auth !== 'keys'}
              placeholder="AKIAIOSFODNN7EXAMPLE"
              helper={
                account?.auth === 'keys'
                  ? `Leave both keys empty to keep the current ones (${account.access_key_id}).`
                  : undefined
              }
            />
            <TextField
              {...field('secret_access_key')}
              label="Secret access key"
              type="password"
              required={account?.auth !== 'keys'}
              helper="Stored encrypted; never shown again."
            />
          </div>
        ) : (
          <div className={css({ display: 'grid', gap: '4' })}>
            <TextField
              {...field('role_arn')}
              label="Role ARN"
              required
              placeholder="arn:aws:iam::123456789012:role/VigilReadOnly"
            />
            {externalId ? (
              <CopyField label="External ID" value={externalId} copyLabel="Copy external ID" />
            ) : (
              !setupError && <p className={note}>Loading your external ID...</p>
            )}
            {errors.external_id && <p className={errorText}>{errors.external_id}</p>}
          </div>
        )}

        <ChoiceFieldset
          legend="Regions to watch"
          name="regionMode"
          // An account's regions are changed by choosing them: "every enabled region" is found when connecting.
          options={account ? REGION_MODES.slice(1) : REGION_MODES}
          value={draft.regionMode}
          onValueChange={set.regionMode}
        >
          {draft.regionMode === 'chosen' && (
            <fieldset aria-label="Regions" className={regionGrid}>
              {REGION_CODES.map((code) => (
                <Choice
                  key={code}
                  type="checkbox"
                  name="regions"
                  value={code}
                  checked={draft.chosen.includes(code)}
                  onChange={(e) => toggleRegion(code, e.target.checked)}
                >
                  {AWS_REGIONS[code]} <span className={css({ color: 'muted' })}>({code})</span>
                </Choice>
              ))}
            </fieldset>
          )}
          {errors.regions && <p className={errorText}>{errors.regions}</p>}
        </ChoiceFieldset>

        {setupError && (
          <RetryAlert role="status" onRetry={() => setupRef.send({ type: 'load.retry' })}>
            The policy and your external ID could not be loaded: {setupError}
          </RetryAlert>
        )}
        {account && (
          <Alert.Root role="note" status="info">
            <Alert.Description>
              New credentials are checked with AWS before they are kept; a change of regions or credentials reads the
              account again at once.
            </Alert.Description>
          </Alert.Root>
        )}
      </DialogForm>
    </DialogFrame>
  )
}
