import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { css } from '../../../styled-system/css'
import { hasSignupFlag } from '../../domain/plan-dialog.ts'
import { LoadingScreen } from '../pages/LoadingScreen.tsx'
import { Sidebar } from './Sidebar.tsx'
import { ShellProvider, useShell } from './shell-context.tsx'
import { TopBar } from './TopBar.tsx'

// The dialogs load when first needed, which keeps them out of the first load of every page.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
)
const PlanWelcomeDialog = lazy(() => import('./PlanWelcomeDialog.tsx').then((m) => ({ default: m.PlanWelcomeDialog })))

/** Top bar, collapsible sidebar and the content area (spec section 2). */
export function AppLayout() {
  return (
    <ShellProvider>
      <Shell />
    </ShellProvider>
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
      <TopBar />
      <Sidebar />
      <main
        id="content"
        className={css({ pt: 'topbar', transition: 'padding-left 0.2s' })}
        style={{ paddingLeft: mobile ? 0 : collapsed ? 64 : 240 }}
      >
        <div className={css({ p: { base: '4', md: '6' }, maxW: '7xl' })}>
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
