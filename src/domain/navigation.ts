import { MONITOR_TYPE_PAGES, type MonitorType } from './monitor-types/pages.ts'

// The side navigation of spec section 2, in order. Plan accesses name these labels.
export interface NavLink {
  readonly label: string
  readonly path: string
  /** The monitor type whose list it opens: its label, path and icon are the type's own (monitor-types/pages.ts). */
  readonly type?: MonitorType
}
export interface NavGroup {
  readonly label: string
  readonly children: readonly NavLink[]
}
export type NavEntry = NavLink | NavGroup

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry

/**
 * The monitor types in the navigation's order (not the registry's): a type left out does not compile (the registry
 * test holds each is named once).
 */
const TYPE_ORDER = [
  'web',
  'api',
  'dns',
  'ssl',
  'domain',
  'port',
  'ping',
  'blacklist',
  'aws',
  'azure',
  'microsoft365',
] as const satisfies readonly MonitorType[]

/** The types a list leaves out, or `true` when it names them all. */
type Unplaced<L extends readonly MonitorType[]> = [Exclude<MonitorType, L[number]>] extends [never]
  ? true
  : Exclude<MonitorType, L[number]>
true satisfies Unplaced<typeof TYPE_ORDER>

/** The entry of a type: its label, opening its list (Microsoft 365's is the tenants' page, from which one is opened). */
const typeEntry = (type: MonitorType): NavLink => ({
  label: MONITOR_TYPE_PAGES[type].label,
  path: MONITOR_TYPE_PAGES[type].list,
  type,
})

/** The entries of the monitor types, in the navigation's order. */
export const TYPE_NAVIGATION: readonly NavLink[] = TYPE_ORDER.map(typeEntry)

export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard' },
  ...TYPE_NAVIGATION,
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
