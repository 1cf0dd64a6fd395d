/** Runs at most `max` of the functions given to it at once; the others wait their turn in order. */
export const limiter = (max: number) => {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    else active += 1
    try {
      return await fn()
    } finally {
      // The slot passes straight to the next in line, so `active` only drops when nobody waits.
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
