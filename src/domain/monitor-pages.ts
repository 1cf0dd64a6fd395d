import type { MonitorType } from './monitor.schema.ts'

// Where each monitor type lives in the app (spec section 2) and the plan-access label that guards it.
export const MONITOR_PAGES: Record<MonitorType, { label: string; list: string; detail: (id: string) => string }> = {
  web: {
    label: 'Website Monitoring',
    list: '/services/web-monitoring',
    detail: (id) => `/web_monitorings/${encodeURIComponent(id)}`,
  },
  api: {
    label: 'API Monitoring',
    list: '/services/api-monitoring',
    detail: (id) => `/api_monitorings/${encodeURIComponent(id)}`,
  },
  port: {
    label: 'Port Monitoring',
    list: '/services/port-monitoring',
    detail: (id) => `/port_monitorings/${encodeURIComponent(id)}`,
  },
  ping: {
    label: 'Ping Monitoring',
    list: '/services/ping-monitoring',
    detail: (id) => `/ping_monitorings/${encodeURIComponent(id)}`,
  },
}
