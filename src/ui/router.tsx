import { createBrowserRouter, type RouteObject } from 'react-router'
import { APP_ROUTES, type AppPath, type AppShell } from '@vigil/domain/app-routes'
import { MONITOR_TYPE_PAGES, type MonitorType, type TypeRoute } from '@vigil/domain/monitor-types/pages'
import { ErrorPage, notFoundLoader } from './pages/ErrorPage.tsx'
import { LoadingScreen } from './pages/LoadingScreen.tsx'

// Every route of the app (domain/app-routes.ts). Pages load on demand: a page's first load ships only what it needs.
type Page = Pick<RouteObject, 'lazy'>

const page = (load: () => Promise<{ Component: React.ComponentType }>): Page => ({
  lazy: load,
})

const monitorList = (type: MonitorType) =>
  page(async () => {
    const { MonitorListPage } = await import('./pages/monitors/MonitorListPage.tsx')
    return { Component: () => <MonitorListPage type={type} /> }
  })

const monitorDetail = (type: MonitorType) =>
  page(async () => {
    const { MonitorDetailPage } = await import('./pages/monitors/MonitorDetailPage.tsx')
    return { Component: () => <MonitorDetailPage type={type} /> }
  })

/**
 * Each monitor type's list and monitor page at the type's routes (monitor-types/pages.ts); where a type's monitor page
 * is its list's address with ?id=, the monitor page reads the query. The table below gives some lists a page of their
 * own.
 */
const TYPE_PAGES = Object.fromEntries(
  (Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]).flatMap((type) => [
    [MONITOR_TYPE_PAGES[type].list, monitorList(type)],
    [MONITOR_TYPE_PAGES[type].route, monitorDetail(type)],
  ]),
) as Record<TypeRoute, Page>

const checkBlackList = page(async () => ({
  Component: (await import('./pages/monitors/CheckBlackListPage.tsx')).CheckBlackListPage,
}))

const dashboard = page(async () => ({ Component: (await import('./pages/DashboardPage.tsx')).DashboardPage }))

const awsPage = (p: 'billing-summary' | 'ec2' | 'rds' | 'amplify' | 'lightsail' | 'services') =>
  page(async () => ({ Component: (await import('./pages/aws/AwsPages.tsx')).AWS_PAGE_COMPONENTS[p] }))

const azurePage = (p: 'services' | 'service' | 'billing_summary' | 'subscription_details') =>
  page(async () => ({ Component: (await import('./pages/azure/AzurePages.tsx')).AZURE_PAGE_COMPONENTS[p] }))

/**
 * The page drawn at each of the app's addresses. The addresses are the domain's table (APP_ROUTES), which the
 * server answers 200 for: a page added here needs its address there, and an address there needs its page here.
 */
