import { useEffect } from 'react'
import type { LiveEvent, LiveStatus } from '@vigil/domain/live-event'
import { useLive, useLiveStatus } from '../../app/use-live.ts'

type LiveActor = { send(event: { type: 'live.status'; status: LiveStatus } | { type: 'live.changed' }): void }

/**
 * Tells a page's polling flow what the live stream says (issue 19): its state (`live.status`: the flow stops its
 * timer while live) and each change the page shows (`live.changed`, which `relevant` picks; a `resync` always
 * counts). `relevant` may change between renders.
 */
export function useLiveRefresh(actor: LiveActor, relevant: (event: LiveEvent) => boolean) {
  const status = useLiveStatus()
  useEffect(() => actor.send({ type: 'live.status', status }), [actor, status])
  useLive((event) => {
    if (event.kind === 'resync' || relevant(event)) actor.send({ type: 'live.changed' })
  })
}
