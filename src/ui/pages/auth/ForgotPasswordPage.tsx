import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../../adapters/api.ts'
import { formLogic } from '../../../adapters/flows.actors.ts'
import { ForgotPasswordInput, ResetPasswordInput } from '@vigil/domain/auth.schema'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { AuthCard, linkStyle } from './AuthCard.tsx'
import { AuthForm, FormField } from './FormField.tsx'

const backToSignIn = (
  <Link className={linkStyle} to="/login">
    Back to sign in
  </Link>
)

/** Asks for a reset link; opened from that link (?token=...), sets the new password. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <ResetForm token={token} /> : <RequestForm />
}

function RequestForm() {
  const form = useActorRef(
    formLogic(({ email }: { email: string }) => api.forgotPassword(email)),
    {
      input: { schema: ForgotPasswordInput },
    },
  )
  const { errors, message, result } = useSelector(form, (s) => s.context)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const sent = useSelector(form, (s) => s.matches('succeeded'))
  return (
    <AuthCard title="Reset your password" footer={backToSignIn}>
      <AuthForm alert={message} onValues={(values, type) => form.send({ type, values })}>
        <p>Enter the email of your account and we will send you a link to choose a new password.</p>
        {sent && (
          <Alert.Root role="status" status="success">
            <Alert.Description>{String(result)}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </AuthForm>
    </AuthCard>
  )
}

function ResetForm({ token }: { token: string }) {
  const form = useActorRef(
    formLogic(({ password }: { token: string; password: string }) => api.resetPassword(token, password)),
    { input: { schema: ResetPasswordInput } },
  )
  const { errors, message, result } = useSelector(form, (s) => s.context)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const done = useSelector(form, (s) => s.matches('succeeded'))
  return (
    <AuthCard title="Choose a new password" footer={backToSignIn}>
      {done ? (
        <Alert.Root role="status" status="success">
          <Alert.Description>
            {String(result)}{' '}
            <Link className={linkStyle} to="/login">
              Sign in
            </Link>
          </Alert.Description>
        </Alert.Root>
      ) : (
        <AuthForm
          alert={message ?? errors.token}
          onValues={(values, type) => form.send({ type, values: { ...values, token } })}
        >
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : 'Set new password'}
          </Button>
        </AuthForm>
      )}
    </AuthCard>
  )
}
