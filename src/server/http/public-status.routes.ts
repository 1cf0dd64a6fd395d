import type { Context } from 'hono'
import { Hono } from 'hono'
import { pageUptime } from '@vigil/domain/status-rules'
import type { PublicStatus } from '@vigil/domain/status-view'
import { badgeSvg, componentBadge, pageBadge, uptimeBadge } from '../status/render-badge.ts'
import { renderFeed } from '../status/render-feed.ts'
import { renderNotFound, renderStatusPage } from '../status/render-page.ts'
import { accepts } from './accept-encoding.ts'
import { conditionalStatus, httpDate } from './conditional.ts'
import type { AppEnv, Deps } from './env.ts'
import { errorBody } from './errors.ts'
import { compress, etagOf, type Rendered, statusCache } from './status-cache.ts'

// What anyone may read of a published status page, without a session: the page, its feed, its badges and its
// JSON summary. All of them come from one cached view per page (see status-cache.ts), and all of them are dated by
// when what the page shows last changed (Last-Modified).

const HTML = 'text/html; charset=utf-8'
const SVG = 'image/svg+xml; charset=utf-8'
// Badges and the JSON are meant to be embedded and fetched by other sites.
const EMBEDDABLE = { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' }
const SVG_HEADERS = { ...EMBEDDABLE, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }

/** Slugs are lower-case (the schema makes them so); anything that could not be one is simply not found. */
const slugOf = (c: Context) => {
  const slug = (c.req.param('slug') ?? '').toLowerCase()
  return slug.length <= 60 ? slug : ''
}

const encodingFor = (accept: string | undefined): 'br' | 'gzip' | null =>
  accepts(accept, 'br') ? 'br' : accepts(accept, 'gzip') ? 'gzip' : null

/**
 * A cached rendering in the best coding the visitor accepts, or a 304 when it has that coding already (each coding
 * has its own ETag). The 304 carries the validators and caching headers the 200 would.
 */
const send = (c: Context, rendered: Rendered, maxAge: number) => {
  const encoding = encodingFor(c.req.header('Accept-Encoding'))
  const etag = etagOf(rendered, encoding)
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${maxAge}`,
    ETag: etag,
    'Last-Modified': httpDate(rendered.lastModified),
    Vary: 'Accept-Encoding',
    ...rendered.headers,
  }
  const request = {
    method: c.req.method,
    ifNoneMatch: c.req.header('If-None-Match'),
    ifModifiedSince: c.req.header('If-Modified-Since'),
  }
  const status = conditionalStatus(request, { etag, lastModified: rendered.lastModified })
  if (status !== null) return c.body(null, status, headers)
  headers['Content-Type'] = rendered.type
  if (encoding) headers['Content-Encoding'] = encoding
  const body = encoding ? compress(rendered, encoding) : rendered.body
  // A Buffer is a Uint8Array over an ArrayBuffer (never a shared one here).
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers)
}

export const publicStatusRoutes = (deps: Deps) => {
  const cache = statusCache(deps)
  const maxAge = Math.floor(deps.config.statusCacheMs / 1000)

  const notFoundPage = renderNotFound()
  const notFound = (c: Context) =>
    c.html(notFoundPage.html, 404, { 'Content-Security-Policy': notFoundPage.csp, 'Cache-Control': 'no-cache' })

  const notFoundBadge = (c: Context) =>
    c.body(badgeSvg('status', 'not found', '#8a94a6'), 404, {
      ...SVG_HEADERS,
      'Content-Type': SVG,
      'Cache-Control': 'no-cache',
    })

  const svg = (body: string): Omit<Rendered, 'hash' | 'lastModified'> => ({
    body: Buffer.from(body),
    type: SVG,
    headers: SVG_HEADERS,
  })

  const badge = (c: Context, componentId: string | null) => {
    const kind = c.req.query('kind') === 'uptime' ? 'uptime' : 'status'
    return cache.rendered(slugOf(c), `badge:${kind}:${componentId ?? ''}`, (view: PublicStatus) => {
      if (componentId === null) {
        if (kind === 'status') return svg(pageBadge(view.status.indicator))
        return svg(uptimeBadge('uptime', pageUptime(view.components.map((x) => x.uptime_90d))))
      }
      const component = view.components.find((x) => x.id === componentId)
      if (!component) return null
      return svg(
        kind === 'uptime'
          ? uptimeBadge(component.name, component.uptime_90d)
          : componentBadge(component.name, component.state),
      )
    })
  }

  return (
    new Hono<AppEnv>()
      .get('/:slug', async (c) => {
        const rendered = await cache.rendered(slugOf(c), 'html', (view) => {
          const page = renderStatusPage(view)
          return { body: Buffer.from(page.html), type: HTML, headers: { 'Content-Security-Policy': page.csp } }
        })
        return rendered ? send(c, rendered, maxAge) : notFound(c)
      })
      .get('/:slug/feed.xml', async (c) => {
        const rendered = await cache.rendered(slugOf(c), 'feed', (view, lastModified) => ({
          body: Buffer.from(renderFeed(view, deps.config.appUrl, lastModified)),
          type: 'application/atom+xml; charset=utf-8',
          headers: EMBEDDABLE,
        }))
        return rendered ? send(c, rendered, maxAge) : notFound(c)
      })
      .get('/:slug/badge.svg', async (c) => {
        const rendered = await badge(c, null)
        return rendered ? send(c, rendered, maxAge) : notFoundBadge(c)
      })
      .get('/:slug/components/:componentId/badge.svg', async (c) => {
        const rendered = await badge(c, c.req.param('componentId'))
        return rendered ? send(c, rendered, maxAge) : notFoundBadge(c)
      })
      // `/status/acme/` as typed or pasted: the page's one address.
      .get('/:slug/', (c) => c.redirect(`/status/${encodeURIComponent(slugOf(c))}`, 301))
      .all('*', notFound)
  )
}

/** `GET /api/public/status/:slug`: the page's summary as JSON, for scripts and other dashboards. */
export const publicStatusApi = (deps: Deps) => {
  const cache = statusCache(deps)
  const maxAge = Math.floor(deps.config.statusCacheMs / 1000)
  return new Hono<AppEnv>().get('/status/:slug', async (c) => {
    const rendered = await cache.rendered(slugOf(c), 'json', (view) => ({
      body: Buffer.from(JSON.stringify({ data: view })),
      type: 'application/json; charset=utf-8',
      headers: EMBEDDABLE,
    }))
    if (!rendered) return c.json(errorBody('No published status page has this id.'), 404)
    return send(c, rendered, maxAge)
  })
}
