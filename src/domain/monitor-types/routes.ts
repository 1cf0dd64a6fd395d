const enc = encodeURIComponent

/** `/path/{id}` */
export const routeWithId = (path: string) => (id: string) => `${path}/${enc(id)}`

/**
 * The parameter of a route pattern that holds a monitor's id (`web_monitoring_id` of
 * `/web_monitorings/:web_monitoring_id`); null for a pattern without one, whose page takes the id as the query's `?id=`.
 */
export const routeParam = (route: string): string | null => /\/:([\w-]+)/.exec(route)?.[1] ?? null

/** A type's detail route (an app route pattern), and the address of one monitor's page on it. */
export const detailRoute = <R extends string>(route: R) => {
  const param = routeParam(route)
  return {
    route,
    detail: (id: string) => (param ? route.replace(`:${param}`, () => enc(id)) : `${route}?id=${enc(id)}`),
  }
}
