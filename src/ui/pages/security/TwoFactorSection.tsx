import { useActorRef, useSelector } from '@xstate/react'
import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css } from '../../../../styled-system/css'
import { type SecurityApi, twoFactorLogic } from '../../../adapters/security-api.ts'
import { storedUser } from '../../../adapters/user-data.ts'
import { formatDateTime } from '../../../domain/date-format.ts'
import { plural } from '../../../domain/plural.ts'
import {
  groupSecret,
  recoveryCodesFile,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../domain/two-factor.ts'
import type { twoFactorMachine } from '../../../machines/two-factor.machine.ts'
import * as Alert from '../../components/alert.tsx'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { Form } from '../../components/form.tsx'
import { PasswordField } from '../../components/password-input.tsx'
import { accountHeading, accountSection } from '../account-sections.tsx'
import { FormField, formValues } from '../auth/FormField.tsx'
import { CopyField } from '../CopyField.tsx'
import { LoadingCard, RetryAlert } from '../PageParts.tsx'
import { useFormFlow } from '../profile/use-form-flow.ts'

const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })

/** Two-factor sign-in: off, being set up, its recovery codes shown once, or on. `onChange` follows each change. */
export function TwoFactorSection({ api, onChange }: { api: SecurityApi; onChange: () => void }) {
  const logic = useMemo(() => twoFactorLogic(api), [api])
  const flow = useActorRef(logic)
  const state = useSelector(flow, (s) => s.value as string)
  const { status, setup, codes, error } = useSelector(flow, (s) => s.context)

  return (
    <section className={accountSection} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={accountHeading}>
        Two-factor sign-in {status && <Chip>{status.enabled ? 'On' : 'Off'}</Chip>}
      </h2>
      {state === 'loading' && <LoadingCard />}
      {state === 'failed' && <RetryAlert onRetry={() => flow.send({ type: 'twoFactor.retry' })}>{error}</RetryAlert>}
      {(state === 'off' || state === 'startingSetup') && (
        <>
          <p className={css({ color: 'muted' })}>
            After your password, signing in asks for a code from an authenticator app on your phone (such as Google
            Authenticator, 1Password or Aegis), so a stolen password alone does not open your account.
          </p>
          {error && (
            <Alert.Root role="alert">
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          )}
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
    </section>
  )
}

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
  const [action, setAction] = useState<'renew' | 'off' | null>(null)
  return (
    <>
      <p>
        On since {status.enabled_at ? formatDateTime(status.enabled_at) : 'now'}.{' '}
        {plural(status.recovery_codes_left, 'recovery code is', 'recovery codes are')} left.
      </p>
      {action === null && (
        <div className={row}>
          <Button variant="outline" onClick={() => setAction('renew')}>
            Make new recovery codes
          </Button>
          <Button variant="outline" onClick={() => setAction('off')}>
            Turn off two-factor sign-in
          </Button>
        </div>
      )}
      {action === 'renew' && (
        <ProofForm
          label="Make new recovery codes"
          intro="Lost some of your recovery codes, or used most of them? Make ten new ones; the old ones stop working."
          submit={api.renewRecoveryCodes}
          busy="Making..."
          onCancel={() => setAction(null)}
          onDone={(answer) => {
            flow.send({ type: 'twoFactor.renewed', codes: answer.recovery_codes, status: answer.status })
            onChange()
          }}
        />
      )}
      {action === 'off' && (
        <ProofForm
          label="Turn off two-factor sign-in"
          intro="To turn it off, enter a code from your app (or a recovery code) and your password."
          submit={api.disable}
          busy="Turning off..."
          onCancel={() => setAction(null)}
          onDone={(next) => {
            flow.send({ type: 'twoFactor.disabled', status: next })
            onChange()
          }}
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
    <Form
      className={css({ display: 'grid', gap: '3', maxW: 'md' })}
      aria-label="Turn on two-factor sign-in"
      onSubmit={(e) => {
        e.preventDefault()
        form.send(formValues(e.currentTarget))
      }}
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
      <CopyField label="Secret to type into the app" value={groupSecret(secret)} copyLabel="Copy secret" />
      {form.message && (
        <Alert.Root role="alert">
          <Alert.Description>{form.message}</Alert.Description>
        </Alert.Root>
      )}
      <FormField
        label="Code from the app"
        name="code"
        inputMode="numeric"
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
          {form.submitting ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
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
    <Form
      className={css({ display: 'grid', gap: '3', maxW: 'md' })}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        form.send(formValues(e.currentTarget))
      }}
    >
      <h3 className={css({ fontWeight: 'medium' })}>{label}</h3>
      <p className={css({ color: 'muted' })}>{intro}</p>
      {form.message && (
        <Alert.Root role="alert">
          <Alert.Description>{form.message}</Alert.Description>
        </Alert.Root>
      )}
      <FormField label="Code or recovery code" name="code" autoComplete="one-time-code" error={form.errors.code} />
      <PasswordField
        label="Your password"
        name="password"
        invalid={Boolean(form.errors.password)}
        errorText={form.errors.password}
      />
      <div className={row}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? busy : label}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}
