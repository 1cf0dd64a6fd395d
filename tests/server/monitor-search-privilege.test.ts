import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { validateMonitor } from '../../src/domain/monitor.schema.ts'
import { openPostgres } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { monitorListRepo } from '../../src/server/db/repos/monitor-list.repo.ts'
import { newMonitorRecord, toRow } from '../../src/server/db/repos/monitor-record.ts'
import { dialects, insertOldUser } from './harness.ts'

// Migration 021 adds pg_trgm where it may: a role that may create tables but not extensions (no CREATE on the
// database) still migrates, without the trigram indexes, and the search reads the names instead.

const run = dialects.includes('postgres') ? describe : describe.skip

run('migration 021 without the right to add an extension', () => {
  it('migrates without the trigram indexes, and the search still finds by part of a name', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string
    const suffix = randomBytes(5).toString('hex')
    const [name, role, password] = [`vigil_test_${suffix}`, `vigil_limited_${suffix}`, randomBytes(12).toString('hex')]
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create role ${role} login password '${password}'`)
    await admin.query(`create database ${name}`)
    await admin.query(`revoke create on database ${name} from public`)
    const inside = new URL(adminUrl)
    inside.pathname = `/${name}`
    const owner = new pg.Client({ connectionString: inside.toString() })
    await owner.connect()
    await owner.query(`grant usage, create on schema public to ${role}`)
    await owner.end()
    const limited = new URL(inside)
    limited.username = role
    limited.password = password
    const database = openPostgres(limited.toString(), 2, () => {})
    try {
      await migrateToLatest(database)
      const k = database.db
      const extension = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(k)
      expect(extension.rows).toEqual([])
      const indexes = await sql`select indexname from pg_indexes where indexname like '%trgm%'`.execute(k)
      expect(indexes.rows).toEqual([])
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      const input = validateMonitor({ type: 'web', name: 'Hazel Meadow', url: 'https://hazel.example.test/' })
      if (!input.success) throw new Error('the monitor is valid')
      const row = toRow(newMonitorRecord('u1', input.output, at))
      await k.insertInto('monitors').values(row).execute()
      const hits = await monitorListRepo(k).hits({ userId: 'u1', q: 'MEADOW' }, { by: 'name', desc: false })
      expect(hits.map((h) => h.monitor_id)).toEqual([row.monitor_id])
    } finally {
      await database.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`drop role if exists ${role}`)
      await admin.end()
    }
  })
})
