import {
  Activity,
  Bell,
  CircleUser,
  Cloud,
  CloudCog,
  Earth,
  Globe,
  LayoutGrid,
  Lock,
  type LucideIcon,
  type LucideProps,
  Network,
  Plug,
  ShieldBan,
  ShieldCheck,
  Siren,
  Webhook,
  Wrench,
} from 'lucide-react'

// Icons the shell needs, re-exported with an Icon suffix (the kit already has a `Menu` component). Lucide icons are
// aria-hidden unless given an aria-label or title, so put the label on the button around them.
export {
  Bell as BellIcon,
  ChevronDown as ChevronDownIcon,
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  KeyRound as KeyRoundIcon,
  LogOut as LogOutIcon,
  type LucideIcon,
  type LucideProps,
  Menu as MenuIcon,
  User as UserIcon,
  X as XIcon,
} from 'lucide-react'

/** The padlock of locked features; a binding of this module, so it loads with the kit's icons, not in a chunk of its own. */
export const LockIcon = Lock

const types: Record<string, { icon: LucideIcon; name: string }> = {
  web: { icon: Globe, name: 'web' },
  api: { icon: Webhook, name: 'API' },
  port: { icon: Plug, name: 'port' },
  domain: { icon: Earth, name: 'domain' },
  ssl: { icon: ShieldCheck, name: 'SSL' },
  dns: { icon: Network, name: 'DNS' },
  blacklist: { icon: ShieldBan, name: 'blacklist' },
  aws: { icon: Cloud, name: 'AWS' },
  azure: { icon: CloudCog, name: 'Azure' },
  microsoft365: { icon: LayoutGrid, name: 'Microsoft 365' },
  incident: { icon: Siren, name: 'incident' },
  maintenance: { icon: Wrench, name: 'maintenance' },
  ping: { icon: Activity, name: 'ping' },
  account: { icon: CircleUser, name: 'account' },
}

const known = (type: string) => (Object.hasOwn(types, type) ? types[type] : undefined)

/** The accessible label of a notification type's icon, e.g. 'web notification'; 'notification' for unknown types. */
export const notificationTypeLabel = (type: string): string => {
  const entry = known(type)
  return entry ? `${entry.name} notification` : 'notification'
}

export interface NotificationTypeIconProps extends Omit<LucideProps, 'ref'> {
  type: string
}

/** One distinct icon per notification type (a bell for unknown ones), exposed as an image with an accessible label. */
export function NotificationTypeIcon({ type, size = 18, ...props }: NotificationTypeIconProps) {
  const Icon = known(type)?.icon ?? Bell
  return <Icon role="img" aria-label={notificationTypeLabel(type)} data-type={type} size={size} {...props} />
}
