import type { MonitorType } from './monitor.schema.ts'

// Where each monitor type lives in the app (spec section 2) and the plan-access label that guards it.
// The spec has no detail route for blacklist monitors: their page is the Check Black List page with the id.
const enc = encodeURIComponent

export const MONITOR_PAGES: Record<MonitorType, { label: string; list: string; detail: (id: string) => string }> = {
  web: { label: 'Website Monitoring', list: '/services/web-monitoring', detail: (id) => `/web_monitorings/${enc(id)}` },
  api: { label: 'API Monitoring', list: '/services/api-monitoring', detail: (id) => `/api_monitorings/${enc(id)}` },
  port: { label: 'Port Monitoring', list: '/services/port-monitoring', detail: (id) => `/port_monitorings/${enc(id)}` },
  ping: { label: 'Ping Monitoring', list: '/services/ping-monitoring', detail: (id) => `/ping_monitorings/${enc(id)}` },
  dns: { label: 'DNS Monitoring', list: '/services/dns-monitoring', detail: (id) => `/dns_monitorings/${enc(id)}` },
  ssl: {
    label: 'SSL Monitoring',
    list: '/services/ssl-monitoring',
    detail: (id) => `/ssl_monitoring/details?id=${enc(id)}`,
  },
  domain: {
    label: 'Domain Monitoring',
    list: '/services/domain-monitoring',
    detail: (id) => `/domain_monitoring/details?id=${enc(id)}`,
  },
  blacklist: {
    label: 'Check Black List',
    list: '/services/check_black_list',
    detail: (id) => `/services/check_black_list?id=${enc(id)}`,
  },
}
