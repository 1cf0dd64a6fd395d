import { Link } from 'react-router'
import { api } from '../../../adapters/api.ts'
import { LoginInput } from '../../../domain/auth.schema.ts'
import { Button } from '../../components/button.tsx'
import { AuthCard, alertStyle, formStyle, linkStyle } from './AuthCard.tsx'
import { FormField, formValues } from './FormField.tsx'
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
