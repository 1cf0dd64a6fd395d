import { describe, expect, it } from 'vitest'
import type { LiveEvent } from '@vigil/domain/live-event'
import { createFanOut, createLocalHub, type Delivered } from '../../src/server/live/hub.ts'

// The fan-out's ring and places (issue 35): a user's place is their own newest id, and an id that left the ring still
// places a tab when it was its user's newest one to leave.

const event = (n: number): LiveEvent => ({ kind: 'monitors', monitor_ids: [`m${n}`] })
const kinds = (ds: readonly Delivered[]) => ds.map((d) => d.event)

describe('live fan-out', () => {
  it("replays after an id that left the ring when it was the user's newest to leave, and resyncs an older one", () => {
    const fan = createFanOut({ capacity: 4 })
    fan.deliver('a1', 'ann', event(1))
    fan.deliver('a2', 'ann', event(2))
    // Bob's activity pushes Ann's entries out of the ring.
    for (let i = 0; i < 4; i++) fan.deliver(`b${i}`, 'bob', event(10 + i))
    fan.deliver('a3', 'ann', event(3))
    const caughtUp = fan.open('ann', 'a2', () => {})
    expect(kinds(caughtUp?.backlog ?? [])).toEqual([event(3)])
    expect(caughtUp?.position()).toBe('a3')
    const tooOld = fan.open('ann', 'a1', () => {})
    expect(tooOld?.backlog).toEqual([{ id: 'a3', event: { kind: 'resync' } }])
  })

  it("remembers the place of a user with nothing left in the ring and no stream, and gives nobody else's", () => {
    const fan = createFanOut({ capacity: 2 })
    fan.deliver('a1', 'ann', event(1))
    for (let i = 0; i < 3; i++) fan.deliver(`b${i}`, 'bob', event(10 + i))
    const ann = fan.open('ann', 'a1', () => {})
    expect(ann?.backlog).toEqual([])
    expect(ann?.position()).toBe('a1')
    // A user never seen has no place: none of the others' ids.
    expect(fan.open('cat', undefined, () => {})?.position()).toBeNull()
  })

  it('gives a user with no event a mark, sent as an id alone and never replayed as an event', () => {
    const hub = createLocalHub()
    const seen: Delivered[] = []
    const first = hub.open('ann', undefined, (d) => seen.push(d))
    const mark = first?.position() as string
    expect(mark).toEqual(expect.any(String))
    first?.close()
    hub.publish('ann', event(1))
    const again = hub.open('ann', mark, (d) => seen.push(d))
    expect(kinds(again?.backlog ?? [])).toEqual([event(1)])
    // The stream heard its mark as an id alone, and nothing since it closed.
    expect(seen).toEqual([{ id: mark, event: null }])
  })
})
