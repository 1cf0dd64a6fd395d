import { lazyPart } from '../lazy-part.tsx'

// The forms load when first opened, which keeps them out of the pages' first load.
export const LazyStatusPageForm = lazyPart(() =>
  import('./StatusPageFormDialog.tsx').then((m) => m.StatusPageFormDialog),
)
export const LazyIncidentForm = lazyPart(() => import('./IncidentDialogs.tsx').then((m) => m.IncidentFormDialog))
export const LazyPublishOutage = lazyPart(() => import('./IncidentDialogs.tsx').then((m) => m.PublishOutageDialog))
export const LazyIncidentUpdate = lazyPart(() => import('./IncidentDialogs.tsx').then((m) => m.IncidentUpdateDialog))
export const LazyMaintenanceForm = lazyPart(() =>
  import('./MaintenanceFormDialog.tsx').then((m) => m.MaintenanceFormDialog),
)
