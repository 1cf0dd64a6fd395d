import { lazyPart } from '../lazy-part.tsx'
import { loadTypeForm } from './types/index.ts'

// The create / edit form loads when first opened, which keeps it out of the list page's first load; the type's
// part of the form loads beside the dialog, not after it.
export const LazyMonitorForm = lazyPart(
  () => import('./MonitorFormDialog.tsx').then((m) => m.MonitorFormDialog),
  (props) => void loadTypeForm(props.type),
)
