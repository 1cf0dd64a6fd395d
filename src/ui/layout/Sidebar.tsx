import { Portal } from '@ark-ui/react/portal'
import { useSelector } from '../app/actor-hooks.ts'
import {
  Bell,
  ChartColumn,
  CreditCard,
  Gauge,
  LayoutDashboard,
  LayoutGrid,
  LifeBuoy,
  type LucideIcon,
  Puzzle,
  Settings,
  Shield,
} from 'lucide-react'
import { NavLink } from 'react-router'
import { css, cx } from '../../../styled-system/css'
import { isNavGroup, NAVIGATION, type NavLink as NavEntryLink } from '@vigil/domain/navigation'
import { entryLock, type PlanAccess } from '@vigil/domain/plan'
import * as Collapsible from '../components/collapsible.tsx'
import { ChevronDownIcon, LockIcon, typeIcon } from '../components/icons.tsx'
import * as Tooltip from '../components/tooltip.tsx'
import { useShell } from './shell-context.tsx'

// The icons of the entries that are not a monitor type's (a type's entry draws the type's own icon).
const ICONS: Record<string, LucideIcon> = {
  Dashboard: LayoutDashboard,
  'Status Page': Gauge,
  Integrations: Puzzle,
  Notifications: Bell,
  Reporting: ChartColumn,
  Support: LifeBuoy,
  Settings: Settings,
  Security: Shield,
  Billing: CreditCard,
}

const entryStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  h: '10',
  px: '3',
  mx: '2',
  rounded: 'md',
  color: 'gray.200',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textAlign: 'left',
  _hover: { bg: 'navy.700', color: 'white' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '-2px' },
  '&.active': { bg: 'white', color: 'primary', fontWeight: 'semibold' },
})
const lockedStyle = css({
  opacity: 0.5,
  cursor: 'not-allowed',
  w: 'calc(100% - 16px)',
  _hover: { bg: 'transparent', color: 'gray.200' },
})

function Entry({
  link,
  accesses,
  group,
  collapsed,
  onNavigate,
}: {
  link: NavEntryLink
  accesses: readonly PlanAccess[]
  group?: string
  collapsed: boolean
  onNavigate: () => void
}) {
  const Icon = link.type ? typeIcon(link.type) : (ICONS[link.label] ?? LayoutGrid)
  const lock = entryLock(accesses, link.label, group)
  const body = (
    <>
      <Icon size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
      <span className={cx(collapsed && css({ srOnly: true }))}>{link.label}</span>
      {lock.locked && !collapsed && <LockIcon size={14} aria-hidden="true" className={css({ ml: 'auto' })} />}
    </>
  )
  if (lock.locked)
    return (
      <Tooltip.Root positioning={{ placement: 'right' }}>
        <Tooltip.Trigger asChild>
          {/* Dimmed, not clickable, still focusable so keyboard users can read why (spec section 4). */}
          <button type="button" aria-disabled="true" className={cx(entryStyle, lockedStyle)} data-locked="">
            {body}
          </button>
        </Tooltip.Trigger>
        {/* In a portal: the sidebar scrolls and clips what overflows it. */}
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{lock.tooltip}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    )
  return (
    <NavLink to={link.path} className={entryStyle} onClick={onNavigate} title={collapsed ? link.label : undefined}>
      {body}
    </NavLink>
  )
}

export function Sidebar() {
  const { sidebar, subscription } = useShell()
  const accesses = useSelector(subscription, (s) => s.context.subscription?.plan.planAccesses ?? [])
  const openGroup = useSelector(sidebar, (s) => s.context.openGroup)
  const mobile = useSelector(sidebar, (s) => s.matches('mobile'))
  const mobileOpen = useSelector(sidebar, (s) => s.matches({ mobile: 'open' }))
  const collapsed = useSelector(sidebar, (s) => s.matches({ desktop: 'collapsed' }))
  const onNavigate = () => sidebar.send({ type: 'sidebar.navigate' })

  if (mobile && !mobileOpen) return null
  return (
    <>
      {mobile && (
        <button
          type="button"
          aria-label="Close menu"
          data-testid="sidebar-overlay"
          onClick={() => sidebar.send({ type: 'sidebar.dismiss' })}
          className={css({ position: 'fixed', inset: '0', top: 'topbar', bg: 'rgba(10, 22, 48, 0.45)', zIndex: '30' })}
        />
      )}
      <nav
        aria-label="Main"
        id="main-navigation"
        data-state={collapsed ? 'collapsed' : 'expanded'}
        className={css({
          position: 'fixed',
          top: 'topbar',
          bottom: '0',
          left: '0',
          zIndex: '40',
          w: collapsed ? 'sidebarCollapsed' : 'sidebar',
          bg: 'primary',
          overflowY: 'auto',
          overflowX: 'hidden',
          py: '3',
          transition: 'width 0.2s',
        })}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && mobile) sidebar.send({ type: 'sidebar.dismiss' })
        }}
      >
        <ul className={css({ display: 'grid', gap: '1' })}>
          {NAVIGATION.map((entry) =>
            isNavGroup(entry) ? (
              <li key={entry.label}>
                <Collapsible.Root
                  open={openGroup === entry.label}
                  onOpenChange={() => sidebar.send({ type: 'sidebar.group.toggle', label: entry.label })}
                >
                  <Collapsible.Trigger className={cx(entryStyle, css({ w: 'calc(100% - 16px)' }))}>
                    <Settings size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
                    <span className={cx(collapsed && css({ srOnly: true }))}>{entry.label}</span>
                    {!collapsed && (
                      <Collapsible.Indicator className={css({ ml: 'auto' })}>
                        <ChevronDownIcon size={16} aria-hidden="true" />
                      </Collapsible.Indicator>
                    )}
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <ul className={css({ display: 'grid', gap: '1', pl: collapsed ? '0' : '4', mt: '1' })}>
                      {entry.children.map((child) => (
                        <li key={child.label}>
                          <Entry
                            link={child}
                            group={entry.label}
                            accesses={accesses}
                            collapsed={collapsed}
                            onNavigate={onNavigate}
                          />
                        </li>
                      ))}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
            ) : (
              <li key={entry.label}>
                <Entry link={entry} accesses={accesses} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  )
}
