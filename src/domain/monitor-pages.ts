import { MONITOR_TYPE_PAGES, type MonitorType } from './monitor-types/pages.ts'

// Where each monitor type lives in the app and the plan-access label that guards it.

export const MONITOR_PAGES: Record<MonitorType, { label: string; list: string; detail: (id: string) => string }> =
  MONITOR_TYPE_PAGES
