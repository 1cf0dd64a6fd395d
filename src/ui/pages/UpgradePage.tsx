import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { css } from '../../../styled-system/css'
import { api } from '../../adapters/api.ts'
import { formLogic } from '../../adapters/flows.actors.ts'
import { ChangePlanInput } from '../../domain/auth.schema.ts'
import { formatDateTime } from '../../domain/date-format.ts'
import { Button } from '../components/button.tsx'
import { showToast } from '../components/toast-store.ts'
import { useShell } from '../layout/shell-context.tsx'
import { card, pageTitle } from './FeaturePage.tsx'

const CHOICES = [
  {
    id: 'trial',
    label: 'Start the 15-day free trial',
    hint: 'No payment needed',
    terms: { plan: 'Pro', is_free_trial: true },
  },
  { id: 'monthly', label: 'Pro Monthly', hint: '$15 a month', terms: { plan: 'Pro', billing_frequency: 'Monthly' } },
  { id: 'yearly', label: 'Pro Yearly', hint: '$150 a year', terms: { plan: 'Pro', billing_frequency: 'Yearly' } },
] as const

/** Moving to Pro: the free trial (once per account, offered first with ?is_free_trial=true), monthly or yearly. */
export function UpgradePage() {
  const { subscription } = useShell()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const current = useSelector(subscription, (s) => s.context.subscription)
  const logic = useMemo(
    () =>
      formLogic(api.changePlan, (sub) => {
        subscription.send({ type: 'subscription.fetch' })
        showToast({
          title: sub.is_free_trial ? 'Your Pro free trial has started' : 'You are now on Pro',
          type: 'success',
        })
        navigate('/dashboard')
      }),
    [subscription, navigate],
  )
  const form = useActorRef(logic, { input: { schema: ChangePlanInput } })
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const choices = params.get('is_free_trial') === 'true' ? CHOICES : CHOICES.slice(1)

  return (
    <section className={card} aria-labelledby="upgrade-title">
      <h1 id="upgrade-title" className={pageTitle}>
        Upgrade to Pro
      </h1>
      <p className={css({ mb: '4' })}>
        Pro adds DNS and blacklist monitoring, AWS, Azure and Microsoft 365 accounts, reporting, up to 500 monitors and
        checks every 30 seconds.
      </p>
      {current && (
        <p className={css({ mb: '4', color: 'muted' })}>
          You are on {current.title}
          {current.is_free_trial ? ' (free trial)' : ''}
          {current.validity_end_date ? `, valid until ${formatDateTime(current.validity_end_date)}` : ''}.
        </p>
      )}
      {message && (
        <p role="alert" className={css({ color: 'red.700', mb: '4' })}>
          {message}
        </p>
      )}
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
        {choices.map((choice) => (
          <div key={choice.id} className={css({ borderWidth: '1px', borderColor: 'gray.200', rounded: 'md', p: '4' })}>
            <p className={css({ fontWeight: 'semibold' })}>{choice.label}</p>
            <p className={css({ color: 'muted', fontSize: 'sm', mb: '3' })}>{choice.hint}</p>
            <Button
              disabled={submitting}
              onClick={() => form.send({ type: 'form.submit', values: { ...choice.terms } })}
            >
              Choose
            </Button>
          </div>
        ))}
      </div>
    </section>
  )
}
