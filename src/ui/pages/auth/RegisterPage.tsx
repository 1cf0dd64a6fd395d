import { RegisterInput } from '@vigil/domain/auth.schema'
import { useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { api } from '../../../adapters/api.ts'
import { Button } from '../../components/button.tsx'
import { RadioChoices } from '../../components/choice.tsx'
import { useBillingMode } from '../billing/use-billing-mode.ts'
import { AuthCard, linkStyle } from './AuthCard.tsx'
import { AuthForm, EmailAndPassword, FormField } from './FormField.tsx'
import { useSignInForm } from './use-sign-in-form.ts'

// The four ways to start (issue: Basic, Pro Monthly, Pro Yearly, or the Pro 15-day free trial).
export const PLAN_CHOICES = [
  { id: 'basic', label: 'Basic', hint: 'Free', terms: { plan: 'Basic' } },
  {
    id: 'pro-monthly',
    label: 'Pro Monthly',
    hint: '$15 a month',
    terms: { plan: 'Pro', billing_frequency: 'Monthly' },
  },
  { id: 'pro-yearly', label: 'Pro Yearly', hint: '$150 a year', terms: { plan: 'Pro', billing_frequency: 'Yearly' } },
  {
    id: 'pro-trial',
    label: 'Pro 15-day free trial',
    hint: 'No payment needed',
    terms: { plan: 'Pro', billing_frequency: 'Monthly', is_free_trial: true },
  },
] as const

const planHint = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' })

/** The plans as the form's tiles: the plan, and what it costs on the right. */
const PLAN_OPTIONS = PLAN_CHOICES.map((choice) => ({
  value: choice.id,
  label: (
    <span className={planHint}>
      <span>{choice.label}</span>
      <span className={css({ fontSize: 'sm', color: 'muted' })}>{choice.hint}</span>
    </span>
  ),
}))

export function RegisterPage() {
  const [params] = useSearchParams()
  const preselected = PLAN_CHOICES.find((c) => c.id === params.get('plan'))?.id ?? 'basic'
  const mode = useBillingMode()
  const chosen = useRef<(typeof PLAN_CHOICES)[number]>(PLAN_CHOICES[0])
  // With Stripe, paid Pro starts on Basic and goes on to its payment; otherwise the plan is there already.
  const { form, errors, message, submitting } = useSignInForm(api.register, RegisterInput, () => {
    const { terms } = chosen.current
    return mode === 'stripe' && terms.plan === 'Pro' && !('is_free_trial' in terms)
      ? `/upgrade_to_pro?billing_frequency=${terms.billing_frequency}`
      : '/dashboard?is_signup=true'
  })

  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{' '}
          <Link className={linkStyle} to="/login">
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm
        alert={message}
        onValues={({ choice, ...values }, type) => {
          const picked = PLAN_CHOICES.find((c) => c.id === choice) ?? PLAN_CHOICES[0]
          if (type === 'form.submit') chosen.current = picked
          form.send({ type, values: { ...values, ...picked.terms } })
        }}
      >
        <FormField label="Name" name="name" autoComplete="name" error={errors.name} />
        <EmailAndPassword errors={errors} password="new-password" />
        <fieldset className={css({ display: 'grid', gap: '2' })}>
          <legend className={css({ fontWeight: 'medium', mb: '2', fontSize: 'sm' })}>Plan</legend>
          <RadioChoices variant="tile" name="choice" options={PLAN_OPTIONS} defaultValue={preselected} />
          {mode === 'stripe' && (
            <p className={css({ color: 'muted', fontSize: 'sm' })}>
              Pro Monthly and Pro Yearly are paid by card through Stripe right after sign-up.
            </p>
          )}
          {(errors.plan || errors.is_free_trial || errors.billing_frequency) && (
            <p className={css({ color: 'red.700', fontSize: 'sm' })}>
              {errors.plan ?? errors.is_free_trial ?? errors.billing_frequency}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing up...' : 'Sign up'}
        </Button>
      </AuthForm>
    </AuthCard>
  )
}
