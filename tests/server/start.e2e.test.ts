import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { dialects } from './harness.ts'

const ROOT = resolve(import.meta.dirname, '../..')

const freePort = () =>
  new Promise<number>((done, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => done(port))
    })
  })

const waitForHealth = async (base: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 120_000 // the first start builds the front end
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${base}/api/health`)
      if (res.ok) return res
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not become healthy:\n${output()}`)
}

// `npm start` as a user runs it: the real process, a real port, the database it creates itself.
describe.each(dialects)('npm start on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-start-'))
  let child: ChildProcess | undefined
  let dbName: string | undefined
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child?.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`drop database if exists ${dbName} with (force)`)
      await admin.end()
    }
  })

  it('serves /api/health, the app and its assets, and stops on SIGTERM', { timeout: 180_000 }, async () => {
    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }
    delete env.DATABASE_URL
    if (dialect === 'postgres') {
      dbName = `vigil_start_${port}`
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`create database ${dbName}`)
      await admin.end()
      const url = new URL(process.env.TEST_DATABASE_URL as string)
      url.pathname = `/${dbName}`
      env.DATABASE_URL = url.toString()
    }
    let out = ''
    child = spawn(process.execPath, ['--conditions=vigil-source', 'scripts/start.mjs'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d) => {
      out += d
    })
    child.stderr?.on('data', (d) => {
      out += d
    })
    const base = `http://127.0.0.1:${port}`
    const health = await waitForHealth(base, child, () => out)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(out).toContain(`"database":"${dialect}"`)
    if (dialect === 'sqlite') expect(existsSync(join(dataDir, 'app.db'))).toBe(true)

    const home = await fetch(`${base}/`)
    const html = await home.text()
    expect(home.headers.get('content-type')).toMatch(/text\/html/)
    expect(html).toContain('<div id="root"></div>')
    // a client route is answered with the app, an API miss with JSON
    expect(await (await fetch(`${base}/dashboard`)).text()).toBe(html)
    expect((await fetch(`${base}/api/missing`)).headers.get('content-type')).toMatch(/json/)
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const asset = await fetch(`${base}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const brotli = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i)

    const plans = await (await fetch(`${base}/api/plans`)).json()
    expect(plans.data.plans.map((p: { title: string }) => p.title)).toEqual(['Basic', 'Pro'])

    child.kill('SIGTERM')
    const code = await new Promise((r) => child?.once('exit', r))
    expect(code).toBe(0)
  })
})
