import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { isAppPath } from '@vigil/domain/app-routes'
import type { Hono } from 'hono'
import { setLateHeader } from './http/late-header.ts'

/**
 * The app's own pages: scripts and styles only from our origin (Vite's build and Panda's static CSS need nothing
 * inline), no plugins, no <base>, never framed; fetches only from our origin, and images from it or from blob:
 * addresses, which only the page's own scripts make (the preview of a profile picture before it is sent).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Serves the built SPA: hashed assets cached for a year, every other path answered with index.html, with status 200
 * at the app's own pages (the domain's APP_ROUTES) and 404 elsewhere.
 */
export const mountSpa = (app: Hono<any>, staticDir: string) => {
  const index = join(staticDir, 'index.html')
  if (!existsSync(index)) return false
  const root = relative(process.cwd(), staticDir) || '.'
  const html = readFileSync(index, 'utf8')
  app.use(
    '/assets/*',
    async (c, next) => {
      await next()
      if (c.res.ok) setLateHeader(c, 'Cache-Control', 'public, max-age=31536000, immutable')
    },
    // `npm run build` writes .br and .gz beside each asset; the client gets the best it accepts.
    serveStatic({ root, precompressed: true }),
  )
  // Every page of the app (index.html, as a file at / or as the answer to any other path) carries the policy.
  app.use('*', async (c, next) => {
    await next()
    if (c.res.headers.get('content-type')?.startsWith('text/html')) setLateHeader(c, 'Content-Security-Policy', APP_CSP)
  })
  app.use('*', serveStatic({ root }))
  // The same page everywhere (it shows the app's 404 where the router has no page), but with 200 only at the app's
  // own addresses: /.env, /metrics or /openapi.json must not read as something there to a scanner or a scraper.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(html, isAppPath(c.req.path) ? 200 : 404)
  })
  return true
}
