import type { CloudProvider } from '@vigil/domain/cloud-account'
import { newId } from '../../../src/server/ids.ts'
import type { TestApp } from '../harness.ts'

// What a refused request must leave as it was, and a connected cloud account written straight into the database
// (no provider to read): shared by the tests of refusals across every route.

/** Every row of every table but `leftOut` (rows each request writes), each table's in a stable order. */
export const everyRow = async (t: TestApp, leftOut: readonly string[]): Promise<Record<string, string[]>> => {
  const k = t.deps.database.db
  const tables = (await k.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !leftOut.includes(name))
    .sort()
  const out: Record<string, string[]> = {}
  for (const table of tables)
    out[table] = (
      await k
        .selectFrom(table as never)
        .selectAll()
        .execute()
    )
      .map((row) => JSON.stringify(row))
      .sort()
  return out
}

/**
 * A cloud account of `provider` for `userId`, read well a moment ago; its id. `credentials` (sealed as connecting
 * does) and `identity` are empty unless given.
 */
export const insertCloudAccount = async (
  t: TestApp,
  userId: string,
  provider: CloudProvider,
  over: { credentials?: Record<string, unknown>; identity?: Record<string, unknown> } = {},
): Promise<string> => {
  const now = t.clock.now()
  const account_id = newId()
  await t.repos.cloudAccounts.insert({
    account_id,
    user_id: userId,
    provider,
    name: `My ${provider}`,
    credentials: t.deps.secrets.seal(JSON.stringify(over.credentials ?? {})),
    scope: {},
    identity: over.identity ?? {},
    status: 'ok',
    last_error: null,
    synced_at: now,
    costs_read_at: null,
    next_sync_at: now + 3_600_000,
    lease_owner: null,
    lease_until: null,
    created_at: now,
    updated_at: now,
  })
  return account_id
}
