import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_CSP, mountSpa } from '../../src/server/static.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// What a security probe and a new user's walk-through found: secrets answered whole, cross-site requests, targets
// only refused at check time, missing headers. Each test here failed before its fix.

const HOSTS = {
  'metadata.test': ['169.254.169.254'],
  'inside.test': ['10.1.2.3'],
  'both.test': ['10.0.0.1', '93.184.215.14'],
}

describe.each(dialects)('hardening on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let strict: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true }, hosts: HOSTS })
    strict = buildTestApp(db.database, { config: { allowPrivateTargets: false }, hosts: HOSTS })
  })
  afterAll(() => db.drop())

  const pro = (app = t) => app.register({ plan: 'Pro', billing_frequency: 'Monthly' })

  describe('secrets stay secret', () => {
    it("masks a webhook's URL (a password or token in it included), keeps it when a change leaves it out or echoes it", async () => {
      const { token } = await t.register()
      const url = 'https://ops:hunter2@hooks.example.com/in?token=s3cr3tValue9876'
      const made = await t.call('POST', '/api/integrations', { token, body: { type: 'webhook', name: 'Ops', url } })
      expect(made.status).toBe(201)
      const shown = made.json.data.integration.settings.url
      expect(shown).toBe('https://hooks.example.com/…9876')
      for (const res of [made, await t.call('GET', '/api/integrations', { token })])
        expect(res.text).not.toMatch(/hunter2|s3cr3tValue/)
      const id = made.json.data.integration.id

      expect((await t.call('PATCH', `/api/integrations/${id}`, { token, body: { name: 'Ops room' } })).status).toBe(200)
      expect((await t.call('PATCH', `/api/integrations/${id}`, { token, body: { url: shown } })).status).toBe(200)
      const row = await t.deps.database.db
        .selectFrom('integrations')
        .select('settings')
        .where('integration_id', '=', id)
        .executeTakeFirst()
      expect(JSON.parse(row?.settings ?? '{}').url).toBe(url)

      const changed = await t.call('PATCH', `/api/integrations/${id}`, {
        token,
        body: { url: 'https://hooks.example.com/new-path-1234' },
      })
      expect(changed.json.data.integration.settings.url).toBe('https://hooks.example.com/…1234')
    })

    it('masks credential headers of API monitors, keeps them on a change that echoes or leaves them out', async () => {
      const { token } = await pro()
      const headers = {
        Authorization: 'Bearer very-long-secret-token-WXYZ',
        'Proxy-Authorization': 'Basic abc',
        Cookie: 'sid=123',
        'X-Api-Key': 'k-1',
        'X-Auth-Token': 't-2',
        'Client-Secret': 's-3',
        Accept: 'application/json',
      }
      const made = await t.call('POST', '/api/monitors', {
        token,
        body: { type: 'api', name: 'Orders', url: 'http://127.0.0.1:9/orders', headers, interval_seconds: 60 },
      })
      expect(made.status).toBe(201)
      const shown = made.json.data.monitor.headers
      expect(shown).toEqual({
        Authorization: '••••••••WXYZ',
        'Proxy-Authorization': '••••••••',
        Cookie: '••••••••',
        'X-Api-Key': '••••••••',
        'X-Auth-Token': '••••••••',
        'Client-Secret': '••••••••',
        Accept: 'application/json',
      })
      const id = made.json.data.monitor.id
      for (const path of [`/api/monitors/${id}`, '/api/monitors'])
        expect((await t.call('GET', path, { token })).text).not.toMatch(/very-long-secret|abc|sid=123|k-1|t-2|s-3/)

      // The form sends the rows back as shown, with one value typed anew and one header removed.
      const echoed = { ...shown, 'X-Api-Key': 'k-new', Accept: 'text/plain' }
      delete echoed.Cookie
      const patched = await t.call('PATCH', `/api/monitors/${id}`, { token, body: { headers: echoed } })
      expect(patched.status).toBe(200)
      const stored = JSON.parse((await storedSettings(t, id)) ?? '{}').headers
      expect(stored).toEqual({
        Authorization: 'Bearer very-long-secret-token-WXYZ',
        'Proxy-Authorization': 'Basic abc',
        'X-Api-Key': 'k-new',
        'X-Auth-Token': 't-2',
        'Client-Secret': 's-3',
        Accept: 'text/plain',
      })
      // A change without headers keeps them all.
      expect((await t.call('PATCH', `/api/monitors/${id}`, { token, body: { name: 'Orders API' } })).status).toBe(200)
      expect(JSON.parse((await storedSettings(t, id)) ?? '{}').headers).toEqual(stored)

      // A masked value under a name the monitor does not have cannot be kept: the user must type it.
      const wrong = await t.call('PATCH', `/api/monitors/${id}`, {
        token,
        body: { headers: { 'X-Other-Key': '••••••••' } },
      })
      expect(wrong.status).toBe(400)
      expect(wrong.json.errors.headers).toBe(
        'Type the value of the X-Other-Key header again: it is not one this monitor has.',
      )
      expect(JSON.parse((await storedSettings(t, id)) ?? '{}').headers).toEqual(stored)
    })
  })

  describe('targets the policy always refuses are refused when saved', () => {
    const web = (url: string) => ({ type: 'web', name: 'Site', url, interval_seconds: 300 })

    it.each([
      [
        'http://169.254.169.254/latest/meta-data/',
        'url',
        'Refused: 169.254.169.254 is a cloud metadata address, which is never monitored.',
      ],
      [
        'http://[fd00:ec2::254]/',
        'url',
        'Refused: fd00:ec2::254 is a cloud metadata address, which is never monitored.',
      ],
      [
        'http://metadata.test/',
        'url',
        'Refused: metadata.test resolves to 169.254.169.254, which is a cloud metadata address, which is never monitored.',
      ],
    ])('a monitor of %s, even with private targets allowed', async (url, field, message) => {
      const { token } = await t.register()
      const res = await t.call('POST', '/api/monitors', { token, body: web(url) })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
      expect((await t.call('GET', '/api/monitors', { token })).json.data.monitors).toEqual([])
    })

    it('private and loopback targets unless ALLOW_PRIVATE_TARGETS, for every connecting type and a DNS resolver', async () => {
      const { token } = await pro(strict)
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [
          web('http://inside.test/'),
          'url',
          /^Refused: inside\.test resolves to 10\.1\.2\.3, which is a private address\. Set ALLOW_PRIVATE_TARGETS=true/,
        ],
        [
          web('http://localhost:8080/'),
          'url',
          /^Refused: localhost resolves to 127\.0\.0\.1, which is a loopback address/,
        ],
        [
          { type: 'port', name: 'DB', host: '192.168.1.5', port: 5432 },
          'host',
          /^Refused: 192\.168\.1\.5 is a private address/,
        ],
        [{ type: 'ping', name: 'Box', host: '2130706433' }, 'host', /^Refused: 127\.0\.0\.1 is a loopback address/],
        [{ type: 'ssl', name: 'Cert', host: '169.254.170.2' }, 'host', /cloud metadata address/],
        [
          { type: 'dns', name: 'Zone', hostname: 'example.com', record_type: 'A', resolver: '127.0.0.1:5353' },
          'resolver',
          /^Refused: 127\.0\.0\.1 is a loopback address/,
        ],
      ]
      for (const [body, field, message] of cases) {
        const res = await strict.call('POST', '/api/monitors', { token, body })
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.json.errors[field]).toMatch(message)
      }
      // A name with one allowed address is taken, as a check would connect to that one; one that does not resolve
      // (yet) is taken too: the check says what it finds.
      for (const url of ['http://both.test/', 'http://not-resolving.test/'])
        expect((await strict.call('POST', '/api/monitors', { token, body: web(url) })).status).toBe(201)
      // Domain and blacklist targets are only looked up, never connected to.
      expect(
        (
          await strict.call('POST', '/api/monitors', {
            token,
            body: { type: 'blacklist', name: 'IP', target: '10.0.0.1' },
          })
        ).status,
      ).toBe(201)
    })

    it('on update too, only when the target changes', async () => {
      const { token } = await t.register()
      const made = await t.call('POST', '/api/monitors', { token, body: web('http://both.test/') })
      const id = made.json.data.monitor.id
      const moved = await t.call('PATCH', `/api/monitors/${id}`, { token, body: { url: 'http://169.254.169.254/' } })
      expect(moved.status).toBe(400)
      expect(moved.json.errors.url).toMatch(/cloud metadata address/)
      expect((await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor.url).toBe('http://both.test/')
    })

    it('channel URLs: webhook, Slack, Teams and Discord, on create and update', async () => {
      const { token } = await t.register()
      for (const type of ['webhook', 'slack', 'teams', 'discord']) {
        const res = await t.call('POST', '/api/integrations', {
          token,
          body: { type, name: type, url: 'http://metadata.test/hook' },
        })
        expect(res.status, type).toBe(400)
        expect(res.json.errors.url).toMatch(/^Refused: metadata\.test resolves to 169\.254\.169\.254/)
      }
      const ok = await t.call('POST', '/api/integrations', {
        token,
        body: { type: 'webhook', name: 'ok', url: 'http://both.test/hook' },
      })
      const id = ok.json.data.integration.id
      const moved = await t.call('PATCH', `/api/integrations/${id}`, {
        token,
        body: { url: 'http://100.100.100.200/hook' },
      })
      expect(moved.status).toBe(400)
      expect(moved.json.errors.url).toMatch(/cloud metadata address/)
      const privateHook = await strict.call('POST', '/api/integrations', {
        token,
        body: { type: 'webhook', name: 'lan', url: 'http://10.0.0.9/hook' },
      })
      expect(privateHook.status).toBe(400)
    })
  })

  describe('cross-site requests', () => {
    const change = (app: TestApp, headers: Record<string, string>, cookie?: string, token?: string) =>
      app.call('POST', '/api/monitors', {
        cookie: cookie ? `token=${cookie}` : undefined,
        token,
        headers,
        body: { type: 'web', name: 'From elsewhere', url: 'http://both.test/' },
      })

    it('refuses a cookie-authenticated change from another origin or referer, and lets the own origins through', async () => {
      const { token } = await t.register()
      const refused = await change(t, { origin: 'https://evil.example' }, token)
      expect(refused.status).toBe(403)
      expect(refused.json.message).toBe(
        'This request came from another site (https://evil.example) and was refused. Use the app at http://app.test.',
      )
      expect((await change(t, { referer: 'https://evil.example/page' }, token)).status).toBe(403)
      expect((await change(t, { origin: 'null' }, token)).status).toBe(403)
      expect((await t.call('GET', '/api/monitors', { token })).json.data.monitors).toEqual([])

      expect((await change(t, { origin: 'http://app.test' }, token)).status).toBe(201)
      expect((await change(t, { referer: 'http://app.test/dashboard' }, token)).status).toBe(201)
      // The request's own host (a server reached at another name than APP_URL's).
      expect((await change(t, { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }, token)).status).toBe(201)
      // No page sent it (curl, a script): the cookie alone is not a cross-site request.
      expect((await change(t, {}, token)).status).toBe(201)
    })

    it('leaves Bearer-token requests alone, and guards sign-in and logout too', async () => {
      const { token, email, password } = await t.register()
      expect((await change(t, { origin: 'https://evil.example' }, undefined, token)).status).toBe(201)
      const login = await t.call('POST', '/api/auth/login', {
        headers: { origin: 'https://evil.example' },
        body: { email, password },
      })
      expect(login.status).toBe(403)
      const logout = await t.call('POST', '/api/auth/logout', {
        cookie: `token=${token}`,
        headers: { origin: 'https://evil.example' },
      })
      expect(logout.status).toBe(403)
      expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(200)
    })

    it('body-less actions refuse form-encoded, multipart and plain-text bodies', async () => {
      const { token } = await t.register()
      const made = await t.call('POST', '/api/monitors', {
        token,
        body: { type: 'web', name: 'S', url: 'http://both.test/' },
      })
      const id = made.json.data.monitor.id
      const hook = await t.call('POST', '/api/integrations', {
        token,
        body: { type: 'email', name: 'm', email: 'a@b.co' },
      })
      const paths = [
        `/api/monitors/${id}/pause`,
        `/api/monitors/${id}/resume`,
        `/api/monitors/${id}/check`,
        `/api/integrations/${hook.json.data.integration.id}/test`,
        '/api/auth/logout',
      ]
      for (const path of paths)
        for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
          const res = await t.call('POST', path, { token, headers: { 'content-type': type }, body: 'a=1' })
          expect(res.status, `${path} ${type}`).toBe(415)
          expect(res.json.message).toBe('This action takes no body: send the request without one.')
        }
      expect((await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor.paused).toBe(false)
      expect((await t.call('POST', `/api/monitors/${id}/pause`, { token })).status).toBe(200)
    })
  })

  describe('headers', () => {
    it('private answers are no-store; public ones keep their own caching', async () => {
      const { token } = await t.register()
      for (const path of ['/api/auth/verify', '/api/monitors', '/api/user_notification'])
        expect((await t.call('GET', path, { token })).headers.get('cache-control')).toBe('no-store')
      expect((await t.call('GET', '/api/nope', { token })).headers.get('cache-control')).toBe('no-store')
    })

    it('HSTS only over HTTPS', async () => {
      expect((await t.call('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull()
      const https = await t.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } })
      expect(https.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains')
      const direct = await t.app.request('https://app.test/api/health')
      expect(direct.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains')
      // Without a trusted proxy, a client's own X-Forwarded-Proto means nothing.
      const untrusted = buildTestApp(db.database, { config: { trustProxy: false } })
      const spoofed = await untrusted.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } })
      expect(spoofed.headers.get('strict-transport-security')).toBeNull()
    })

    it("serves the app's pages with a strict Content-Security-Policy", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vigil-spa-'))
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Vigil</title>')
      const app = buildTestApp(db.database)
      mountSpa(app.app, dir)
      for (const path of ['/', '/login', '/dashboard', '/services/web-monitoring', '/no/such/page']) {
        const res = await app.app.request(path)
        // An address that is no page of the app is the same page (showing its 404) with status 404.
        expect(res.status).toBe(path === '/no/such/page' ? 404 : 200)
        expect(res.headers.get('content-security-policy')).toBe(APP_CSP)
      }
      expect(APP_CSP).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      )
      rmSync(dir, { recursive: true, force: true })
    })
  })
})

const storedSettings = async (t: TestApp, monitorId: string) =>
  (
    await t.deps.database.db
      .selectFrom('monitors')
      .select('settings')
      .where('monitor_id', '=', monitorId)
      .executeTakeFirst()
  )?.settings
