import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { css } from '../../../styled-system/css'
import { groupOf } from '../../domain/navigation.ts'
import { entryLock } from '../../domain/plan.ts'
import { UPGRADE_PATH } from '../../domain/plan-dialog.ts'
import { Button } from '../components/button.tsx'
import { LockIcon } from '../components/icons.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { FEATURES } from './features.ts'
import { card, pageTitle } from './page-styles.ts'

export { card, pageTitle }

/** Shows a locked feature's upgrade prompt instead of its page (the server refuses its API too). */
export function FeatureGate({ feature, children }: { feature?: string; children: ReactNode }) {
  const { subscription } = useShell()
  const navigate = useNavigate()
  const accesses = useSelector(subscription, (s) => s.context.subscription?.plan.planAccesses ?? [])
  const lock = feature ? entryLock(accesses, feature, groupOf(feature)) : { locked: false as const }
  if (!lock.locked) return <>{children}</>
  return (
    <section className={card} aria-labelledby="locked-title">
      <h1 id="locked-title" className={pageTitle}>
        <LockIcon size={20} aria-hidden="true" className={css({ display: 'inline', mr: '2' })} />
        {feature}
      </h1>
      <p className={css({ mb: '4' })}>{lock.tooltip}</p>
      <Button onClick={() => navigate(UPGRADE_PATH)}>Upgrade</Button>
    </section>
  )
}

/** A page whose content a later release builds: it says which feature it will hold. */
export function FeaturePage({ id, detail }: { id: keyof typeof FEATURES; detail?: string }) {
  const info = FEATURES[id]
  if (!info) throw new Error(`unknown feature page ${String(id)}`)
  return (
    <FeatureGate feature={info.feature}>
      <section className={card} aria-labelledby="feature-title">
        <h1 id="feature-title" className={pageTitle}>
          {info.title}
          {detail && <span className={css({ color: 'muted', fontWeight: 'normal' })}> · {detail}</span>}
        </h1>
        <p className={css({ mb: '3' })}>{info.summary}</p>
        <p className={css({ color: 'muted', fontSize: 'sm' })}>
          This area is being built and will appear here in an upcoming release.
        </p>
      </section>
    </FeatureGate>
  )
}
