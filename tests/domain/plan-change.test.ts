import { describe, expect, it } from 'vitest'
import {
  type MonitorAsPlanned,
  type PageAsPlanned,
  type PlanRoom,
  planChangeEffects,
  planChangeMessage,
} from '@vigil/domain/plan-change'

const monitor = (id: string, created_at: number, over: Partial<MonitorAsPlanned> = {}): MonitorAsPlanned => ({
  id,
  type: 'web',
  created_at,
  interval_seconds: 300,
  paused: false,
  paused_by_plan: false,
  ...over,
})
const page = (id: string, created_at: number, over: Partial<PageAsPlanned> = {}): PageAsPlanned => ({
  id,
  created_at,
  published: true,
  unpublished_by_plan: false,
  ...over,
})
const basic: PlanRoom = {
  max_monitors: 2,
  min_interval_seconds: 300,
  max_status_pages: 1,
  allowsType: (type) => type !== 'dns',
}
const pro: PlanRoom = { max_monitors: 500, min_interval_seconds: 30, max_status_pages: 20, allowsType: () => true }

describe('a plan change', () => {
  it('to lower limits pauses the newest monitors over the limit and those of locked types, deleting nothing', () => {
    const monitors = [
      monitor('m1', 1),
      monitor('m2', 2, { interval_seconds: 30 }),
      monitor('m3', 3),
      monitor('dns', 4, { type: 'dns' }),
      monitor('mine', 5, { paused: true }),
    ]
    const effects = planChangeEffects(monitors, [], basic)
    expect(effects.pause).toEqual(['dns', 'm3'])
    // The interval of a running monitor, and of a paused one, goes up to the plan's fastest.
    expect(effects.raise).toEqual([{ id: 'm2', interval_seconds: 300 }])
    expect(effects.resume).toEqual([])
  })

  it('unpublishes the newest status pages over the limit', () => {
    const effects = planChangeEffects(
      [],
      [page('p1', 1), page('p2', 2), page('p3', 3), page('draft', 4, { published: false })],
      basic,
    )
    expect(effects.unpublish).toEqual(['p3', 'p2'])
  })

  it('back to a roomier plan undoes what plan changes did, the oldest first, and not what the user did', () => {
    const monitors = [
      monitor('m1', 1),
      monitor('planned-old', 2, { paused: true, paused_by_plan: true }),
      monitor('planned-new', 3, { paused: true, paused_by_plan: true }),
      monitor('by-hand', 4, { paused: true }),
    ]
    const pages = [
      page('p1', 1),
      page('planned', 2, { published: false, unpublished_by_plan: true }),
      page('by-hand', 3, { published: false }),
    ]
    const effects = planChangeEffects(monitors, pages, pro)
    expect(effects.resume).toEqual(['planned-old', 'planned-new'])
    expect(effects.republish).toEqual(['planned'])
    expect(effects.pause).toEqual([])
    // Only as many as there is room for.
    expect(planChangeEffects(monitors, pages, { ...pro, max_monitors: 2, max_status_pages: 1 })).toMatchObject({
      resume: ['planned-old'],
      republish: [],
    })
  })

  it('says what it did', () => {
    const effects = planChangeEffects(
      [monitor('m1', 1), monitor('m2', 2), monitor('m3', 3)],
      [page('p1', 1), page('p2', 2)],
      basic,
    )
    expect(planChangeMessage('Basic', effects)).toEqual({
      title: 'Your Basic plan is active',
      description:
        "1 monitor was paused (over the plan's limit, or of a type it does not include); 1 status page was unpublished. Nothing was deleted: upgrading again brings back what was paused or unpublished.",
    })
  })
})
