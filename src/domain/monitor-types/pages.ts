import { detailRoute, routeWithId } from './routes.ts'

// Where each monitor type lives in the app (spec section 2) and the plan feature that unlocks it: the light part of
// each type's definition, a registry of its own so that the app's first load (the bell opens a notification's
// monitor) does not carry every type's schemas. Each type's file takes its entry from here.

/** How notifications of a type are named: the label of their icon ("{name} notification") and their filter. */
export interface NotificationWords {
  readonly name: string
  readonly filter: string
}

export interface TypePages {
  /** The navigation label, the pages' title and the plan feature that unlocks the type. */
  readonly label: string
  /**
   * Its icon, by its name in Lucide's set: the one icon of the type wherever it is drawn (the sidebar, its pages, the
   * bell's notifications). The UI draws each name (`TYPE_ICONS`, ui/components/icons.tsx); the domain draws nothing.
   */
  readonly icon: string
  /**
   * How its notifications are named (a notification's type is its monitor's): in the label of the bell's icon ('API',
   * read "API notification") and in the notifications page's filter ('APIs').
   */
  readonly notifications: NotificationWords
  /** Its list page (an app route: domain/app-routes.ts takes it from here). */
  readonly list: string
  /**
   * Its detail page's route pattern (an app route too): the monitor's id is its `:parameter`, or the query's `?id=`
   * where it has none (for some types, their list page's own address).
   */
  readonly route: string
  /** The address of one monitor's detail page, on its route. */
  readonly detail: (id: string) => string
  /**
   * Where a notification about one of its monitors opens, when not its detail page (spec: types without a route
   * of their own open /api_monitorings).
   */
  readonly notificationRoute?: (id: string) => string
}

export const MONITOR_TYPE_PAGES = {
  web: {
    label: 'Website Monitoring',
    icon: 'Globe',
    notifications: { name: 'web', filter: 'Websites' },
    list: '/services/web-monitoring',
    ...detailRoute('/web_monitorings/:web_monitoring_id'),
  },
  api: {
    label: 'API Monitoring',
    icon: 'Webhook',
    notifications: { name: 'API', filter: 'APIs' },
    list: '/services/api-monitoring',
    ...detailRoute('/api_monitorings/:api_monitoring_id'),
  },
  port: {
    label: 'Port Monitoring',
    icon: 'Plug',
    notifications: { name: 'port', filter: 'Ports' },
    list: '/services/port-monitoring',
    ...detailRoute('/port_monitorings/:port_monitoring_id'),
  },
  ping: {
    label: 'Ping Monitoring',
    icon: 'Activity',
    notifications: { name: 'ping', filter: 'Ping' },
    list: '/services/ping-monitoring',
    ...detailRoute('/ping_monitorings/:ping_monitoring_id'),
  },
  dns: {
    label: 'DNS Monitoring',
    icon: 'Network',
    notifications: { name: 'DNS', filter: 'DNS' },
    list: '/services/dns-monitoring',
    ...detailRoute('/dns_monitorings/:dns_ssl_id'),
  },
  ssl: {
    label: 'SSL Monitoring',
    icon: 'ShieldCheck',
    notifications: { name: 'SSL', filter: 'SSL certificates' },
    list: '/services/ssl-monitoring',
    ...detailRoute('/ssl_monitoring/details'),
  },
  domain: {
    label: 'Domain Monitoring',
    icon: 'Earth',
    notifications: { name: 'domain', filter: 'Domains' },
    list: '/services/domain-monitoring',
    ...detailRoute('/domain_monitoring/details'),
  },
  // The spec has no detail route for blacklist monitors: their page is Check Black List with ?id=, and their
  // notifications open /api_monitorings/{id} as the spec says of other types (that page moves on).
  blacklist: {
    label: 'Check Black List',
    icon: 'ShieldBan',
    notifications: { name: 'blacklist', filter: 'Blacklists' },
    list: '/services/check_black_list',
    ...detailRoute('/services/check_black_list'),
    notificationRoute: routeWithId('/api_monitorings'),
  },
  // A resource of a connected AWS account held to a rule; its list is under the accounts' page.
  aws: {
    label: 'AWS Monitoring',
    icon: 'Cloud',
    notifications: { name: 'AWS', filter: 'AWS' },
    list: '/services/aws_monitoring',
    ...detailRoute('/aws_monitorings/:id'),
  },
  // A resource of a connected Azure account (its availability) or a subscription's cost budget. The spec has no
  // detail route for them: their page is Azure Monitoring with ?id=, and their notifications open /api_monitorings
  // as the spec says of other types (that page moves on).
  azure: {
    label: 'Azure Monitoring',
    icon: 'CloudCog',
    notifications: { name: 'Azure', filter: 'Azure' },
    list: '/services/azure_monitoring',
    ...detailRoute('/services/azure_monitoring'),
    notificationRoute: routeWithId('/api_monitorings'),
  },
  // A service of a connected Microsoft 365 tenant; its page is the tenants' page with ?id=, as Azure's.
  microsoft365: {
    label: 'Microsoft 365',
    icon: 'LayoutGrid',
    notifications: { name: 'Microsoft 365', filter: 'Microsoft 365' },
    list: '/services/microsoft365/accounts',
    ...detailRoute('/services/microsoft365/accounts'),
    notificationRoute: routeWithId('/api_monitorings'),
  },
} as const satisfies Record<string, TypePages>

export type MonitorType = keyof typeof MONITOR_TYPE_PAGES

/** The addresses of the types' pages, as app route patterns: each type's list and detail route. */
export type TypeRoute = (typeof MONITOR_TYPE_PAGES)[MonitorType]['list' | 'route']

/** The names of the types' icons, each drawn by the UI. */
export type TypeIconName = (typeof MONITOR_TYPE_PAGES)[MonitorType]['icon']
