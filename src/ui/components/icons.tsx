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
import { MONITOR_TYPE_PAGES, type MonitorType, type TypeIconName } from '@vigil/domain/monitor-types/pages'
import { type NotificationType, notificationWords } from '@vigil/domain/notification'

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

/**
 * The monitor types' icons, each drawn under the name the type's definition gives it (`icon` in
 * domain/monitor-types/pages.ts): one set, for the sidebar, the type's pages and the bell. A name with no drawing here
 * does not compile.
 */
export const TYPE_ICONS: { readonly [N in TypeIconName]: LucideIcon } = {
  Activity,
  Cloud,
  CloudCog,
  Earth,
  Globe,
  LayoutGrid,
  Network,
  Plug,
  ShieldBan,
  ShieldCheck,
  Webhook,
}

/** The icon of a monitor type. */
export const typeIcon = (type: MonitorType): LucideIcon => TYPE_ICONS[MONITOR_TYPE_PAGES[type].icon]

/** The icons of the notifications that are not about a monitor (one about a monitor has its type's). */
const OTHER_ICONS: { readonly [K in Exclude<NotificationType, MonitorType>]: LucideIcon } = {
  incident: Siren,
  maintenance: Wrench,
  account: CircleUser,
}

const iconOf = (type: string): LucideIcon | undefined =>
  Object.hasOwn(MONITOR_TYPE_PAGES, type)
    ? typeIcon(type as MonitorType)
    : Object.hasOwn(OTHER_ICONS, type)
      ? OTHER_ICONS[type as keyof typeof OTHER_ICONS]
      : undefined

/** The accessible label of a notification type's icon, e.g. 'web notification'; 'notification' for unknown types. */
export const notificationTypeLabel = (type: string): string => {
  const words = notificationWords(type)
  return words ? `${words.name} notification` : 'notification'
}

export interface NotificationTypeIconProps extends Omit<LucideProps, 'ref'> {
  type: string
}

/** One distinct icon per notification type (a bell for unknown ones), exposed as an image with an accessible label. */
export function NotificationTypeIcon({ type, size = 18, ...props }: NotificationTypeIconProps) {
  const Icon = iconOf(type) ?? Bell
  return <Icon role="img" aria-label={notificationTypeLabel(type)} data-type={type} size={size} {...props} />
}
