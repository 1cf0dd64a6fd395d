import { MONITOR_TYPE_PAGES, type MonitorType } from '@vigil/domain/monitor-types/pages'
import { isLocked } from '@vigil/domain/plan'
import { changesAnything, planChangeEffects, planChangeMessage } from '@vigil/domain/plan-change'
import type { Subscription } from '@vigil/domain/subscription'
import type { Repos } from '../db/repos/index.ts'
import { freshState, pausedState } from '../db/repos/monitor-record.ts'

// A plan change applied to what the user has, inside the caller's transaction: the domain's planChangeEffects
// written (monitors paused or resumed, intervals raised, status pages unpublished or published again, each plan
// change marked as such) and the user told what changed. Nothing is deleted.

/** `tell: false` when the caller tells the user itself (a paid plan starting or ending says it in one notice). */
export const applyPlan = async (
  r: Repos,
  userId: string,
  subscription: Subscription,
  now: number,
  { tell = true }: { tell?: boolean } = {},
) => {
  const { limits, planAccesses } = subscription.plan
  const monitors = await r.monitors.listOwned(userId)
  const pages = await r.statusPages.listOwned(userId)
  const effects = planChangeEffects(
    monitors.map((m) => ({
      id: m.monitor_id,
      type: m.type,
      created_at: m.created_at,
      interval_seconds: m.interval_seconds,
      paused: m.paused === 1,
      paused_by_plan: m.paused_by_plan === 1,
    })),
    pages.map((p) => ({
      id: p.page_id,
      created_at: p.created_at,
      published: p.published === 1,
      unpublished_by_plan: p.unpublished_by_plan === 1,
    })),
    {
      ...limits,
      allowsType: (type) => !isLocked(planAccesses, MONITOR_TYPE_PAGES[type as MonitorType].label),
    },
  )
  const byId = new Map(monitors.map((m) => [m.monitor_id, m]))
  for (const id of effects.pause) {
    const incident = byId.get(id)?.open_incident_id
    if (incident) await r.incidents.resolve(incident, now)
    await r.monitors.update(id, { ...pausedState(now), paused_by_plan: 1 })
  }
  for (const id of effects.resume) await r.monitors.update(id, { paused: 0, paused_by_plan: 0, ...freshState(now) })
  for (const { id, interval_seconds } of effects.raise) await r.monitors.update(id, { interval_seconds })
  for (const id of effects.unpublish)
    await r.statusPages.update(id, { published: 0, unpublished_by_plan: 1, updated_at: now })
  for (const id of effects.republish)
    await r.statusPages.update(id, { published: 1, unpublished_by_plan: 0, updated_at: now })
  if (tell && changesAnything(effects)) {
    const told = planChangeMessage(subscription.title, effects)
    await r.notifications.insertAccountNotice(userId, told, now)
  }
  return effects
}
