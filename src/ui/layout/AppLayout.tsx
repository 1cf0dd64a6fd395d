import { useSelector } from '../app/actor-hooks.ts'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { Outlet, useLocation } from 'react-router'
import { css } from '../../../styled-system/css'
import { onAccountStatusChange, unconfirmedEmail } from '../../adapters/account-status.ts'
import { hasSignupFlag } from '@vigil/domain/plan-dialog'
import { LoadingScreen } from '../pages/LoadingScreen.tsx'
import { Sidebar } from './Sidebar.tsx'
import { ShellProvider, useShell } from './shell-context.tsx'
import { TopBar } from './TopBar.tsx'

// The dialogs load when first needed, which keeps them out of the first load of every page.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
)
const PlanWelcomeDialog = lazy(() => import('./PlanWelcomeDialog.tsx').then((m) => ({ default: m.PlanWelcomeDialog })))
// Only an account that has not confirmed its address loads the banner (and the profile's calls it uses).
const ConfirmEmailBanner = lazy(() =>
  import('./ConfirmEmailBanner.tsx').then((m) => ({ default: m.ConfirmEmailBanner })),
)

/** Top bar, collapsible sidebar and the content area. */
export function AppLayout() {
  return (
    <ShellProvider>
      <Shell />
    </ShellProvider>
  )
}

const skipLinkStyle = css({
  position: 'fixed',
  top: '2',
  left: '2',
  zIndex: 'tooltip',
  px: '4',
  py: '2',
  rounded: 'md',
  bg: 'surface',
  color: 'primary',
  fontWeight: 'semibold',
  shadow: 'md',
  outline: '2px solid',
  outlineColor: 'navy.500',
  // Out of sight until focused: the first Tab of the page shows it.
  transform: 'translateY(-200%)',
  _focus: { transform: 'none' },
})

/** The first stop of the keyboard: past the top bar and the navigation, into the page (focus moves to `main`). */
function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #content; the click moves focus there without a new history entry
    <a
      href="#content"
      className={skipLinkStyle}
      onClick={(e) => {
        e.preventDefault()
        document.getElementById('content')?.focus()
      }}
    >
      Skip to content
    </a>
  )
}

function Shell() {
  const { sidebar, notifications, changePassword } = useShell()
  const passwordDialogWanted = useSelector(changePassword, (s) => !s.matches('closed'))
  const [passwordDialogLoaded, setPasswordDialogLoaded] = useState(false)
  if (passwordDialogWanted && !passwordDialogLoaded) setPasswordDialogLoaded(true)
  const [signupRedirect] = useState(() => hasSignupFlag(window.location.search))
  const location = useLocation()
  const mobile = useSelector(sidebar, (s) => s.matches('mobile'))
  const collapsed = useSelector(sidebar, (s) => s.matches({ desktop: 'collapsed' }))
  const unconfirmed = useSyncExternalStore(onAccountStatusChange, unconfirmedEmail)

  useEffect(() => {
    const onResize = () => sidebar.send({ type: 'sidebar.resize', width: window.innerWidth })
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [sidebar])
  // Any navigation closes the mobile menu; the bell's list is fetched again on each page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => {
    sidebar.send({ type: 'sidebar.navigate' })
  }, [location.pathname, sidebar])
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => {
    if (notifications.getSnapshot().matches('ready')) notifications.send({ type: 'notifications.refresh' })
  }, [location.pathname, notifications])

  return (
    <div className={css({ minH: '100vh', bg: 'canvas' })}>
      <SkipLink />
      <TopBar />
      <Sidebar />
      <main
        id="content"
        // Focusable from the skip link (not by Tab): the next Tab goes on into the page.
        tabIndex={-1}
        className={css({ pt: 'topbar', transition: 'padding-left 0.2s', _focus: { outline: 'none' } })}
        style={{ paddingLeft: mobile ? 0 : collapsed ? 64 : 240 }}
      >
        <div className={css({ p: { base: '4', md: '6' }, maxW: '7xl' })}>
          {unconfirmed && (
            <Suspense fallback={null}>
              <ConfirmEmailBanner email={unconfirmed} />
            </Suspense>
          )}
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Suspense fallback={null}>
        {passwordDialogLoaded && <ChangePasswordDialog />}
        {signupRedirect && <PlanWelcomeDialog />}
      </Suspense>
    </div>
  )
}
