import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLiveEvents, RETRY_FIRST_MS, RETRY_MAX_MS } from '../../src/adapters/live-events.ts'
import type { LiveEvent, LiveStatus } from '@vigil/domain/live-event'

// The tab's one stream, over an EventSource stand-in that the test drives as the browser would.
class FakeSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readyState = FakeSource.CONNECTING
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  closed = false
  readonly listeners = new Map<string, ((m: { data: string }) => void)[]>()
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  addEventListener(name: string, listener: (m: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = FakeSource.CLOSED
  }
  /** The browser's answer to a refused connection (401, 429, 503): closed, with an error, and no retry of its own. */
  refuse() {
    this.readyState = FakeSource.CLOSED
    this.onerror?.()
  }
  emit(name: string, data: string) {
    for (const l of this.listeners.get(name) ?? []) l({ data })
  }
}

const setup = () => {
  const sources: FakeSource[] = []
  const live = createLiveEvents('/api/events', (url) => {
    const source = new FakeSource(url)
    sources.push(source)
    return source as unknown as EventSource
  })
  const events: LiveEvent[] = []
  const statuses: LiveStatus[] = []
  return { live, sources, events, statuses }
}

const result: LiveEvent = { kind: 'monitors', monitor_ids: ['m1'] }

// The adapter opens a stream only where EventSource exists (not in Node); the test gives it one to check for.
const withEventSource = <T>(run: () => T): T => {
  const had = 'EventSource' in globalThis
  if (!had) (globalThis as Record<string, unknown>).EventSource = FakeSource
  try {
    return run()
  } finally {
    if (!had) delete (globalThis as Record<string, unknown>).EventSource
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('live events adapter', () => {
  it('opens one stream for all listeners, passes valid `change` events on and drops others', () =>
    withEventSource(() => {
      const { live, sources, events } = setup()
      const a: LiveEvent[] = []
      const offA = live.subscribe((e) => a.push(e))
      const offB = live.subscribe((e) => events.push(e))
      expect(sources).toHaveLength(1)
      expect(sources[0]?.url).toBe('/api/events')
      sources[0]?.onopen?.()
      sources[0]?.emit('change', JSON.stringify(result))
      sources[0]?.emit('change', 'not json')
      sources[0]?.emit('change', JSON.stringify({ kind: 'nonsense' }))
      expect(a).toEqual([result])
      expect(events).toEqual([result])
      offA()
      expect(sources[0]?.closed).toBe(false)
      offB()
      expect(sources[0]?.closed).toBe(true)
    }))

  it('says connecting, live and lost, and asks pages to resync after a reconnect that follows a loss', () =>
    withEventSource(() => {
      const { live, sources, events, statuses } = setup()
      live.onStatus((s) => statuses.push(s))
      live.subscribe((e) => events.push(e))
      const source = sources[0] as FakeSource
      source.onopen?.()
      expect(events).toEqual([])
      source.onerror?.()
      expect(live.status()).toBe('lost')
      source.onopen?.()
      expect(statuses).toEqual(['connecting', 'live', 'lost', 'live'])
      expect(events).toEqual([{ kind: 'resync' }])
    }))

  it('opens a refused stream again after 30 s, doubling up to 5 minutes, and from 30 s again once it opened', () =>
    withEventSource(() => {
      vi.useFakeTimers()
      const { live, sources, events, statuses } = setup()
      live.onStatus((s) => statuses.push(s))
      live.subscribe((e) => events.push(e))
      sources[0]?.refuse()
      expect(live.status()).toBe('lost')
      expect(sources[0]?.closed).toBe(true)
      // Another listener meanwhile waits with the first.
      live.subscribe(() => {})
      expect(sources).toHaveLength(1)
      vi.advanceTimersByTime(RETRY_FIRST_MS - 1)
      expect(sources).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(sources).toHaveLength(2)
      // Refused again and again: the waits double, and stop growing at 5 minutes.
      const waits = [60_000, 120_000, 240_000, RETRY_MAX_MS, RETRY_MAX_MS]
      for (const wait of waits) {
        sources.at(-1)?.refuse()
        const count = sources.length
        vi.advanceTimersByTime(wait - 1)
        expect(sources).toHaveLength(count)
        vi.advanceTimersByTime(1)
        expect(sources).toHaveLength(count + 1)
      }
      // Open at last: pages load again, and the next refusal waits 30 s.
      sources.at(-1)?.onopen?.()
      expect(live.status()).toBe('live')
      expect(events).toEqual([{ kind: 'resync' }])
      sources.at(-1)?.refuse()
      const count = sources.length
      vi.advanceTimersByTime(RETRY_FIRST_MS)
      expect(sources).toHaveLength(count + 1)
      expect(statuses.slice(0, 4)).toEqual(['connecting', 'lost', 'connecting', 'lost'])
    }))

  it('leaves a dropped connection to EventSource, which opens it again itself', () =>
    withEventSource(() => {
      vi.useFakeTimers()
      const { live, sources } = setup()
      live.subscribe(() => {})
      sources[0]?.onopen?.()
      sources[0]?.onerror?.()
      vi.advanceTimersByTime(RETRY_MAX_MS * 2)
      expect(sources).toHaveLength(1)
      expect(sources[0]?.closed).toBe(false)
    }))

  it('cancels the retry when the last listener leaves', () =>
    withEventSource(() => {
      vi.useFakeTimers()
      const { live, sources } = setup()
      const off = live.subscribe(() => {})
      sources[0]?.refuse()
      off()
      expect(vi.getTimerCount()).toBe(0)
      vi.advanceTimersByTime(RETRY_MAX_MS * 2)
      expect(sources).toHaveLength(1)
      expect(live.status()).toBe('connecting')
      // A listener later opens at once.
      live.subscribe(() => {})
      expect(sources).toHaveLength(2)
    }))
})
