import { formatDateTime } from '@vigil/domain/date-format'
import { plural } from '@vigil/domain/plural'
import {
  groupSecret,
  recoveryCodesFile,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@vigil/domain/two-factor'
import { Download } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import type { ActorRefFrom, EventFrom } from 'xstate'
import { css } from '../../../../styled-system/css'
import { type SecurityApi, twoFactorLogic } from '../../../adapters/security-api.ts'
import { storedUser } from '../../../adapters/user-data.ts'
import type { twoFactorMachine } from '../../../machines/two-factor.machine.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import * as Alert from '../../components/alert.tsx'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { Form } from '../../components/form.tsx'
import { PasswordField } from '../../components/password-input.tsx'
import { AccountSection } from '../account-sections.tsx'
import { FormField, formValues } from '../auth/FormField.tsx'
import { CopyField } from '../CopyField.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { LoadingCard, RetryAlert } from '../PageParts.tsx'
import { type FormFlow, useFormFlow } from '../profile/use-form-flow.ts'

const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })

/** Two-factor sign-in: off, being set up, its recovery codes shown once, or on. `onChange` follows each change. */
export function TwoFactorSection({ api, onChange }: { api: SecurityApi; onChange: () => void }) {
  const logic = useMemo(() => twoFactorLogic(api), [api])
  const flow = useActorRef(logic)
  const state = useSelector(flow, (s) => s.value as string)
  const { status, setup, codes, error } = useSelector(flow, (s) => s.context)

  return (
    <AccountSection
      id="two-factor-title"
      title={<>Two-factor sign-in {status && <Chip>{status.enabled ? 'On' : 'Off'}</Chip>}</>}
    >
      {state === 'loading' && <LoadingCard />}
      {state === 'failed' && <RetryAlert onRetry={() => flow.send({ type: 'twoFactor.retry' })}>{error}</RetryAlert>}
      {(state === 'off' || state === 'startingSetup') && (
        <>
          <p className={css({ color: 'muted' })}>
            After your password, signing in asks for a code from an authenticator app on your phone (such as Google
            Authenticator, 1Password or Aegis), so a stolen password alone does not open your account.
          </p>
          <ErrorAlert message={error} />
          <div>
            <Button onClick={() => flow.send({ type: 'twoFactor.setup' })} disabled={state === 'startingSetup'}>
              {state === 'startingSetup' ? 'Starting...' : 'Set up two-factor sign-in'}
            </Button>
          </div>
        </>
      )}
      {state === 'settingUp' && setup && (
        <EnableForm
          api={api}
          qr={setup.qr}
          secret={setup.secret}
          onCancel={() => flow.send({ type: 'twoFactor.cancel' })}
          onEnabled={(answer) => {
            flow.send({ type: 'twoFactor.enabled', codes: answer.recovery_codes, status: answer.status })
            onChange()
          }}
        />
      )}
      {state === 'showingCodes' && codes && (
        <RecoveryCodesPanel codes={codes} onSaved={() => flow.send({ type: 'twoFactor.saved' })} />
      )}
      {state === 'on' && status && <OnActions api={api} flow={flow} status={status} onChange={onChange} />}
    </AccountSection>
  )
}

/** The two changes made while it is on: each asks for a code (or a recovery code) and the password. */
const CHANGES = {
  renew: {
    label: 'Make new recovery codes',
    intro: 'Lost some of your recovery codes, or used most of them? Make ten new ones; the old ones stop working.',
    busy: 'Making...',
  },
  off: {
    label: 'Turn off two-factor sign-in',
    intro: 'To turn it off, enter a code from your app (or a recovery code) and your password.',
    busy: 'Turning off...',
  },
} as const

/** While it is on: how long and how many codes are left, and the two changes, each opened when chosen. */
function OnActions({
  api,
  flow,
  status,
  onChange,
}: {
  api: SecurityApi
  flow: ActorRefFrom<typeof twoFactorMachine>
  status: TwoFactorStatus
  onChange: () => void
}) {
  const [action, setAction] = useState<keyof typeof CHANGES | null>(null)
  const cancel = () => setAction(null)
  const done = (event: EventFrom<typeof twoFactorMachine>) => {
    flow.send(event)
    onChange()
  }
  return (
    <>
      <p>
        On since {status.enabled_at ? formatDateTime(status.enabled_at) : 'now'}.{' '}
        {plural(status.recovery_codes_left, 'recovery code is', 'recovery codes are')} left.
      </p>
      {action === null && (
        <div className={row}>
          {(['renew', 'off'] as const).map((change) => (
            <Button key={change} variant="outline" onClick={() => setAction(change)}>
              {CHANGES[change].label}
            </Button>
          ))}
        </div>
      )}
      {action === 'renew' && (
        <ProofForm
          {...CHANGES.renew}
          submit={api.renewRecoveryCodes}
          onCancel={cancel}
          onDone={(answer) => done({ type: 'twoFactor.renewed', codes: answer.recovery_codes, status: answer.status })}
        />
      )}
      {action === 'off' && (
        <ProofForm
          {...CHANGES.off}
          submit={api.disable}
          onCancel={cancel}
          onDone={(next) => done({ type: 'twoFactor.disabled', status: next })}
        />
      )}
    </>
  )
}

