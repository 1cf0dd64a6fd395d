import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { formatDateTime } from '../../domain/date-format.ts'
import * as Alert from '../components/alert.tsx'
import * as Card from '../components/card.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { details, FeatureGate, PageCard } from './FeaturePage.tsx'

/** Billing: the current plan, its limits and validity. */
export function SubscriptionsPage() {
  const { subscription } = useShell()
  const sub = useSelector(subscription, (s) => s.context.subscription)
  const error = useSelector(subscription, (s) => s.context.error)
  const loading = useSelector(subscription, (s) => s.matches('loading'))
  return (
    <FeatureGate feature="Billing">
      <PageCard id="billing-title" title="Billing">
        {loading && <p role="status">Loading...</p>}
        {error && (
          <Alert.Root role="alert">
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        {sub && (
          <dl className={details}>
            <dt>Plan</dt>
            <dd>
              {sub.title}
              {sub.is_free_trial ? ' (15-day free trial)' : ''}
            </dd>
            <dt>Billing</dt>
            <dd>{sub.title === 'Basic' ? 'Free' : sub.billing_frequency}</dd>
            <dt>Started</dt>
            <dd>{formatDateTime(sub.start_date)}</dd>
            <dt>Valid until</dt>
            <dd>{sub.validity_end_date ? formatDateTime(sub.validity_end_date) : 'No end date'}</dd>
            <dt>Monitors</dt>
            <dd>up to {sub.plan.limits.max_monitors}</dd>
            <dt>Fastest check</dt>
            <dd>every {sub.plan.limits.min_interval_seconds} s</dd>
          </dl>
        )}
        {sub?.title === 'Basic' && (
          <Card.Footer mt="2">
            <Link to="/upgrade_to_pro" className={css({ color: 'primary', textDecoration: 'underline' })}>
              Upgrade to Pro
            </Link>
          </Card.Footer>
        )}
      </PageCard>
    </FeatureGate>
  )
}