const PAGES = {
  '/': page(async () => ({ Component: (await import('./pages/LandingPage.tsx')).LandingPage })),
  '/login': page(async () => ({ Component: (await import('./pages/auth/LoginPage.tsx')).LoginPage })),
  '/register': page(async () => ({ Component: (await import('./pages/auth/RegisterPage.tsx')).RegisterPage })),
  '/confirm-email': page(async () => ({
    Component: (await import('./pages/auth/ConfirmEmailPage.tsx')).ConfirmEmailPage,
  })),
  '/forgot-password': page(async () => ({
    Component: (await import('./pages/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage,
  })),

  '/dashboard': dashboard,
  '/about': dashboard,
  '/subscriptions': page(async () => ({
    Component: (await import('./pages/billing/SubscriptionsPage.tsx')).SubscriptionsPage,
  })),
  '/upgrade_to_pro': page(async () => ({ Component: (await import('./pages/billing/UpgradePage.tsx')).UpgradePage })),
  '/profile': page(async () => ({ Component: (await import('./pages/profile/ProfilePage.tsx')).ProfilePage })),
  '/notifications': page(async () => ({
    Component: (await import('./pages/NotificationsPage.tsx')).NotificationsPage,
  })),
  '/status_page': page(async () => ({
    Component: (await import('./pages/status-pages/StatusPagesPage.tsx')).StatusPagesPage,
  })),
  ...TYPE_PAGES,
  // The lists that are a page of their own, which holds the type's list (and, with ?id=, a monitor's page).
  '/services/check_black_list': checkBlackList,
  '/services/aws_monitoring': page(async () => ({
    Component: (await import('./pages/aws/AwsMonitoringPage.tsx')).AwsMonitoringPage,
  })),
  '/services/aws_monitoring/:iamUserId/billing-summary': awsPage('billing-summary'),
  '/services/aws_monitoring/:iamUserId/ec2': awsPage('ec2'),
  '/services/aws_monitoring/:iamUserId/rds': awsPage('rds'),
  '/services/aws_monitoring/:iamUserId/amplify': awsPage('amplify'),
  '/services/aws_monitoring/:iamUserId/lightsail': awsPage('lightsail'),
  '/services/aws_monitoring/:iamUserId/services': awsPage('services'),
  '/services/azure_monitoring': page(async () => ({
    Component: (await import('./pages/azure/AzureMonitoringPage.tsx')).AzureMonitoringPage,
  })),
  '/services/azure_monitoring/:azure_account_id/services': azurePage('services'),
  '/services/azure_monitoring/:azureAccountId/services/:service_name': azurePage('service'),
  '/services/azure_monitoring/:azure_account_id/billing_summary': azurePage('billing_summary'),
  '/services/azure_monitoring/:azure_account_id/subscription_details': azurePage('subscription_details'),
  '/services/microsoft365/accounts': page(async () => ({
    Component: (await import('./pages/m365/M365AccountsPage.tsx')).M365AccountsPage,
  })),
  '/services/microsoft365/accounts/:tenantId': page(async () => ({
    Component: (await import('./pages/m365/M365TenantPage.tsx')).M365TenantPage,
  })),
  '/incidents': page(async () => ({ Component: (await import('./pages/incidents/IncidentsPage.tsx')).IncidentsPage })),
  '/incidents/:incidentId': page(async () => ({
    Component: (await import('./pages/incidents/IncidentPage.tsx')).IncidentPage,
  })),
  '/reporting': page(async () => ({ Component: (await import('./pages/reporting/ReportingPage.tsx')).ReportingPage })),
  '/support': page(async () => ({ Component: (await import('./pages/support/SupportPage.tsx')).SupportPage })),
  '/support/tickets/:ticketId': page(async () => ({
    Component: (await import('./pages/support/TicketPage.tsx')).TicketPage,
  })),
  '/settings/security': page(async () => ({
    Component: (await import('./pages/security/SecurityPage.tsx')).SecurityPage,
  })),

  '/integrations': page(async () => ({
    Component: (await import('./pages/integrations/IntegrationsPage.tsx')).IntegrationsPage,
  })),
  '/slack-connected': page(async () => ({
    Component: (await import('./pages/integrations/SlackConnectedPage.tsx')).SlackConnectedPage,
  })),
} satisfies Record<AppPath, Page>

/** The table's pages that `shell` holds, each at its address. */
const pagesOf = (shell: AppShell): RouteObject[] =>
  APP_ROUTES.filter((route) => route.shell === shell).map((route) => ({ path: route.path, ...PAGES[route.path] }))

const layout = page(async () => ({ Component: (await import('./layout/AppLayout.tsx')).AppLayout }))

/**
 * Pages of development builds only, outside the domain's table (the server never answers them): the running actors
 * of the app's tabs. The production build has none (`import.meta.env.DEV` is false there).
 */
export const developmentPages: RouteObject[] = import.meta.env.DEV
  ? [
      {
        path: '/dev/machines',
        ...page(async () => ({ Component: (await import('./dev/MachinesPage.tsx')).MachinesPage })),
      },
    ]
  : []

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    HydrateFallback: LoadingScreen,
    children: [
      // /status/{status_id}, the public status page, is the server's own HTML (src/server/status): not a route here.
      ...pagesOf('public'),
      {
        ...page(async () => ({ Component: (await import('./routes/RequireSession.tsx')).RequireSession })),
        children: [{ ...layout, children: pagesOf('signed-in').map((r) => ({ ...r, errorElement: <ErrorPage /> })) }],
      },
      // Inside the layout without the session check.
      { ...layout, children: pagesOf('layout') },
      ...developmentPages,
      // Any other address: the app's 404 (the server answers it with status 404 too).
      { path: '*', loader: notFoundLoader },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
