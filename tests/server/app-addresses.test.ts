import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ROUTES } from '@vigil/domain/app-routes'
import { APP_CSP, mountSpa } from '../../src/server/static.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// Unknown addresses are 404s (issue 35, point 13): the app's HTML is answered with 200 only at the app's own pages
// (the domain's APP_ROUTES, the router's table) and with 404 everywhere else, the same page, which shows the app's
// 404. /metrics, /openapi.json or /.env answered 200 with the app's page, which a scanner takes for something there.

const HTML = '<!doctype html><title>Vigil</title><div id="root"></div>'

describe.each(dialects)("the app's addresses on %s", (dialect) => {
  let db: TestDb
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
    dir = mkdtempSync(join(tmpdir(), 'vigil-spa-'))
    writeFileSync(join(dir, 'index.html'), HTML)
    expect(mountSpa(t.app, dir)).toBe(true)
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    await db.drop()
  })

  const get = async (path: string, method = 'GET') => {
    const res = await t.app.request(path, { method })
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      csp: res.headers.get('content-security-policy'),
      body: await res.text(),
    }
  }

  it.each([
    '/metrics',
    '/openapi.json',
    '/.env',
    '/monitors/x/y/z',
    '/wp-login.php',
    '/dashboard/extra',
    '/services',
    '/services/aws_monitoring/acct',
    '/incidents/a/b',
    '/assets/missing.js',
  ])('answers %s with 404 and the app page, which shows its 404', async (path) => {
    expect(await get(path)).toEqual({ status: 404, type: 'text/html; charset=UTF-8', csp: APP_CSP, body: HTML })
    expect((await get(path, 'HEAD')).status).toBe(404)
  })

  it('answers every page of the app with 200, whatever its ids, with a trailing slash and in any case', async () => {
    const answers = []
    for (const { path } of APP_ROUTES) {
      const address = path.replace(/:[\w-]+/g, 'abc-123')
      for (const variant of [address, `${address}/`.replace('//', '/'), address.toUpperCase(), `${address}?id=7`]) {
        const res = await get(variant)
        answers.push({ variant, status: res.status, html: res.body === HTML, csp: res.csp })
      }
    }
    expect(answers).toEqual(answers.map(({ variant }) => ({ variant, status: 200, html: true, csp: APP_CSP })))
    expect(answers.length).toBe(APP_ROUTES.length * 4)
  })

  it('still answers an unknown API address with JSON 404', async () => {
    const res = await t.app.request('/api/metrics')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ message: 'No API route for GET /api/metrics.' })
  })
})
