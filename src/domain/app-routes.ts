import { MONITOR_TYPE_PAGES, type TypeRoute } from './monitor-types/pages.ts'

// The app's own pages, in one table (each monitor type's list and detail pages from the type registry): the browser's
// router draws a page for each (src/ui/router.tsx is built from it), and the server answers the app's HTML with 200
// only at these addresses. Any other address is a 404 with the same HTML, which shows the app's 404 page: a scanner
// asking for /.env or /metrics is told there is nothing there. (/status/{slug}, /api and /assets are the server's own.)

/**
 * Who sees a page: anyone (`public`), a signed-in user inside the app's layout (`signed-in`), or anyone inside the
 * layout (`layout`: integrations and Slack's return, which the spec leaves open).
 */
export type AppShell = 'public' | 'signed-in' | 'layout'

export interface AppRoute {
  /** A React Router path pattern: literal segments and `:param` segments, nothing optional, no splat. */
  readonly path: string
  readonly shell: AppShell
}

/** The pages that are not a monitor type's list or detail page. */
const OWN_ROUTES = [
  { path: '/', shell: 'public' },
  { path: '/login', shell: 'public' },
  { path: '/register', shell: 'public' },
  { path: '/confirm-email', shell: 'public' },
  { path: '/forgot-password', shell: 'public' },

  { path: '/dashboard', shell: 'signed-in' },
  { path: '/about', shell: 'signed-in' },
  { path: '/subscriptions', shell: 'signed-in' },
  { path: '/upgrade_to_pro', shell: 'signed-in' },
  { path: '/profile', shell: 'signed-in' },
  { path: '/notifications', shell: 'signed-in' },
  { path: '/status_page', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/billing-summary', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/ec2', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/rds', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/amplify', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/lightsail', shell: 'signed-in' },
  { path: '/services/aws_monitoring/:iamUserId/services', shell: 'signed-in' },
  // The spec names the account azure_account_id, and azureAccountId on a service's page.
  { path: '/services/azure_monitoring/:azure_account_id/services', shell: 'signed-in' },
  { path: '/services/azure_monitoring/:azureAccountId/services/:service_name', shell: 'signed-in' },
  { path: '/services/azure_monitoring/:azure_account_id/billing_summary', shell: 'signed-in' },
  { path: '/services/azure_monitoring/:azure_account_id/subscription_details', shell: 'signed-in' },
  { path: '/services/microsoft365/accounts/:tenantId', shell: 'signed-in' },
  { path: '/incidents', shell: 'signed-in' },
  { path: '/incidents/:incidentId', shell: 'signed-in' },
  { path: '/reporting', shell: 'signed-in' },
  { path: '/support', shell: 'signed-in' },
  { path: '/support/tickets/:ticketId', shell: 'signed-in' },
  { path: '/settings/security', shell: 'signed-in' },

  { path: '/integrations', shell: 'layout' },
  { path: '/slack-connected', shell: 'layout' },
] as const satisfies readonly AppRoute[]

/**
 * Each monitor type's list and detail pages, at the routes its definition gives (monitor-types/pages.ts), once each
 * (a type whose monitor's page is its list with ?id= has one).
 */
const TYPE_ROUTES = [
  ...new Set(Object.values(MONITOR_TYPE_PAGES).flatMap((pages): TypeRoute[] => [pages.list, pages.route])),
].map((path) => ({ path, shell: 'signed-in' as const }))

export type AppPath = (typeof OWN_ROUTES)[number]['path'] | TypeRoute

export const APP_ROUTES: readonly { readonly path: AppPath; readonly shell: AppShell }[] = [
  ...OWN_ROUTES,
  ...TYPE_ROUTES,
]

/**
 * A pattern as React Router matches it (its compilePath, for patterns without optional segments or splats): any
 * case, a `:param` is one segment that is not empty, trailing slashes are taken.
 */
const matcherOf = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:[\w-]+/g, '/[^\\/]+')}\\/*$`,
    'i',
  )

const MATCHERS = APP_ROUTES.map((route) => matcherOf(route.path))

/** Whether the router draws one of the app's pages at `pathname` (the path of the address, without its query). */
export const isAppPath = (pathname: string): boolean => MATCHERS.some((matcher) => matcher.test(pathname))
