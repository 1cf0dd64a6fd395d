import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { billingApi } from '../../../adapters/billing-api.ts'
import { plansLogic } from '../../../adapters/billing-flows.actors.ts'
import type { BillingFrequency } from '@vigil/domain/plan'
import { priceOf, yearlySaving } from '@vigil/domain/plan-compare'
import { isPaidPro, PAYMENT_NOT_CONFIRMED } from '../../../machines/billing.machine.ts'
import * as Alert from '../../components/alert.tsx'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import { RadioChoices } from '../../components/choice.tsx'
import { PageCard } from '../FeaturePage.tsx'
import { formatDate, formatMoney } from '../monitors/format.ts'
import { LoadingCard, RetryAlert } from '../PageParts.tsx'
import { BillingMessages, currentPlanText, linkStyle, ModeNote } from './billing-parts.tsx'
import { PlanComparison } from './PlanComparison.tsx'
import { useBilling } from './use-billing.ts'

const priceText = (cents: number, per: string) => (cents === 0 ? 'Free' : `${formatMoney(cents / 100, 'usd')} a ${per}`)

/**
 * Moving to Pro (`/upgrade_to_pro`): the plans compared, monthly or yearly; the free trial (first with
 * `?is_free_trial=true`, once per account); Pro paid through Stripe Checkout, or chosen for free with billing
 * off. Back from Checkout (`?checkout=done`) the page waits for Stripe's confirmation, not for the return URL.
 */
