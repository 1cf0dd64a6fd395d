import { type Kysely, sql } from 'kysely'

// The one list of monitors (issue 19): tags and the monitors that carry them, and each monitor's target as text (a
// URL, a host and port, a domain) so that the list searches it without reading every monitor's settings. The
// targets of existing monitors are filled in here, as each monitor type wrote its target when this migration was
// made. The rule is copied, not imported from the type registry: a migration is frozen history, and the registry
// may change after it (tests/server/monitor-list.test.ts holds the copy equal to the registry of its time).

// The settings as stored: JSON of any type's fields.
type StoredSettings = Record<string, any>

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`

/** A monitor's target from its type and stored settings, as the types gave it at migration 017. */
const targetAt017 = (type: string, s: StoredSettings): string => {
  switch (type) {
    case 'web':
    case 'api':
      return s.url
    case 'port':
      return hostPort(s.host, s.port)
    case 'ping':
      return s.host
    case 'dns':
      return `${s.hostname} ${s.record_type}`
    case 'ssl':
      return (s.port ?? 443) === 443 ? s.host : hostPort(s.host, s.port)
    case 'domain':
      return s.domain
    case 'blacklist':
      return s.target
    case 'aws': {
      const r = s.rule
      if (r.resource === 'ec2') return `EC2 ${r.instance_id} in ${r.region}`
      if (r.resource === 'rds') return `RDS ${r.db_instance_id} in ${r.region}`
      if (r.resource === 'amplify') return `Amplify ${r.app_id} ${r.branch} in ${r.region}`
      if (r.resource === 'lightsail') return `Lightsail ${r.instance_name} in ${r.region}`
      return `Cost budget ${r.amount} (${r.basis === 'forecast' ? 'forecast' : 'month to date'})`
    }
    case 'azure': {
      const r = s.rule
      return r.kind === 'availability'
        ? `Availability of ${String(r.resource_id).split('/').pop()}`
        : `Cost budget ${r.amount} of ${r.subscription_id} (${r.basis === 'forecast' ? 'forecast' : 'month to date'})`
    }
    case 'microsoft365':
      return s.service_name || s.service_id
    default:
      return ''
  }
}
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('tag_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** The name as two names clash on: trimmed, lower case. */
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tags_user_name_idx').on('tags').columns(['user_id', 'name_key']).unique().execute()
  await db.schema
    .createTable('monitor_tags')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.tag_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('monitor_tags_pk', ['monitor_id', 'tag_id'])
    .execute()
  await db.schema.createIndex('monitor_tags_tag_idx').on('monitor_tags').columns(['tag_id', 'monitor_id']).execute()

  await db.schema
    .alterTable('monitors')
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // The list's pages by name (its default order), of all monitors or of one state, read their 50 index entries
  // instead of sorting every monitor, and its counts by state and type read one index (bench/monitor-page.bench.ts).
  await db.schema
    .createIndex('monitors_user_name_idx')
    .on('monitors')
    .column('user_id')
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .execute()
  await db.schema
    .createIndex('monitors_user_status_name_idx')
    .on('monitors')
    .columns(['user_id', 'status'])
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .execute()
  await db.schema
    .createIndex('monitors_user_status_idx')
    .on('monitors')
    .columns(['user_id', 'status', 'type', 'monitor_id'])
    .execute()
  // The monitors table as it is at this migration: only the columns read and written here.
  const typed = db as unknown as Kysely<{
    monitors: { monitor_id: string; type: string; settings: string; target: string }
  }>
  for (let after = ''; ; ) {
    const rows = await typed
      .selectFrom('monitors')
      .select(['monitor_id', 'type', 'settings'])
      .where('monitor_id', '>', after)
      .orderBy('monitor_id')
      .limit(500)
      .execute()
    if (rows.length === 0) break
    for (const row of rows) {
      const target = targetAt017(row.type, JSON.parse(row.settings) as StoredSettings)
      await typed.updateTable('monitors').set({ target }).where('monitor_id', '=', row.monitor_id).execute()
    }
    after = rows.at(-1)?.monitor_id as string
  }
}