function EnableForm({
  api,
  qr,
  secret,
  onCancel,
  onEnabled,
}: {
  api: SecurityApi
  qr: TwoFactorSetup['qr']
  secret: string
  onCancel: () => void
  onEnabled: (answer: Awaited<ReturnType<SecurityApi['enable']>>) => void
}) {
  const form = useFormFlow(api.enable, TwoFactorEnableInput, onEnabled)
  return (
    <ProofFields
      label="Turn on two-factor sign-in"
      form={form}
      code={{ label: 'Code from the app', inputMode: 'numeric' }}
      submitLabel="Turn on"
      busy="Turning on..."
      onCancel={onCancel}
    >
      <ol className={css({ display: 'grid', gap: '2', pl: '5', listStyleType: 'decimal' })}>
        <li>Scan this QR code with your authenticator app, or type the secret below into it.</li>
        <li>Enter the 6-digit code the app shows, and your password.</li>
      </ol>
      <svg
        role="img"
        aria-label="QR code to add this account to an authenticator app"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={192}
        height={192}
        shapeRendering="crispEdges"
        className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md' })}
      >
        <rect width={qr.size} height={qr.size} fill="white" />
        <path d={qr.path} fill="black" />
      </svg>
      {/* Read in groups of four; copied without the spaces, which not every app takes. */}
      <CopyField
        label="Secret to type into the app"
        value={secret}
        shown={groupSecret(secret)}
        copyLabel="Copy secret"
        wrap
      />
    </ProofFields>
  )
}

function RecoveryCodesPanel({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const file = recoveryCodesFile(storedUser()?.email ?? 'your account', codes, new Date().toISOString())
  return (
    <div className={css({ display: 'grid', gap: '3', maxW: 'md' })}>
      <Alert.Root role="status" status="success">
        <Alert.Title>Save your recovery codes</Alert.Title>
        <Alert.Description>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown
          only now.
        </Alert.Description>
      </Alert.Root>
      <ul
        aria-label="Recovery codes"
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: '1',
          p: '3',
          fontFamily: 'mono',
          bg: 'gray.50',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'md',
        })}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={row}>
        <a
          className={css({
            display: 'inline-flex',
            gap: '1',
            alignItems: 'center',
            color: 'navy.700',
            fontWeight: 'medium',
          })}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="vigil-recovery-codes.txt"
        >
          <Download aria-hidden="true" size={16} /> Download the codes
        </a>
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </div>
  )
}

/** A change that takes a code (or a recovery code) and the password: new recovery codes, or turning it off. */
function ProofForm<T>({
  label,
  intro,
  submit,
  busy,
  onCancel,
  onDone,
}: {
  label: string
  intro: string
  submit: (body: { code: string; password: string }) => Promise<T>
  busy: string
  onCancel: () => void
  onDone: (answer: T) => void
}) {
  const form = useFormFlow(submit, TwoFactorDisableInput, onDone)
  return (
    <ProofFields
      label={label}
      form={form}
      code={{ label: 'Code or recovery code' }}
      submitLabel={label}
      busy={busy}
      onCancel={onCancel}
    >
      <h3 className={css({ fontWeight: 'medium' })}>{label}</h3>
      <p className={css({ color: 'muted' })}>{intro}</p>
    </ProofFields>
  )
}

/**
 * A form that a code from the authenticator app and the password prove (turning it on, and each change once it is
 * on): what `children` say first, then the server's message, the two fields, the submit button and Cancel.
 */
function ProofFields({
  label,
  form,
  code,
  submitLabel,
  busy,
  onCancel,
  children,
}: {
  /** The form's name, for assistive technology. */
  label: string
  form: FormFlow
  code: { label: string; inputMode?: 'numeric' }
  submitLabel: string
  /** The submit button's words while the form is sent. */
  busy: string
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <Form
      className={css({ display: 'grid', gap: '3', maxW: 'md' })}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        form.send(formValues(e.currentTarget))
      }}
      onInput={(e) => form.send(formValues(e.currentTarget), 'form.change')}
    >
      {children}
      <ErrorAlert message={form.message} />
      <FormField
        label={code.label}
        name="code"
        inputMode={code.inputMode}
        autoComplete="one-time-code"
        error={form.errors.code}
      />
      <PasswordField
        label="Your password"
        name="password"
        invalid={Boolean(form.errors.password)}
        errorText={form.errors.password}
      />
      <div className={row}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? busy : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}
