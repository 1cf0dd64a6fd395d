import { lazy, Suspense } from 'react'
import type { DeliveriesDialogProps } from './DeliveriesDialog.tsx'
import type { IntegrationFormDialogProps } from './IntegrationFormDialog.tsx'

// The channel form and the deliveries load when first opened, which keeps them out of the page's first load.
const IntegrationFormDialog = lazy(() =>
  import('./IntegrationFormDialog.tsx').then((m) => ({ default: m.IntegrationFormDialog })),
)
const DeliveriesDialog = lazy(() => import('./DeliveriesDialog.tsx').then((m) => ({ default: m.DeliveriesDialog })))

export function LazyIntegrationForm(props: IntegrationFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <IntegrationFormDialog {...props} />
    </Suspense>
  )
}

export function LazyDeliveries(props: DeliveriesDialogProps) {
  return (
    <Suspense fallback={null}>
      <DeliveriesDialog {...props} />
    </Suspense>
  )
}
