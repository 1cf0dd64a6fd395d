import type { User } from '@vigil/domain/auth.schema'

// Whether the signed-in account has confirmed its address, as the server last said (the session check on each
// protected page, a confirmation link opened here). Kept in memory only: the banner that asks for the confirmation
// reads it, and the next session check says it again.

let unconfirmed: string | null = null
const listeners = new Set<() => void>()

/** The address waiting for its confirmation, or null (confirmed, or not known yet). */
export const unconfirmedEmail = (): string | null => unconfirmed

/** Subscribes to changes (for useSyncExternalStore); returns the unsubscribe. */
export const onAccountStatusChange = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** What the server answered of the signed-in user. */
export const noteAccountStatus = (user: Pick<User, 'email' | 'email_confirmed'>) => {
  const next = user.email_confirmed ? null : user.email
  if (next === unconfirmed) return
  unconfirmed = next
  for (const listener of listeners) listener()
}
