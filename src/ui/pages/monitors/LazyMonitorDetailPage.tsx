import { lazy, Suspense } from 'react'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { LoadingCard } from '../PageParts.tsx'

// A monitor's page where a type has no route of its own and a list page shows it with `?id=` (blacklist, Azure and
// Microsoft 365 monitors): it loads when one is opened, keeping it out of the list page's first load.
const MonitorDetailPage = lazy(() => import('./MonitorDetailPage.tsx').then((m) => ({ default: m.MonitorDetailPage })))

export function LazyMonitorDetailPage({ type }: { type: MonitorType }) {
  return (
    <Suspense fallback={<LoadingCard />}>
      <MonitorDetailPage type={type} />
    </Suspense>
  )
}
