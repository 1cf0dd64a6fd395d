import SQLite from 'better-sqlite3'
const db = new SQLite(process.argv[2]!)
const user = (db.prepare('select user_id from monitors limit 1').get() as any).user_id
const T = (label: string, f: () => unknown, n = 300) => { for (let i=0;i<30;i++) f(); const t0=performance.now(); for (let i=0;i<n;i++) f(); console.log(label.padEnd(28), ((performance.now()-t0)/n).toFixed(3), 'ms') }
const q = 'hazel-meadow'
const a = db.prepare(`select * from monitors where user_id = ? and (lower(name) like ? escape '\\' or lower(target) like ? escape '\\') order by lower(name), monitor_id limit 50`)
T('rows like', () => a.all(user, `%${q}%`, `%${q}%`))
const b = db.prepare(`select * from monitors where user_id = ? and (instr(lower(name), ?) > 0 or instr(lower(target), ?) > 0) order by lower(name), monitor_id limit 50`)
T('rows instr', () => b.all(user, q, q))
const c = db.prepare(`select monitor_id, status, type from monitors where user_id = ? and (lower(name) like ? escape '\\' or lower(target) like ? escape '\\')`)
T('hits like', () => c.all(user, `%${q}%`, `%${q}%`))
const d = db.prepare(`select monitor_id, status, type from monitors where user_id = ? and (instr(lower(name), ?) > 0 or instr(lower(target), ?) > 0)`)
T('hits instr', () => d.all(user, q, q))
console.log(d.all(user, q, q).length, c.all(user, `%${q}%`, `%${q}%`).length)
console.log(db.prepare(`explain query plan select monitor_id, status, type from monitors where user_id = ? and (instr(lower(name), ?) > 0 or instr(lower(target), ?) > 0)`).all(user, q, q))
const e = db.prepare(`select count(*) from monitors where user_id = ?`)
T('count all', () => e.all(user))
