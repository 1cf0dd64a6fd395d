import { LoginInput } from '@vigil/domain/auth.schema'
import { SecondStepCodeForm, SecondStepRecoveryForm, type TwoFactorChallenge } from '@vigil/domain/two-factor'
import { useState } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { api } from '../../../adapters/api.ts'
import { Button } from '../../components/button.tsx'
import { AuthCard, linkStyle } from './AuthCard.tsx'
import { AuthForm, EmailAndPassword, FormField } from './FormField.tsx'
import { useSignInForm } from './use-sign-in-form.ts'

/** Sign in: the email and password, then, when the account has two-factor sign-in on, its code. */
export function LoginPage() {
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  if (challenge) return <SecondStep challenge={challenge} onRestart={() => setChallenge(null)} />
  return <Credentials onChallenge={setChallenge} />
}

function Credentials({ onChallenge }: { onChallenge: (challenge: TwoFactorChallenge) => void }) {
  const { form, errors, message, submitting } = useSignInForm(api.login, LoginInput, '/dashboard', onChallenge)

  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New here?{' '}
          <Link className={linkStyle} to="/register">
            Create an account
          </Link>
        </>
      }
    >
      <AuthForm alert={message} onValues={(values, type) => form.send({ type, values })}>
        <EmailAndPassword errors={errors} password="current-password" />
        <Link className={linkStyle} to="/forgot-password">
          Forgot password?
        </Link>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </AuthForm>
    </AuthCard>
  )
}

function SecondStep({ challenge, onRestart }: { challenge: TwoFactorChallenge; onRestart: () => void }) {
  const [method, setMethod] = useState<'code' | 'recovery'>('code')
  return (
    <AuthCard
      title="Two-factor sign-in"
      footer={
        <button type="button" className={linkButton} onClick={onRestart}>
          Sign in as someone else
        </button>
      }
    >
      {/* A form of its own per method, so that each checks its own kind of code. */}
      <CodeForm key={method} challenge={challenge} method={method} />
      <button type="button" className={linkButton} onClick={() => setMethod(method === 'code' ? 'recovery' : 'code')}>
        {method === 'code' ? 'Use a recovery code instead' : 'Use the code from your app instead'}
      </button>
    </AuthCard>
  )
}

function CodeForm({ challenge, method }: { challenge: TwoFactorChallenge; method: 'code' | 'recovery' }) {
  const { form, errors, message, submitting } = useSignInForm(
    (values: { code: string }) => api.loginTwoFactor({ challenge: challenge.challenge, method, code: values.code }),
    method === 'code' ? SecondStepCodeForm : SecondStepRecoveryForm,
    '/dashboard',
  )
  return (
    <AuthForm alert={message} onValues={(values, type) => form.send({ type, values })}>
      <p className={css({ color: 'muted' })}>
        {method === 'code'
          ? 'Enter the 6-digit code your authenticator app shows for this account.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'}
      </p>
      {method === 'code' ? (
        <FormField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code}
        />
      ) : (
        <FormField label="Recovery code" name="code" autoComplete="off" error={errors.code} />
      )}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Checking...' : 'Verify'}
      </Button>
    </AuthForm>
  )
}

const linkButton = css({
  justifySelf: 'start',
  color: 'primary',
  fontWeight: 'medium',
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: 'sm',
})
