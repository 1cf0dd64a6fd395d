// Spec section 2: web, api and port open their detail pages; 'any other type' opens /api_monitorings/{id}.
// Types with a detail route of their own (section 2's detail routes) open that instead.
const enc = encodeURIComponent

const DETAIL_ROUTES: Record<string, (id: string) => string> = {
  web: (id) => `/web_monitorings/${enc(id)}`,
  api: (id) => `/api_monitorings/${enc(id)}`,
  port: (id) => `/port_monitorings/${enc(id)}`,
  ping: (id) => `/ping_monitorings/${enc(id)}`,
  dns: (id) => `/dns_monitorings/${enc(id)}`,
  aws: (id) => `/aws_monitorings/${enc(id)}`,
  ssl: (id) => `/ssl_monitoring/details?id=${enc(id)}`,
  domain: (id) => `/domain_monitoring/details?id=${enc(id)}`,
}
const OTHER = (id: string) => `/api_monitorings/${enc(id)}`

/** Where a click on a notification leads; null for one without a target (an account message). */
export const notificationTarget = (type: string, targetId: string | null): string | null =>
  targetId ? (DETAIL_ROUTES[type] ?? OTHER)(targetId) : null
