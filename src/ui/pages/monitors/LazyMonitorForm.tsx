import { lazy, Suspense } from 'react'
import type { MonitorFormDialogProps } from './MonitorFormDialog.tsx'
import { loadTypeForm } from './types/index.ts'

// The create / edit form loads when first opened, which keeps it out of the list page's first load.
const MonitorFormDialog = lazy(() => import('./MonitorFormDialog.tsx').then((m) => ({ default: m.MonitorFormDialog })))

export function LazyMonitorForm(props: MonitorFormDialogProps) {
  // The type's part of the form loads beside the dialog, not after it.
  void loadTypeForm(props.type)
  return (
    <Suspense fallback={null}>
      <MonitorFormDialog {...props} />
    </Suspense>
  )
}
