import { newsworthyOf } from './monitor-types/index.ts'

// Which changes in what a monitor sees are worth a notification of their own.

export const sameObservation = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])

/**
 * A change is news by its type's rule (`newsworthy` in its definition: a blacklist's change between two listings, a
 * Microsoft 365 service's new advisory); for a type without one, every change is (a DNS answer).
 */
export const isNewsworthyChange = (type: string, before: readonly string[], after: readonly string[]): boolean =>
  !sameObservation(before, after) && newsworthyOf(type)(before, after)
