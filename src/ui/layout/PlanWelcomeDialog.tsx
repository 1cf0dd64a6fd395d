import { formatDateTime } from '@vigil/domain/date-format'
import { planDialogVariant } from '@vigil/domain/plan-dialog'
import { useEffect, useMemo } from 'react'
import { css } from '../../../styled-system/css'
import { planDialogLogic } from '../../adapters/flows.actors.ts'
import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useEffects } from '../app/effects.ts'
import { Button } from '../components/button.tsx'
import * as Dialog from '../components/dialog.tsx'
import { useShell } from './shell-context.tsx'

/** The plan welcome dialog, once per sign-up redirect (`?is_signup=true`). */
export function PlanWelcomeDialog() {
  const { subscription } = useShell()
  const fx = useEffects()
  const logic = useMemo(() => planDialogLogic(fx), [fx])
  const dialog = useActorRef(logic, { input: { search: window.location.search } })
  const loaded = useSelector(subscription, (s) => (s.matches('loaded') ? s.context.subscription : null))
  useEffect(() => {
    // Once shown and closed the flow has ended; later reloads of the subscription are not for it.
    if (loaded && dialog.getSnapshot().status === 'active')
      dialog.send({ type: 'plan.subscriptionLoaded', subscription: loaded })
  }, [loaded, dialog])
  const open = useSelector(dialog, (s) => s.matches('open'))
  const sub = useSelector(dialog, (s) => s.context.subscription)
  if (!sub) return null
  const variant = planDialogVariant(sub)

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && dialog.send({ type: 'plan.close' })}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content maxW="480px">
          <Dialog.Title>{variant.title}</Dialog.Title>
          <Dialog.Description>
            {variant.kind === 'basic' &&
              'Your Basic plan is active. Upgrade to Pro for DNS and blacklist checks, cloud accounts, reporting and 30-second checks.'}
            {variant.kind === 'pro' && `Your Pro plan is active and valid until ${formatDateTime(variant.validUntil)}.`}
            {variant.kind === 'trial' &&
              `Your Pro plan comes with a ${variant.trialDays}-day free trial, no payment needed.`}
          </Dialog.Description>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', mt: '6' })}>
            <Button variant="outline" onClick={() => dialog.send({ type: 'plan.close' })}>
              Close
            </Button>
            {variant.kind === 'basic' && (
              <Button variant="outline" onClick={() => dialog.send({ type: 'plan.upgrade' })}>
                Upgrade
              </Button>
            )}
            <Button onClick={() => dialog.send({ type: 'plan.addMonitor' })}>Add your first monitor</Button>
          </div>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
