// The states a monitor can be in; apart from the monitor schemas so that a page needing only these stays light.
export const MONITOR_STATUSES = ['pending', 'up', 'down', 'degraded', 'paused'] as const
export type MonitorStatus = (typeof MONITOR_STATUSES)[number]
