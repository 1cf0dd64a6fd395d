// Running tasks that one stop must cancel. Each task gets a signal of its own, so no signal carries a listener
// per running task (thousands of checks at once would each add one to a shared signal).

export const createAbortGroup = () => {
  const running = new Set<AbortController>()
  let stopped = false
  return {
    /** Runs `task` with a signal that `abortAll` aborts; the signal is dropped when the task ends. */
    async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController()
      if (stopped) controller.abort()
      running.add(controller)
      try {
        return await task(controller.signal)
      } finally {
        running.delete(controller)
      }
    },
    abortAll() {
      stopped = true
      for (const controller of running) controller.abort()
    },
    get aborted() {
      return stopped
    },
  }
}
export type AbortGroup = ReturnType<typeof createAbortGroup>
