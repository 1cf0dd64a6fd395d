import { useSelector } from '../app/actor-hooks.ts'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { css } from '../../../styled-system/css'
import { groupOf } from '@vigil/domain/navigation'
import { entryLock } from '@vigil/domain/plan'
import { UPGRADE_PATH } from '@vigil/domain/plan-dialog'
import { Button } from '../components/button.tsx'
import * as Card from '../components/card.tsx'
import { LockIcon } from '../components/icons.tsx'
import * as PageHeader from '../components/page-header.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { FEATURES } from './features.ts'

// The monitor pages read the title and card styles from here until they move to PageHeader and Card.
export { card, pageTitle } from './page-styles.ts'

/**
 * A page that is one card, titled by its h1: the feature pages, the locked-feature prompt and the account pages
 * (notifications, profile, billing, upgrade). `id` names the title, for the section's accessible name.
 */
export function PageCard({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id={id}>{title}</PageHeader.Title>
          {description && <PageHeader.Description color="inherit">{description}</PageHeader.Description>}
        </PageHeader.Content>
      </PageHeader.Root>
      {children}
    </Card.Root>
  )
}

/** Terms and their values in two columns (a profile, a plan), the terms muted. */
export const details = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '2 6',
  '& dt': { color: 'muted' },
})

/** Shows a locked feature's upgrade prompt instead of its page (the server refuses its API too). */
export function FeatureGate({ feature, children }: { feature?: string; children: ReactNode }) {
  const { subscription } = useShell()
  const navigate = useNavigate()
  const accesses = useSelector(subscription, (s) => s.context.subscription?.plan.planAccesses ?? [])
  const lock = feature ? entryLock(accesses, feature, groupOf(feature)) : { locked: false as const }
  if (!lock.locked) return <>{children}</>
  return (
    <PageCard
      id="locked-title"
      title={
        <>
          <LockIcon size={20} aria-hidden="true" className={css({ display: 'inline', mr: '2' })} />
          {feature}
        </>
      }
    >
      <p>{lock.tooltip}</p>
      <Card.Footer>
        <Button onClick={() => navigate(UPGRADE_PATH)}>Upgrade</Button>
      </Card.Footer>
    </PageCard>
  )
}

/** A page whose content a later release builds: it says which feature it will hold. */
export function FeaturePage({ id, detail }: { id: keyof typeof FEATURES; detail?: string }) {
  const info = FEATURES[id]
  if (!info) throw new Error(`unknown feature page ${String(id)}`)
  return (
    <FeatureGate feature={info.feature}>
      <PageCard
        id="feature-title"
        title={
          <>
            {info.title}
            {detail && <span className={css({ color: 'muted', fontWeight: 'normal' })}> · {detail}</span>}
          </>
        }
        description={info.summary}
      >
        <p className={css({ color: 'muted', fontSize: 'sm' })}>
          This area is being built and will appear here in an upcoming release.
        </p>
      </PageCard>
    </FeatureGate>
  )
}
