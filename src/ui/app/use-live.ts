import { useEffect, useRef, useState } from 'react'
import { liveEvents } from '../../adapters/live-events.ts'
import type { LiveEvent, LiveStatus } from '@vigil/domain/live-event'

/**
 * Calls `listener` with each event the server pushes to this tab (one connection for all pages). The listener may
 * change between renders without reconnecting.
 */
export function useLive(listener: (event: LiveEvent) => void) {
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => liveEvents.subscribe((event) => latest.current(event)), [])
}

/** The stream's state: pages ask again on a timer only while it is not `live`. */
export function useLiveStatus(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(liveEvents.status())
  useEffect(() => liveEvents.onStatus(setStatus), [])
  return status
}
