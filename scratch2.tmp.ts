import SQLite from 'better-sqlite3'
const stats = new Map<string, { n: number; ms: number }>()
const origPrepare = (SQLite as any).prototype.prepare
;(SQLite as any).prototype.prepare = function (sql: string) {
  const st = origPrepare.call(this, sql)
  for (const m of ['all', 'run', 'get']) {
    const f = st[m].bind(st)
    Object.defineProperty(st, m, { value: (...a: unknown[]) => { const t0 = performance.now(); try { return f(...a) } finally { const s = stats.get(sql) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(sql, s) } } })
  }
  return st
}
const { openSqlite } = await import('/work/main/src/server/db/database.ts')
const { createApp } = await import('/work/main/src/server/app.ts')
const { buildDeps } = await import('/work/main/src/server/deps.ts')
const { loadConfig } = await import('/work/main/src/server/config.ts')
const { systemClock } = await import('/work/main/src/server/clock.ts')
const { silentLogger } = await import('/work/main/src/server/logger.ts')
const database = openSqlite(process.argv[2]!)
const app = createApp(buildDeps({ database, config: loadConfig({}), clock: systemClock, logger: silentLogger }))
const u = await database.db.selectFrom('users').select('email').executeTakeFirstOrThrow()
const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: u.email, password: 'bench password' }) })
const token = ((await login.json()) as any).data.token
const N = Number(process.env.N ?? 300)
for (let i = 0; i < 30; i++) await (await app.request('/api/monitors?page=1&limit=50', { headers: { authorization: `Bearer ${token}` } })).text()
stats.clear()
const t0 = performance.now()
for (let i = 0; i < N; i++) await (await app.request('/api/monitors?page=1&limit=50', { headers: { authorization: `Bearer ${token}` } })).text()
console.log('per request', ((performance.now() - t0) / N).toFixed(3), 'ms')
for (const [sql, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) console.log((s.ms / N).toFixed(3), (s.n / N).toFixed(1), sql.slice(0, 150).replace(/\s+/g, ' '))