export function UpgradePage() {
  const [params] = useSearchParams()
  const checkout = params.get('checkout')
  const trialFirst = params.get('is_free_trial') === 'true'
  const chosen = params.get('billing_frequency') === 'Yearly' ? 'Yearly' : 'Monthly'
  const [frequency, setFrequency] = useState<BillingFrequency>(chosen)
  const billing = useBilling({ awaitingPayment: checkout === 'done' })
  const plansLoad = useActorRef(useMemo(() => plansLogic(billingApi), []))
  const plans = useSelector(plansLoad, (s) => s.context.data)
  const plansError = useSelector(plansLoad, (s) => s.context.error)

  const { overview, busy, pending, act } = billing
  const pro = plans?.plans.find((p) => p.title === 'Pro')
  const basic = plans?.plans.find((p) => p.title === 'Basic')
  const sub = overview?.subscription
  const stripe = overview?.mode === 'stripe'
  // Pro already settled: paid at Stripe, or chosen outright with billing off.
  const onPro = Boolean(overview && (isPaidPro(overview) || (!stripe && sub?.title === 'Pro' && !sub.is_free_trial)))
  const trial = Boolean(overview?.trial_available && sub?.title !== 'Pro')
  const saving = pro ? yearlySaving(pro) : 0

  return (
    <PageCard
      id="upgrade-title"
      title="Upgrade to Pro"
      description="Pro adds DNS and blacklist monitoring, AWS, Azure and Microsoft 365 accounts, reporting, more monitors and faster checks."
    >
      {checkout === 'done' && billing.confirming && (
        <Alert.Root role="status" status="info" aria-busy="true">
          <Alert.Description>Confirming your payment with Stripe… This takes a few seconds.</Alert.Description>
        </Alert.Root>
      )}
      {checkout === 'done' && overview && isPaidPro(overview) && overview.paid && (
        <Alert.Root role="status" status="success">
          <Alert.Description>
            Pro Plan Activated: Pro {overview.paid.billing_frequency} is paid until{' '}
            {formatDate(overview.paid.period_end)}.{' '}
            <Link className={linkStyle} to="/subscriptions">
              See Billing
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      {checkout === 'cancelled' && !onPro && (
        <Alert.Root role="status" status="info">
          <Alert.Description>
            You left the payment page, so nothing was charged. Choose a plan to try again.
          </Alert.Description>
        </Alert.Root>
      )}
      {params.has('billing_frequency') && stripe && sub?.title === 'Basic' && !checkout && (
        <Alert.Root role="status" status="info">
          <Alert.Description>
            Your account is ready. It is on Basic until Stripe has your payment for Pro {chosen}.
          </Alert.Description>
        </Alert.Root>
      )}
      {billing.failed && <RetryAlert onRetry={billing.retry}>{billing.error}</RetryAlert>}
      {billing.message === PAYMENT_NOT_CONFIRMED ? (
        <RetryAlert role="status" onRetry={billing.retry}>
          {billing.message}
        </RetryAlert>
      ) : (
        <BillingMessages billing={billing} />
      )}
      {plansError && <RetryAlert onRetry={() => plansLoad.send({ type: 'load.retry' })}>{plansError}</RetryAlert>}
      {overview && <p className={css({ color: 'muted' })}>{currentPlanText(overview)}</p>}
      {overview && <ModeNote mode={overview.mode} />}
      {(!plans || !overview) && !billing.failed && !plansError && <LoadingCard />}

      {plans && overview && pro && basic && (
        <>
          <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })}>
            <legend className={css({ fontWeight: 'medium', mb: '2', fontSize: 'sm' })}>Billing frequency</legend>
            <RadioChoices
              variant="tile"
              name="billing_frequency"
              value={frequency}
              onValueChange={setFrequency}
              options={[
                { value: 'Monthly', label: `Monthly: ${priceText(pro.price_monthly_cents, 'month')}` },
                {
                  value: 'Yearly',
                  label: `Yearly: ${priceText(pro.price_yearly_cents, 'year')}${saving > 0 ? ` (save ${formatMoney(saving / 100, 'usd')})` : ''}`,
                },
              ]}
            />
          </fieldset>
          <div
            className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}
          >
            <Card.Root as="section" aria-label="Basic" variant="outline" size="sm" alignItems="flex-start">
              <Card.Header>
                <Card.Title as="h2" fontSize="md">
                  Basic {sub?.title === 'Basic' && <Chip>Current plan</Chip>}
                </Card.Title>
                <Card.Description>{priceText(0, 'month')}</Card.Description>
              </Card.Header>
              <Card.Body>{basic.description}</Card.Body>
            </Card.Root>
            <Card.Root as="section" aria-label="Pro" variant="outline" size="sm" alignItems="flex-start">
              <Card.Header>
                <Card.Title as="h2" fontSize="md">
                  Pro {onPro && <Chip>Current plan</Chip>}
                  {sub?.is_free_trial && <Chip>Free trial</Chip>}
                </Card.Title>
                <Card.Description>
                  {priceText(priceOf(pro, frequency).cents, priceOf(pro, frequency).per)}
                </Card.Description>
              </Card.Header>
              <Card.Body>{pro.description}</Card.Body>
              <Card.Footer display="flex" gap="2" flexWrap="wrap">
                {onPro ? (
                  <Link className={linkStyle} to="/subscriptions">
                    Manage your plan on the Billing page
                  </Link>
                ) : (
                  <>
                    {trial && (
                      <Button
                        variant={trialFirst ? 'solid' : 'outline'}
                        disabled={busy}
                        onClick={() => act({ kind: 'trial' })}
                      >
                        {pending?.kind === 'trial' ? 'Starting...' : `Start the ${pro.trial_days}-day free trial`}
                      </Button>
                    )}
                    <Button
                      variant={trial && trialFirst ? 'outline' : 'solid'}
                      disabled={busy}
                      onClick={() => act(stripe ? { kind: 'checkout', frequency } : { kind: 'choose', frequency })}
                    >
                      {pending?.kind === 'checkout'
                        ? 'Opening Stripe...'
                        : pending?.kind === 'choose'
                          ? 'Changing...'
                          : stripe
                            ? `Pay for Pro ${frequency}`
                            : `Choose Pro ${frequency}`}
                    </Button>
                  </>
                )}
              </Card.Footer>
              {!onPro && trial && (
                <p className={css({ fontSize: 'sm', color: 'muted' })}>The free trial needs no payment.</p>
              )}
              {!onPro && trialFirst && !overview.trial_available && (
                <p className={css({ fontSize: 'sm', color: 'muted' })}>
                  The free trial has already been used on this account.
                </p>
              )}
            </Card.Root>
          </div>
          <PlanComparison plans={[basic, pro]} />
        </>
      )}
    </PageCard>
  )
}
