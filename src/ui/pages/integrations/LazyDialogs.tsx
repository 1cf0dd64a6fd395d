import { lazyPart } from '../lazy-part.tsx'

// The channel form and the deliveries load when first opened, which keeps them out of the page's first load.
export const LazyIntegrationForm = lazyPart(() =>
  import('./IntegrationFormDialog.tsx').then((m) => m.IntegrationFormDialog),
)
export const LazyDeliveries = lazyPart(() => import('./DeliveriesDialog.tsx').then((m) => m.DeliveriesDialog))
