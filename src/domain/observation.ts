// Which changes in what a monitor sees are worth a notification of their own.

export const sameObservation = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])

/**
 * A DNS answer that changes is news. For a Microsoft 365 service, what is observed is its open advisories: a new
 * one is news (an advisory is a notification, not an outage); one that closes is not. For a blacklist, being listed or delisted is an incident of its own
 * (opened and closed with its notifications); a change between two listings (another zone lists it, or one
 * drops it while others still do) is news.
 */
export const isNewsworthyChange = (type: string, before: readonly string[], after: readonly string[]): boolean => {
  if (sameObservation(before, after)) return false
  if (type === 'blacklist') return before.length > 0 && after.length > 0
  if (type === 'microsoft365') return after.some((value) => !before.includes(value))
  return true
}
