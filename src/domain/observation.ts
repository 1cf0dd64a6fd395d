import { observesOf } from './monitor-types/index.ts'

// Which changes in what a monitor sees are worth a notification of their own.

export const sameObservation = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])

/**
 * A change is news by its type's rule (`observes.newsworthy` in its definition: a blacklist's change between two
 * listings, a Microsoft 365 service's new advisory), or any change for a type that observes without one (a DNS answer).
 * A type that observes nothing has no news.
 */
export const isNewsworthyChange = (type: string, before: readonly string[], after: readonly string[]): boolean => {
  const observes = observesOf(type)
  if (!observes || sameObservation(before, after)) return false
  return observes.newsworthy?.(before, after) ?? true
}
