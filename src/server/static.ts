import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'

/** Serves the built SPA: hashed assets cached for a year, every other path answered with index.html. */
export const mountSpa = (app: Hono<any>, staticDir: string) => {
  const index = join(staticDir, 'index.html')
  if (!existsSync(index)) return false
  const root = relative(process.cwd(), staticDir) || '.'
  const html = readFileSync(index, 'utf8')
  app.use(
    '/assets/*',
    async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    },
    // `npm run build` writes .br and .gz beside each asset; the client gets the best it accepts.
    serveStatic({ root, precompressed: true }),
  )
  app.use('*', serveStatic({ root }))
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(html)
  })
  return true
}
