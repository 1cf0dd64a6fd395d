import { type ComponentProps, lazy, Suspense } from 'react'
import type { MonitorAlerts as Alerts } from './MonitorAlerts.tsx'

// The alerts section reads the user's channels with their schemas; it loads after the page itself.
const MonitorAlerts = lazy(() => import('./MonitorAlerts.tsx').then((m) => ({ default: m.MonitorAlerts })))

export function LazyMonitorAlerts(props: ComponentProps<typeof Alerts>) {
  return (
    <Suspense fallback={null}>
      <MonitorAlerts {...props} />
    </Suspense>
  )
}
