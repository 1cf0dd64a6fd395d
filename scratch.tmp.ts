import SQLite from 'better-sqlite3'
const db = new SQLite(process.argv[2]!)
db.pragma('journal_mode = WAL')
console.log(db.prepare("select sql from sqlite_master where name like 'rollups%' or name like 'monitors%'").all().map((r: any) => r.sql).join('\n'))
const user = (db.prepare('select user_id from monitors limit 1').get() as any).user_id
const ids = db.prepare('select monitor_id from monitors where user_id=? order by lower(name), monitor_id limit 50').all(user).map((r: any) => r.monitor_id)
const T = (label: string, f: () => unknown, n = 500) => { for (let i=0;i<50;i++) f(); const t0=performance.now(); for (let i=0;i<n;i++) f(); console.log(label.padEnd(28), ((performance.now()-t0)/n).toFixed(3), 'ms') }
const ph = ids.map(() => '?').join(',')
const now = Date.now(); const hour = 3600000
const from = Math.floor(now / hour) * hour - 23 * hour
const s1 = db.prepare(`select monitor_id, sum(up_ms), sum(degraded_ms), sum(down_ms), sum(rt_count), sum(rt_sum) from rollups where monitor_id in (${ph}) and period='hour' and bucket_start >= ? group by monitor_id`)
T('figures hour', () => s1.all(...ids, from))
const s2 = db.prepare(`select * from monitors where user_id = ? order by lower(name), monitor_id limit 50 offset 0`)
T('page rows', () => s2.all(user))
const s2b = db.prepare(`select monitor_id from monitors where user_id = ? order by lower(name), monitor_id limit 50 offset 0`)
T('page ids only', () => s2b.all(user))
const s3 = db.prepare(`select monitor_id, beats from monitor_beats where monitor_id in (${ph})`)
T('beats', () => s3.all(...ids))
console.log(db.prepare(`explain query plan select * from monitors where user_id = ? order by lower(name), monitor_id limit 50 offset 0`).all(user))
console.log(db.prepare(`explain query plan select monitor_id, sum(up_ms) from rollups where monitor_id in (${ph}) and period='hour' and bucket_start >= ? group by monitor_id`).all(...ids, from))
if (process.argv[3]) {
  db.exec('create index rollups_figures on rollups (monitor_id, period, bucket_start, up_ms, degraded_ms, down_ms, rt_count, rt_sum)')
  T('figures hour covering', () => s1.all(...ids, from))
}
const cols = (db.prepare('pragma table_info(monitors)').all() as any[]).map((c) => c.name)
for (const c of cols) {
  const s = db.prepare(`select ${c} from monitors where user_id = ? order by lower(name), monitor_id limit 50 offset 0`)
  T(`col ${c}`, () => s.all(user), 200)
}
console.log(db.prepare(`select max(length(settings)), max(length(last_observed)), max(length(integration_ids)) from monitors`).get())
const s5 = db.prepare(`select * from monitors where monitor_id in (${ph})`)
T('by pk', () => s5.all(...ids))
