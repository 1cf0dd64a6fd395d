import type { SelectQueryBuilder } from 'kysely'

/** How many rows `query` finds: its tables and filters, before it selects anything. */
export const countRows = async <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> => {
  // The drivers answer a count as a number, a string or a bigint.
  const row = await query
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
