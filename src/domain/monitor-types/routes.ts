const enc = encodeURIComponent

/** `/path/{id}` */
export const routeWithId = (path: string) => (id: string) => `${path}/${enc(id)}`
/** `/path?id={id}`, for the spec's detail routes that take the id as a query. */
export const routeWithQuery = (path: string) => (id: string) => `${path}?id=${enc(id)}`
