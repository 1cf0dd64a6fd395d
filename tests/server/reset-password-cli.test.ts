import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqlite } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** `npm run reset-password -- <email>` as an operator runs it, the passwords piped in. */
const resetPassword = (args: string[], input: string, env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn('npm', ['run', '--silent', 'reset-password', '--', ...args], { cwd: ROOT, env })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('exit', (code) => done({ code, out }))
    child.stdin.end(input)
  })

describe.each(dialects)('npm run reset-password on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let env: NodeJS.ProcessEnv
  let dataDir: string | undefined
  beforeAll(async () => {
    env = { ...process.env }
    delete env.DATABASE_URL
    if (dialect === 'sqlite') {
      // The command opens DATA_DIR/app.db, as `npm start` does.
      dataDir = mkdtempSync(join(tmpdir(), 'vigil-reset-'))
      const database = openSqlite(join(dataDir, 'app.db'))
      await migrateToLatest(database)
      db = { database, drop: () => database.close() }
      env.DATA_DIR = dataDir
    } else {
      db = await openTestDb(dialect)
      env.DATABASE_URL = db.url
    }
    t = buildTestApp(db.database)
  })
  afterAll(async () => {
    await db.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('sets a new password, ends every session and reset link, and tells the user', { timeout: 60_000 }, async () => {
    const { email, token } = await t.register()
    await t.call('POST', '/api/auth/forgot_password', { body: { email } })
    const { code, out } = await resetPassword([email], 'operator set pass\noperator set pass\n', env)
    expect(out).toContain(`The password of ${email} is set, and every session of that account is signed out.`)
    expect(code).toBe(0)
    expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(401)
    const links = await db.database.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.user_id', 'password_resets.user_id')
      .select('used_at')
      .where('users.email', '=', email)
      .execute()
    expect(links.length).toBe(1)
    expect(links.every((l) => l.used_at !== null)).toBe(true)
    expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(401)
    const login = await t.call('POST', '/api/auth/login', { body: { email, password: 'operator set pass' } })
    expect(login.status).toBe(200)
    const list = await t.call('GET', '/api/user_notification', { token: login.json.data.token })
    expect(list.json.data.notificationList[0].notification_title).toBe('Password reset by the operator')
  })

  it('changes nothing for an unknown email, a short password or two that differ', { timeout: 60_000 }, async () => {
    const { email, password } = await t.register()
    const cases: [string[], string, string][] = [
      [['nobody@example.com'], 'long enough 1\nlong enough 1\n', 'No account has the email nobody@example.com'],
      [[email], 'short\nshort\n', 'Password must be at least 8 characters.'],
      [[email], 'long enough 1\nlong enough 2\n', 'The two passwords differ: nothing was changed.'],
      [[], '', 'Usage: npm run reset-password -- <email of the account>'],
    ]
    for (const [args, input, message] of cases) {
      const { code, out } = await resetPassword(args, input, env)
      expect(out).toContain(message)
      expect(code).toBe(1)
    }
    expect((await t.call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200)
  })
})
