import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { css } from '../../../styled-system/css'
import { api } from '../../adapters/api.ts'
import { formLogic } from '../../adapters/flows.actors.ts'
import { ChangePlanInput } from '../../domain/auth.schema.ts'
import { formatDateTime } from '../../domain/date-format.ts'
import * as Alert from '../components/alert.tsx'
import { Button } from '../components/button.tsx'
import * as Card from '../components/card.tsx'
import { showToast } from '../components/toast-store.ts'
import { useShell } from '../layout/shell-context.tsx'
import { PageCard } from './FeaturePage.tsx'

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
    <PageCard
      id="upgrade-title"
      title="Upgrade to Pro"
      description="Pro adds DNS and blacklist monitoring, AWS, Azure and Microsoft 365 accounts, reporting, up to 500 monitors and checks every 30 seconds."
    >
      {current && (
        <p className={css({ color: 'muted' })}>
          You are on {current.title}
          {current.is_free_trial ? ' (free trial)' : ''}
          {current.validity_end_date ? `, valid until ${formatDateTime(current.validity_end_date)}` : ''}.
        </p>
      )}
      {message && (
        <Alert.Root role="alert">
          <Alert.Description>{message}</Alert.Description>
        </Alert.Root>
      )}
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
        {choices.map((choice) => (
          <Card.Root key={choice.id} variant="outline" size="sm" alignItems="flex-start">
            <Card.Header>
              <Card.Title as="p" fontSize="md">
                {choice.label}
              </Card.Title>
              <Card.Description>{choice.hint}</Card.Description>
            </Card.Header>
            <Button
              disabled={submitting}
              onClick={() => form.send({ type: 'form.submit', values: { ...choice.terms } })}
            >
              Choose
            </Button>
          </Card.Root>
        ))}
      </div>
    </PageCard>
  )
}
