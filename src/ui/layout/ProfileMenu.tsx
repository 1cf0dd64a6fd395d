import { useSelector } from '../app/actor-hooks.ts'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router'
import { css } from '../../../styled-system/css'
import { onStoredUserChange, storedImage, storedName } from '../../adapters/storage.ts'
import { LOGOUT_QUESTION } from '../../machines/logout.machine.ts'
import { KeyRoundIcon, LogOutIcon, UserIcon } from '../components/icons.tsx'
import * as Menu from '../components/menu.tsx'
import { useShell } from './shell-context.tsx'

const ConfirmDialog = lazy(() => import('../components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })))

/** The profile menu: Profile, Change Password, Logout (with its confirmation). */
export function ProfileMenu() {
  const { changePassword, logout } = useShell()
  const navigate = useNavigate()
  const confirming = useSelector(logout, (s) => s.matches('confirming') || s.matches('loggingOut'))
  const loggingOut = useSelector(logout, (s) => s.matches('loggingOut'))
  const name = useSyncExternalStore(onStoredUserChange, storedName) ?? ''
  const image = useSyncExternalStore(onStoredUserChange, storedImage)

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'profile') navigate('/profile')
          if (value === 'change-password') changePassword.send({ type: 'password.open' })
          if (value === 'logout') logout.send({ type: 'logout.request' })
        }}
      >
        <Menu.Trigger
          data-account-menu-trigger=""
          aria-label={`Account menu for ${name}`}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            color: 'white',
            px: '2',
            h: '10',
            rounded: 'full',
            _hover: { bg: 'navy.700' },
            _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
          })}
        >
          {image ? (
            <img src={image} alt="" className={css({ w: '8', h: '8', rounded: 'full', objectFit: 'cover' })} />
          ) : (
            // The initial is drawn by CSS, so the button's visible text is only the name its label starts with.
            <span
              aria-hidden="true"
              data-initial={name.charAt(0).toUpperCase()}
              className={css({
                w: '8',
                h: '8',
                rounded: 'full',
                bg: 'white',
                color: 'primary',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 'bold',
                _before: { content: 'attr(data-initial)' },
              })}
            />
          )}
          <span className={css({ display: { base: 'none', md: 'inline' }, fontSize: 'sm' })}>{name}</span>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">
              <UserIcon size={16} aria-hidden="true" /> Profile
            </Menu.Item>
            <Menu.Item value="change-password">
              <KeyRoundIcon size={16} aria-hidden="true" /> Change Password
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout">
              <LogOutIcon size={16} aria-hidden="true" /> Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <Suspense fallback={null}>
        {confirming && (
          <ConfirmDialog
            open={confirming}
            loading={loggingOut}
            title={LOGOUT_QUESTION}
            description="You will need to sign in again to see your monitors."
            confirmText="Yes"
            cancelText="No"
            onConfirm={() => logout.send({ type: 'logout.confirm' })}
            onCancel={() => logout.send({ type: 'logout.cancel' })}
          />
        )}
      </Suspense>
    </>
  )
}
