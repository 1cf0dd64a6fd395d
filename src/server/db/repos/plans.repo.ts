import type { Kysely, Selectable } from 'kysely'
import type { Plan, PlanTitle } from '@vigil/domain/plan'
import type { DB, PlansTable } from '../schema.ts'

const toPlan = (row: Selectable<PlansTable>, accesses: { feature: string; access: number }[]): Plan => ({
  plan_id: row.plan_id,
  title: row.title as PlanTitle,
  description: row.description,
  price_monthly_cents: row.price_monthly_cents,
  price_yearly_cents: row.price_yearly_cents,
  trial_days: row.trial_days,
  limits: {
    max_monitors: row.max_monitors,
    min_interval_seconds: row.min_interval_seconds,
    retention_days: row.retention_days,
    max_status_pages: row.max_status_pages,
  },
  planAccesses: accesses.map((a) => ({ feature: a.feature, access: a.access === 1 })),
})

export const plansRepo = (db: Kysely<DB>) => {
  const accessesOf = (planIds: string[]) =>
    db
      .selectFrom('plan_accesses')
      .select(['plan_id', 'feature', 'access'])
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('feature')
      .execute()

  return {
    list: async (): Promise<Plan[]> => {
      const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute()
      if (rows.length === 0) return []
      const accesses = await accessesOf(rows.map((r) => r.plan_id))
      return rows.map((row) =>
        toPlan(
          row,
          accesses.filter((a) => a.plan_id === row.plan_id),
        ),
      )
    },

    findByTitle: async (title: PlanTitle): Promise<Plan | undefined> => {
      const row = await db.selectFrom('plans').selectAll().where('title', '=', title).executeTakeFirst()
      return row && toPlan(row, await accessesOf([row.plan_id]))
    },

    findById: async (planId: string): Promise<Plan | undefined> => {
      const row = await db.selectFrom('plans').selectAll().where('plan_id', '=', planId).executeTakeFirst()
      return row && toPlan(row, await accessesOf([row.plan_id]))
    },
  }
}
