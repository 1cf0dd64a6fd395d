import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, isAppPath } from '@vigil/domain/app-routes'
import { developmentPages, routes } from '../../../src/ui/router.tsx'

// The app's pages are one table (issue 35, point 13): the router draws a page at exactly the addresses the domain's
// APP_ROUTES lists, which the server answers with 200 (any other address is a 404). A page added to the router alone,
// or an address added to the table alone, fails here; and the server's matching agrees with the router's.

/** Every address pattern the router has a page at, read from its tree (paths of nested routes joined). */
const routerPaths = (list: RouteObject[], parent = ''): string[] =>
  list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`
    const here = route.path !== undefined && route.path !== '*' ? [own.replace(/\/+/g, '/')] : []
    return [...here, ...routerPaths(route.children ?? [], own)]
  })

/** An address the router draws a page of its own at (not the catch-all 404). */
const routerDraws = (pathname: string) => {
  const matches = matchRoutes(routes, pathname)
  return matches !== null && matches.at(-1)?.route.path !== '*'
}

const filled = (pattern: string, value = 'abc-123') => pattern.replace(/:[\w-]+/g, value)

describe("the app's addresses", () => {
  it('are the same in the router and in the domain table, each once (and the development pages in tests)', () => {
    const inRouter = routerPaths(routes)
    // Tests run as a development build: its pages are there too, and only those (the production build drops them).
    expect(routerPaths(developmentPages)).toEqual(['/dev/machines'])
    const inTable = [...APP_ROUTES.map((route) => route.path), ...routerPaths(developmentPages)]
    expect(new Set(inTable).size).toBe(inTable.length)
    expect([...inRouter].sort()).toEqual([...inTable].sort())
  })

  it('a route added to the router alone is caught', () => {
    const grown: RouteObject[] = [...routes, { path: '/metrics', element: null }]
    expect(routerPaths(grown)).toContain('/metrics')
    const inTable = (path: string) => APP_ROUTES.some((route) => route.path === path)
    const notInTable = routerPaths(grown).filter((path) => !inTable(path))
    expect(notInTable.filter((path) => !routerPaths(developmentPages).includes(path))).toEqual(['/metrics'])
  })

  it('has patterns the server matches as the router does: literal and :param segments only', () => {
    for (const { path } of APP_ROUTES) expect(path, path).toMatch(/^\/([\w-]+|:[\w-]+)?(\/([\w-]+|:[\w-]+))*$/)
  })

  it('is matched by the server exactly where the router draws a page', () => {
    const samples = [
      ...APP_ROUTES.flatMap(({ path }) => [
        filled(path),
        `${filled(path)}/`,
        filled(path).toUpperCase(),
        `${filled(path)}/extra`,
        filled(path, ''),
        filled(path).replace(/\/[^/]*$/, '') || '/',
      ]),
      '/',
      '//',
      '/metrics',
      '/openapi.json',
      '/.env',
      '/monitors/x/y/z',
      '/status',
      '/api',
      '/services',
      '/services/aws_monitoring/acct',
      '/incidents/a/b',
      '/wp-login.php',
    ]
    const disagree = samples.filter((pathname) => isAppPath(pathname) !== routerDraws(pathname))
    expect(disagree).toEqual([])
    // Both ways are tried.
    expect(samples.filter(isAppPath).length).toBeGreaterThan(APP_ROUTES.length)
    expect(samples.filter((s) => !isAppPath(s)).length).toBeGreaterThan(APP_ROUTES.length)
  })
})
