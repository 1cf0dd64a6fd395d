// The side navigation of spec section 2, in order. Plan accesses name these labels.
export interface NavLink {
  readonly label: string
  readonly path: string
}
export interface NavGroup {
  readonly label: string
  readonly children: readonly NavLink[]
}
export type NavEntry = NavLink | NavGroup

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry

// 'Microsoft 365' has the spec's literal path '{token}': the account route is built per tenant.
export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Website Monitoring', path: '/services/web-monitoring' },
  { label: 'API Monitoring', path: '/services/api-monitoring' },
  { label: 'DNS Monitoring', path: '/services/dns-monitoring' },
  { label: 'SSL Monitoring', path: '/services/ssl-monitoring' },
  { label: 'Domain Monitoring', path: '/services/domain-monitoring' },
  { label: 'Port Monitoring', path: '/services/port-monitoring' },
  { label: 'Ping Monitoring', path: '/services/ping-monitoring' },
  { label: 'Check Black List', path: '/services/check_black_list' },
  { label: 'AWS Monitoring', path: '/services/aws_monitoring' },
  { label: 'Azure Monitoring', path: '/services/azure_monitoring' },
  { label: 'Microsoft 365', path: '{token}' },
  { label: 'Status Page', path: '/status_page' },
  { label: 'Integrations', path: '/integrations' },
  { label: 'Notifications', path: '/notifications' },
  { label: 'Reporting', path: '/reporting' },
  { label: 'Support', path: '/support' },
  {
    label: 'Settings',
    children: [
      { label: 'Security', path: '/settings/security' },
      { label: 'Billing', path: '/subscriptions' },
    ],
  },
]

/** Every label a plan access can name: each entry, each group and each of its sub-items. */
export const NAVIGATION_LABELS: readonly string[] = NAVIGATION.flatMap((entry) =>
  isNavGroup(entry) ? [entry.label, ...entry.children.map((c) => c.label)] : [entry.label],
)

export type Feature = (typeof NAVIGATION_LABELS)[number]

/** The label of the group an entry sits in ('Settings' for Security and Billing), if any. */
export const groupOf = (label: string): string | undefined =>
  NAVIGATION.find((e) => isNavGroup(e) && e.children.some((c) => c.label === label))?.label
