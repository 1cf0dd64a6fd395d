// The one clock of the server: the time, and timers on that time. Everything that reads the time or waits for it
// (scheduler, recorder, delivery worker, pruning, sweeps) takes the clock it is given, so tests drive them on a
// clock they move and wait for nothing real. A check's own deadline (a connection that takes too long) is real
// time on the network, not the clock's.

/** Stops a timer. */
export type Cancel = () => void

export interface Clock {
  now(): number
  /** Calls `fn` once, `ms` from now on this clock. */
  after(ms: number, fn: () => void): Cancel
  /** Calls `fn` every `ms` on this clock. */
  every(ms: number, fn: () => void): Cancel
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms)
    return () => clearTimeout(timer)
  },
  every: (ms, fn) => {
    const timer = setInterval(fn, ms)
    return () => clearInterval(timer)
  },
}

/** A poll on the clock: `start` runs `tick` at once and then every `ms`; `stop` ends it; `on` says whether it runs. */
export const pollOn = (clock: Clock, ms: number, tick: () => void) => {
  let cancel: Cancel | null = null
  return {
    get on() {
      return cancel !== null
    },
    start() {
      if (cancel) return
      cancel = clock.every(ms, tick)
      tick()
    },
    stop() {
      cancel?.()
      cancel = null
    },
  }
}
