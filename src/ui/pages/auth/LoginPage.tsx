import { useActorRef, useSelector } from '@xstate/react'
import { Link, useNavigate } from 'react-router'
import { api } from '../../../adapters/api.ts'
import { formLogic } from '../../../adapters/flows.actors.ts'
import { storeUser } from '../../../adapters/user-data.ts'
import { LoginInput } from '../../../domain/auth.schema.ts'
import { useAuth } from '../../app/auth-context.tsx'
import { Button } from '../../components/button.tsx'
import { AuthCard, alertStyle, formStyle, linkStyle } from './AuthCard.tsx'
import { FormField, formValues } from './FormField.tsx'

export function LoginPage() {
  const auth = useAuth()
  const navigate = useNavigate()
  const form = useActorRef(
    formLogic(api.login, (result) => {
      auth.login(result.token)
      storeUser(result.user)
      navigate('/dashboard', { replace: true })
    }),
    { input: { schema: LoginInput } },
  )
  const { errors, message } = useSelector(form, (s) => s.context)
  const submitting = useSelector(form, (s) => s.matches('submitting'))

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
      <form
        className={formStyle}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          form.send({ type: 'form.submit', values: formValues(e.currentTarget) })
        }}
      >
        {message && (
          <p role="alert" className={alertStyle}>
            {message}
          </p>
        )}
        <FormField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Link className={linkStyle} to="/forgot-password">
          Forgot password?
        </Link>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  )
}
