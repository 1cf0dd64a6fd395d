import { useSelector } from '../app/actor-hooks.ts'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { storedName } from '../../adapters/storage.ts'
import { formatDateTime } from '@vigil/domain/date-format'
import { TYPE_NAVIGATION } from '@vigil/domain/navigation'
import { entryLock } from '@vigil/domain/plan'
import { useShell } from '../layout/shell-context.tsx'

// The page's own title and panels are styled here rather than by the kit's PageHeader and Card: those two recipes
// would add half a kilobyte to the first load (as page-styles.ts, a chunk of its own, would add its overhead). What
// loads after the page (DashboardMonitors, the list) uses the kit.
const pageTitle = css({ fontSize: '2xl', fontWeight: 'semibold', mb: '2' })
const card = css({ bg: 'surface', rounded: 'lg', shadow: 'sm', p: '6' })

// The monitors and incidents load just after the page, with the schemas that parse them.
const DashboardMonitors = lazy(() => import('./DashboardMonitors.tsx').then((m) => ({ default: m.DashboardMonitors })))
// The one list of every monitor (search, filters, heartbeat bars, bulk actions), the page's main part.
const DashboardList = lazy(() =>
  import('./monitors/list/DashboardList.tsx').then((m) => ({ default: m.DashboardList })),
)

export function DashboardPage() {
  const { subscription, notifications } = useShell()
  const sub = useSelector(subscription, (s) => s.context.subscription)
  const error = useSelector(subscription, (s) => s.context.error)
  const unread = useSelector(notifications, (s) => s.context.unread)
  const accesses = sub?.plan.planAccesses ?? []

  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <h1 className={pageTitle}>Welcome, {storedName()}</h1>
      <Suspense fallback={<p role="status">Loading...</p>}>
        <DashboardMonitors />
      </Suspense>
      <Suspense fallback={<p role="status">Loading...</p>}>
        <DashboardList />
      </Suspense>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
        <section className={card} aria-label="Plan">
          <h2 className={css({ fontWeight: 'semibold', mb: '1' })}>Plan</h2>
          {error && <p role="alert">{error}</p>}
          {sub && (
            <>
              <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
                {sub.title}
                {sub.is_free_trial ? ' (free trial)' : ''}
              </p>
              <p className={css({ color: 'muted', fontSize: 'sm' })}>
                {sub.validity_end_date ? `Valid until ${formatDateTime(sub.validity_end_date)}` : 'No end date'}
              </p>
              <p className={css({ color: 'muted', fontSize: 'sm' })}>
                Up to {sub.plan.limits.max_monitors} monitors, every {sub.plan.limits.min_interval_seconds} s
              </p>
            </>
          )}
        </section>
        <section className={card} aria-label="Notifications">
          <h2 className={css({ fontWeight: 'semibold', mb: '1' })}>Notifications</h2>
          <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{unread} unread</p>
          <Link to="/notifications" className={css({ color: 'primary', fontSize: 'sm', textDecoration: 'underline' })}>
            Show all notifications
          </Link>
        </section>
        <section className={card} aria-label="Status pages">
          <h2 className={css({ fontWeight: 'semibold', mb: '1' })}>Status pages</h2>
          <p className={css({ color: 'muted', fontSize: 'sm' })}>
            Up to {sub?.plan.limits.max_status_pages ?? '...'} public status pages on your plan.
          </p>
        </section>
      </div>
      <section className={card} aria-labelledby="areas">
        <h2 id="areas" className={css({ fontWeight: 'semibold', mb: '3' })}>
          What you can monitor
        </h2>
        <ul className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}>
          {TYPE_NAVIGATION.map((entry) => {
            const locked = entryLock(accesses, entry.label).locked
            return (
              <li key={entry.label} className={css({ display: 'flex', justifyContent: 'space-between' })}>
                <span>{entry.label}</span>
                <span className={css({ color: locked ? 'muted' : 'green.700', fontSize: 'sm' })}>
                  {locked ? 'Pro' : 'Included'}
                </span>
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
