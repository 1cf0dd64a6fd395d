import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqlite } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** `npm run confirm-email -- <email>` as an operator without SMTP runs it. */
const confirmEmail = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn('npm', ['run', '--silent', 'confirm-email', '--', ...args], { cwd: ROOT, env })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('exit', (code) => done({ code, out }))
  })

describe.each(dialects)('npm run confirm-email on %s', (dialect) => {
  const OPERATOR = 'ops@shell.test'
  let db: TestDb
  let t: TestApp
  let env: NodeJS.ProcessEnv
  let dataDir: string | undefined
  beforeAll(async () => {
    env = { ...process.env, ADMIN_EMAILS: OPERATOR }
    delete env.DATABASE_URL
    if (dialect === 'sqlite') {
      // The command opens DATA_DIR/app.db, as `npm start` does.
      dataDir = mkdtempSync(join(tmpdir(), 'vigil-confirm-'))
      const database = openSqlite(join(dataDir, 'app.db'))
      await migrateToLatest(database)
      db = { database, drop: () => database.close() }
      env.DATA_DIR = dataDir
    } else {
      db = await openTestDb(dialect)
      env.DATABASE_URL = db.url
    }
    t = buildTestApp(db.database, { config: { adminEmails: [OPERATOR] } })
  })
  afterAll(async () => {
    await db.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('confirms the address, says whose it is, and makes an ADMIN_EMAILS account an operator', {
    timeout: 60_000,
  }, async () => {
    const { token } = await t.register({ name: 'Olga Operator', email: OPERATOR })
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.operator).toBe(false)
    const { code, out } = await confirmEmail([OPERATOR], env)
    expect(out).toContain(
      `The address ${OPERATOR} (Olga Operator, signed up 2026-11-22) is confirmed. It is in ADMIN_EMAILS: this account is an operator now.`,
    )
    expect(code).toBe(0)
    expect((await t.call('GET', '/api/auth/verify', { token })).json.data.user.email_confirmed).toBe(true)
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.operator).toBe(true)
    const log = await t.call('GET', '/api/security/events', { token })
    expect(log.json.data.events[0]).toMatchObject({ kind: 'email_confirmed', detail: 'by the operator' })

    const again = await confirmEmail([OPERATOR], env)
    expect(again.out).toContain('was confirmed already: nothing was changed.')
    expect(again.code).toBe(0)
  })

  it('changes nothing for an unknown or malformed address', { timeout: 60_000 }, async () => {
    const unknown = await confirmEmail(['nobody@example.com'], env)
    expect(unknown.out).toContain('No account has the email nobody@example.com: nothing was changed.')
    expect(unknown.code).toBe(1)
    const malformed = await confirmEmail(['not-an-address'], env)
    expect(malformed.out).toContain('Usage: npm run confirm-email -- <email of the account>')
    expect(malformed.code).toBe(1)
  })
})
