import { openSqlite } from '/work/main/src/server/db/database.ts'
import { repos as reposOf } from '/work/main/src/server/db/repos/index.ts'
import { monitorPage, pageJson } from '/work/main/src/server/services/monitor-list.service.ts'
const database = openSqlite(process.argv[2]!)
const repos = reposOf(database.db)
const { user_id: userId } = await database.db.selectFrom('monitors').select('user_id').executeTakeFirstOrThrow()
const T = async (label: string, f: () => unknown, n = 1000) => { for (let i=0;i<100;i++) await f(); const t0=performance.now(); for (let i=0;i<n;i++) await f(); console.log(label.padEnd(28), ((performance.now()-t0)/n).toFixed(3), 'ms') }
const page = await monitorPage({ repos, database }, userId, { page: 1, limit: 50 } as never, Date.now())
await T('pageJson', () => pageJson(page))
await T('pageJson+flatten', () => Buffer.byteLength(pageJson(page)))
const rows = page.monitors.map(({ heartbeats, ...r }) => r)
await T('stringify rows', () => JSON.stringify(rows))
await T('stringify 1 row x50', () => rows.map((r) => JSON.stringify(r)))
const beats = page.monitors.map((m) => (m.heartbeats as any).text as string)
await T('concat beats', () => Buffer.byteLength(beats.join(',')))
const s = pageJson(page)
await T('Buffer.from', () => Buffer.from(s))
await T('JSON.parse', () => JSON.parse(s))
