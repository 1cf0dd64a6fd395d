import { lazy, Suspense } from 'react'
import type { IncidentFormDialogProps, IncidentUpdateDialogProps } from './IncidentDialogs.tsx'
import type { MaintenanceFormDialogProps } from './MaintenanceFormDialog.tsx'
import type { StatusPageFormDialogProps } from './StatusPageFormDialog.tsx'

// The forms load when first opened, which keeps them out of the pages' first load.
const StatusPageFormDialog = lazy(() =>
  import('./StatusPageFormDialog.tsx').then((m) => ({ default: m.StatusPageFormDialog })),
)
const IncidentFormDialog = lazy(() => import('./IncidentDialogs.tsx').then((m) => ({ default: m.IncidentFormDialog })))
const IncidentUpdateDialog = lazy(() =>
  import('./IncidentDialogs.tsx').then((m) => ({ default: m.IncidentUpdateDialog })),
)
const MaintenanceFormDialog = lazy(() =>
  import('./MaintenanceFormDialog.tsx').then((m) => ({ default: m.MaintenanceFormDialog })),
)

export function LazyStatusPageForm(props: StatusPageFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <StatusPageFormDialog {...props} />
    </Suspense>
  )
}

export function LazyIncidentForm(props: IncidentFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <IncidentFormDialog {...props} />
    </Suspense>
  )
}

export function LazyIncidentUpdate(props: IncidentUpdateDialogProps) {
  return (
    <Suspense fallback={null}>
      <IncidentUpdateDialog {...props} />
    </Suspense>
  )
}

export function LazyMaintenanceForm(props: MaintenanceFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <MaintenanceFormDialog {...props} />
    </Suspense>
  )
}
