import { useSelector } from '../app/actor-hooks.ts'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { css } from '../../../styled-system/css'
import { storedName } from '../../adapters/storage.ts'
import { MenuIcon } from '../components/icons.tsx'
import { NotificationBell } from './NotificationBell.tsx'
import { ProfileMenu } from './ProfileMenu.tsx'
import { useShell } from './shell-context.tsx'

/** The fixed 64 px top bar. A visitor with no stored name is sent to /login. */
export function TopBar() {
  const { sidebar } = useShell()
  const navigate = useNavigate()
  // Read once: after a logout the name is gone but the logout flow, not this rule, decides where to go.
  const [name] = useState(storedName)
  useEffect(() => {
    if (!name) navigate('/login', { replace: true })
  }, [name, navigate])
  const mobile = useSelector(sidebar, (s) => s.matches('mobile'))
  const expanded = useSelector(sidebar, (s) => s.matches({ desktop: 'expanded' }) || s.matches({ mobile: 'open' }))
  const label = mobile ? (expanded ? 'Close menu' : 'Open menu') : expanded ? 'Collapse sidebar' : 'Expand sidebar'

  return (
    <header
      className={css({
        position: 'fixed',
        top: '0',
        left: '0',
        right: '0',
        h: 'topbar',
        zIndex: '50',
        bg: 'primary',
        color: 'white',
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        px: '3',
        shadow: 'sm',
      })}
    >
      <button
        type="button"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls="main-navigation"
        onClick={() => sidebar.send({ type: 'sidebar.toggle' })}
        className={css({
          display: 'grid',
          placeItems: 'center',
          w: '10',
          h: '10',
          rounded: 'md',
          _hover: { bg: 'navy.700' },
          _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
        })}
      >
        <MenuIcon size={20} aria-hidden="true" />
      </button>
      <Link to="/dashboard" className={css({ fontWeight: 'bold', fontSize: 'lg', letterSpacing: 'tight' })}>
        Vigil
      </Link>
      <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '2' })}>
        {name && (
          <>
            <NotificationBell />
            <ProfileMenu />
          </>
        )}
      </div>
    </header>
  )
}
