import { createMiddleware } from 'hono/factory'
import type { Config } from '../config.ts'
import { Failure } from '../errors.ts'
import { setLateHeader } from './late-header.ts'

// Defence in depth against cross-site requests, beside the SameSite=Lax cookie.

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const originOf = (value: string | undefined): string | null => {
  if (!value) return null
  try {
    return new URL(value).origin
  } catch {
    return 'null'
  }
}

/**
 * A request that changes something and is not authorised by a Bearer token (so a browser's cookie may be what
 * authorises it) must come from the app's own pages: its Origin, or without one its Referer, must be APP_URL's
 * origin or the request's own host. Requests with neither header come from no web page and pass.
 */
export const sameOriginChanges = (config: Pick<Config, 'appUrl'>) => {
  const appOrigin = new URL(config.appUrl).origin
  return createMiddleware(async (c, next) => {
    if (!CHANGES.has(c.req.method) || /^bearer /i.test(c.req.header('authorization') ?? '')) return next()
    const origin = originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'))
    if (origin === null || origin === appOrigin) return next()
    const host = c.req.header('host')
    if (origin !== 'null' && host && new URL(origin).host === host) return next()
    throw new Failure(
      'forbidden',
      `This request came from another site (${origin}) and was refused. Use the app at ${appOrigin}.`,
    )
  })
}

/**
 * Actions that take no body (pause, resume, check, test, logout) refuse the bodies a cross-site HTML form can
 * send without asking: form-encoded, multipart and plain text.
 */
export const noFormBody = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type')
  if (type && !/^application\/([a-z-.]+\+)?json/i.test(type))
    throw new Failure('unsupported_media', 'This action takes no body: send the request without one.')
  return next()
})

/** Private answers are never stored by a browser or a proxy; public ones (status pages) set their own policy. */
export const noStore = createMiddleware(async (c, next) => {
  await next()
  if (!c.res.headers.has('cache-control')) setLateHeader(c, 'Cache-Control', 'no-store')
})

/** HSTS only on requests that came over HTTPS (directly, or through a trusted proxy that says so). */
export const hstsOverHttps = (config: Pick<Config, 'trustProxy'>) =>
  createMiddleware(async (c, next) => {
    await next()
    const forwarded = config.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined
    if (new URL(c.req.url).protocol === 'https:' || forwarded === 'https')
      setLateHeader(c, 'Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
  })
