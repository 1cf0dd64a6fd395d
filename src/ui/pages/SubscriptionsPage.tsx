import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { formatDateTime } from '../../domain/date-format.ts'
import { useShell } from '../layout/shell-context.tsx'
import { card, FeatureGate, pageTitle } from './FeaturePage.tsx'

/** Billing: the current plan, its limits and validity. */
export function SubscriptionsPage() {
  const { subscription } = useShell()
  const sub = useSelector(subscription, (s) => s.context.subscription)
  const error = useSelector(subscription, (s) => s.context.error)
  const loading = useSelector(subscription, (s) => s.matches('loading'))
  return (
    <FeatureGate feature="Billing">
      <section className={card} aria-labelledby="billing-title">
        <h1 id="billing-title" className={pageTitle}>
          Billing
        </h1>
        {loading && <p role="status">Loading...</p>}
        {error && <p role="alert">{error}</p>}
        {sub && (
          <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2 6', mb: '6' })}>
            <dt className={css({ color: 'muted' })}>Plan</dt>
            <dd>
              {sub.title}
              {sub.is_free_trial ? ' (15-day free trial)' : ''}
            </dd>
            <dt className={css({ color: 'muted' })}>Billing</dt>
            <dd>{sub.title === 'Basic' ? 'Free' : sub.billing_frequency}</dd>
            <dt className={css({ color: 'muted' })}>Started</dt>
            <dd>{formatDateTime(sub.start_date)}</dd>
            <dt className={css({ color: 'muted' })}>Valid until</dt>
            <dd>{sub.validity_end_date ? formatDateTime(sub.validity_end_date) : 'No end date'}</dd>
            <dt className={css({ color: 'muted' })}>Monitors</dt>
            <dd>up to {sub.plan.limits.max_monitors}</dd>
            <dt className={css({ color: 'muted' })}>Fastest check</dt>
            <dd>every {sub.plan.limits.min_interval_seconds} s</dd>
          </dl>
        )}
        {sub?.title === 'Basic' && (
          <Link to="/upgrade_to_pro" className={css({ color: 'primary', textDecoration: 'underline' })}>
            Upgrade to Pro
          </Link>
        )}
      </section>
    </FeatureGate>
  )
}
