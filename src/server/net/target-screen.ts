import dns from 'node:dns'
import { isIP } from 'node:net'
import { addressProblem, type TargetPolicy } from './target-policy.ts'

// The target policy applied when a monitor or channel is saved: a target the policy would always refuse is
// refused at once, with the reason, instead of failing at every check. The check-time rule stays, since a
// name can later resolve elsewhere.

/** A host's addresses; an empty list when it does not resolve (yet): that is not a refusal. */
export type ResolveHost = (host: string) => Promise<string[]>

const LOOKUP_TIMEOUT_MS = 3000

/** The system's resolver (as the checks connect), given up on after 3 s: a slow resolver must not block a save. */
export const systemResolveHost: ResolveHost = (host) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS)
    dns.lookup(host, { all: true }, (err, addresses) => {
      clearTimeout(timer)
      resolve(err ? [] : addresses.map((a) => a.address))
    })
  })

/** Why the policy refuses `host`, or null: an address is judged as it is, a name by what it resolves to. */
export const targetRefusal = async (
  host: string,
  policy: TargetPolicy,
  resolveHost: ResolveHost,
): Promise<string | null> => {
  if (host === '') return null
  if (isIP(host) !== 0) return addressProblem(host, policy)
  const addresses = await resolveHost(host)
  // As at check time: the name is usable when any of its addresses is.
  if (addresses.length === 0 || addresses.some((a) => addressProblem(a, policy) === null)) return null
  return addressProblem(addresses[0] as string, policy, host)
}

/** The first refusal among the fields' hosts, as `{ field: reason }`, or null. */
export const targetsRefusal = async (
  targets: readonly { field: string; host: string }[],
  policy: TargetPolicy,
  resolveHost: ResolveHost,
): Promise<Record<string, string> | null> => {
  for (const { field, host } of targets) {
    const reason = await targetRefusal(host, policy, resolveHost)
    if (reason) return { [field]: reason }
  }
  return null
}
