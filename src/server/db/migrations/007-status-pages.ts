import type { Kysely } from 'kysely'

// Status pages, their components (monitors shown under a public name), the incidents and maintenance the
// owner posts on them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_pages')
    .addColumn('page_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('show_response_times', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('status_pages_user_idx').on('status_pages').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('status_page_components')
    .addColumn('component_id', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull().references('status_pages.page_id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('status_components_page_idx')
    .on('status_page_components')
    .columns(['page_id', 'position'])
    .execute()
  await db.schema
    .createIndex('status_components_monitor_idx')
    .on('status_page_components')
    .column('monitor_id')
    .execute()

  await db.schema
    .createTable('status_incidents')
    .addColumn('status_incident_id', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull().references('status_pages.page_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('impact', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    // The engine's incident it was published from: its recovery resolves this one too.
    .addColumn('monitor_incident_id', 'text', (c) => c.references('incidents.incident_id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('status_incidents_page_idx')
    .on('status_incidents')
    .columns(['page_id', 'started_at'])
    .execute()

  await db.schema
    .createTable('status_incident_updates')
    .addColumn('update_id', 'text', (c) => c.primaryKey())
    .addColumn('status_incident_id', 'text', (c) =>
      c.notNull().references('status_incidents.status_incident_id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('status_updates_incident_idx')
    .on('status_incident_updates')
    .columns(['status_incident_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('status_incident_components')
    .addColumn('status_incident_id', 'text', (c) =>
      c.notNull().references('status_incidents.status_incident_id').onDelete('cascade'),
    )
    .addColumn('component_id', 'text', (c) =>
      c.notNull().references('status_page_components.component_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('status_incident_components_pk', ['status_incident_id', 'component_id'])
    .execute()

  await db.schema
    .createTable('maintenance_windows')
    .addColumn('maintenance_id', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull().references('status_pages.page_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('maintenance_ends_idx')
    .on('maintenance_windows')
    .columns(['ends_at', 'starts_at'])
    .execute()
  await db.schema
    .createIndex('maintenance_page_idx')
    .on('maintenance_windows')
    .columns(['page_id', 'starts_at'])
    .execute()

  // None listed: the window covers every component of its page.
  await db.schema
    .createTable('maintenance_components')
    .addColumn('maintenance_id', 'text', (c) =>
      c.notNull().references('maintenance_windows.maintenance_id').onDelete('cascade'),
    )
    .addColumn('component_id', 'text', (c) =>
      c.notNull().references('status_page_components.component_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('maintenance_components_pk', ['maintenance_id', 'component_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'maintenance_components',
    'maintenance_windows',
    'status_incident_components',
    'status_incident_updates',
    'status_incidents',
    'status_page_components',
    'status_pages',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
