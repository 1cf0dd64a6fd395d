import { Link } from 'react-router'
import { api } from '../../../adapters/api.ts'
import { LoginInput } from '../../../domain/auth.schema.ts'
import { Button } from '../../components/button.tsx'
import { AuthCard, linkStyle } from './AuthCard.tsx'
import { AuthForm, FormField } from './FormField.tsx'
import { useSignInForm } from './use-sign-in-form.ts'

export function LoginPage() {
  const { form, errors, message, submitting } = useSignInForm(api.login, LoginInput, '/dashboard')

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
      <AuthForm alert={message} onValues={(values) => form.send({ type: 'form.submit', values })}>
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
      </AuthForm>
    </AuthCard>
  )
}
