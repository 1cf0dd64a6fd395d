import { createBrowserRouter, type RouteObject } from 'react-router'
import type { MonitorType } from '../domain/monitor.schema.ts'
import { ErrorPage, notFoundLoader } from './pages/ErrorPage.tsx'
import { LoadingScreen } from './pages/LoadingScreen.tsx'

// Every route of spec section 2. Pages load on demand, so the first load of a page ships only what it needs.
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
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

const checkBlackList = page(async () => ({
  Component: (await import('./pages/monitors/CheckBlackListPage.tsx')).CheckBlackListPage,
}))

const dashboard = page(async () => ({ Component: (await import('./pages/DashboardPage.tsx')).DashboardPage }))

const AWS_PAGES = ['billing-summary', 'ec2', 'rds', 'amplify', 'lightsail', 'services'] as const

const protectedRoutes: RouteObject[] = [
  { path: 'dashboard', ...dashboard },
  { path: 'about', ...dashboard },
  {
    path: 'subscriptions',
    ...page(async () => ({ Component: (await import('./pages/billing/SubscriptionsPage.tsx')).SubscriptionsPage })),
  },
  {
    path: 'upgrade_to_pro',
    ...page(async () => ({ Component: (await import('./pages/billing/UpgradePage.tsx')).UpgradePage })),
  },
  {
    path: 'profile',
    ...page(async () => ({ Component: (await import('./pages/profile/ProfilePage.tsx')).ProfilePage })),
  },
  {
    path: 'notifications',
    ...page(async () => ({ Component: (await import('./pages/NotificationsPage.tsx')).NotificationsPage })),
  },
  {
    path: 'status_page',
    ...page(async () => ({ Component: (await import('./pages/status-pages/StatusPagesPage.tsx')).StatusPagesPage })),
  },
  { path: 'services/web-monitoring', ...monitorList('web') },
  { path: 'services/api-monitoring', ...monitorList('api') },
  { path: 'services/dns-monitoring', ...monitorList('dns') },
  { path: 'services/ssl-monitoring', ...monitorList('ssl') },
  { path: 'services/domain-monitoring', ...monitorList('domain') },
  { path: 'services/port-monitoring', ...monitorList('port') },
  { path: 'services/ping-monitoring', ...monitorList('ping') },
  // With ?id= it is a blacklist monitor's page: the spec has no detail route for them.
  { path: 'services/check_black_list', ...checkBlackList },
  { path: 'api_monitorings/:api_monitoring_id', ...monitorDetail('api') },
  { path: 'port_monitorings/:port_monitoring_id', ...monitorDetail('port') },
  { path: 'ping_monitorings/:ping_monitoring_id', ...monitorDetail('ping') },
  { path: 'web_monitorings/:web_monitoring_id', ...monitorDetail('web') },
  { path: 'domain_monitoring/details', ...monitorDetail('domain') },
  { path: 'ssl_monitoring/details', ...monitorDetail('ssl') },
  { path: 'dns_monitorings/:dns_ssl_id', ...monitorDetail('dns') },
  { path: 'aws_monitorings/:id', ...monitorDetail('aws') },
  {
    path: 'services/aws_monitoring',
    ...page(async () => ({ Component: (await import('./pages/aws/AwsMonitoringPage.tsx')).AwsMonitoringPage })),
  },
  ...AWS_PAGES.map((p) => ({
    path: `services/aws_monitoring/:iamUserId/${p}`,
    ...page(async () => ({ Component: (await import('./pages/aws/AwsPages.tsx')).AWS_PAGE_COMPONENTS[p] })),
  })),
  {
    path: 'services/azure_monitoring',
    ...page(async () => ({ Component: (await import('./pages/azure/AzureMonitoringPage.tsx')).AzureMonitoringPage })),
  },
  // The spec names the account azure_account_id, and azureAccountId on a service's page.
  ...(
    [
      ['services/azure_monitoring/:azure_account_id/services', 'services'],
      ['services/azure_monitoring/:azureAccountId/services/:service_name', 'service'],
      ['services/azure_monitoring/:azure_account_id/billing_summary', 'billing_summary'],
      ['services/azure_monitoring/:azure_account_id/subscription_details', 'subscription_details'],
    ] as const
  ).map(([path, p]) => ({
    path,
    ...page(async () => ({ Component: (await import('./pages/azure/AzurePages.tsx')).AZURE_PAGE_COMPONENTS[p] })),
  })),
  {
    path: 'services/microsoft365/accounts',
    ...page(async () => ({ Component: (await import('./pages/m365/M365AccountsPage.tsx')).M365AccountsPage })),
  },
  {
    path: 'services/microsoft365/accounts/:tenantId',
    ...page(async () => ({ Component: (await import('./pages/m365/M365TenantPage.tsx')).M365TenantPage })),
  },
  {
    path: 'incidents',
    ...page(async () => ({ Component: (await import('./pages/incidents/IncidentsPage.tsx')).IncidentsPage })),
  },
  {
    path: 'incidents/:incidentId',
    ...page(async () => ({ Component: (await import('./pages/incidents/IncidentPage.tsx')).IncidentPage })),
  },
  {
    path: 'reporting',
    ...page(async () => ({ Component: (await import('./pages/reporting/ReportingPage.tsx')).ReportingPage })),
  },
  {
    path: 'support',
    ...page(async () => ({ Component: (await import('./pages/support/SupportPage.tsx')).SupportPage })),
  },
  {
    path: 'support/tickets/:ticketId',
    ...page(async () => ({ Component: (await import('./pages/support/TicketPage.tsx')).TicketPage })),
  },
  {
    path: 'settings/security',
    ...page(async () => ({ Component: (await import('./pages/security/SecurityPage.tsx')).SecurityPage })),
  },
]

const layout = page(async () => ({ Component: (await import('./layout/AppLayout.tsx')).AppLayout }))

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    HydrateFallback: LoadingScreen,
    children: [
      { path: '/', ...page(async () => ({ Component: (await import('./pages/LandingPage.tsx')).LandingPage })) },
      // /status/{status_id}, the public status page, is the server's own HTML (src/server/status): not a route here.
      { path: '/login', ...page(async () => ({ Component: (await import('./pages/auth/LoginPage.tsx')).LoginPage })) },
      {
        path: '/register',
        ...page(async () => ({ Component: (await import('./pages/auth/RegisterPage.tsx')).RegisterPage })),
      },
      {
        path: '/confirm-email',
        ...page(async () => ({ Component: (await import('./pages/auth/ConfirmEmailPage.tsx')).ConfirmEmailPage })),
      },
      {
        path: '/forgot-password',
        ...page(async () => ({
          Component: (await import('./pages/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage,
        })),
      },
      {
        ...page(async () => ({ Component: (await import('./routes/RequireSession.tsx')).RequireSession })),
        children: [{ ...layout, children: protectedRoutes.map((r) => ({ ...r, errorElement: <ErrorPage /> })) }],
      },
      // Inside the layout without the session check (spec section 2).
      {
        ...layout,
        children: [
          {
            path: 'integrations',
            ...page(async () => ({
              Component: (await import('./pages/integrations/IntegrationsPage.tsx')).IntegrationsPage,
            })),
          },
          {
            path: 'slack-connected',
            ...page(async () => ({
              Component: (await import('./pages/integrations/SlackConnectedPage.tsx')).SlackConnectedPage,
            })),
          },
        ],
      },
      { path: '*', loader: notFoundLoader },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
