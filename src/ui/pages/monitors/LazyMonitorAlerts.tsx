import { lazyPart } from '../lazy-part.tsx'

// The alerts section reads the user's channels with their schemas; it loads after the page itself.
export const LazyMonitorAlerts = lazyPart(() => import('./MonitorAlerts.tsx').then((m) => m.MonitorAlerts))
