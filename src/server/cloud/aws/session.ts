import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import { toAwsCallError } from './errors.ts'
import { limiter } from './limiter.ts'
import { type AwsIdentity, type AwsOptions, clientConfig } from './options.ts'
import { roleSessions } from './role-sessions.ts'

// One connection's use of AWS: its credentials, one SDK client per (service, region), and a cap on the calls in
// flight, so a sync over many regions does not spend the account's API rate (which its other tools share).

export const DEFAULT_MAX_IN_FLIGHT = 8

export interface AwsSessionOptions extends AwsOptions {
  /** Calls in flight at once for this account. Default 8. */
  maxInFlight?: number
}

type ClientConfig = ReturnType<typeof clientConfig>
interface SdkClient {
  destroy(): void
}
export type SdkClientClass<C extends SdkClient> = new (config: ClientConfig) => C

export interface AwsSession {
  /** The session's client of a service in a region, made on first use. */
  client<C extends SdkClient>(Client: SdkClientClass<C>, region: string): C
  /** One AWS call, within the cap; whatever it throws becomes an AwsCallError naming `action`. */
  call<T>(action: string, run: () => Promise<T>): Promise<T>
  /** The credentials, assuming the role if need be: fails at once when they cannot be had. */
  identity(): Promise<AwsIdentity>
  /** Closes the clients' connections. */
  close(): void
}

export const openAwsSession = (creds: AwsCredentialsInput, options: AwsSessionOptions = {}): AwsSession => {
  // What must never appear in a message we keep: filled as credentials become known.
  const secrets: string[] = []
  const identity: () => Promise<AwsIdentity> =
    creds.auth === 'keys'
      ? async () => ({ accessKeyId: creds.access_key_id, secretAccessKey: creds.secret_access_key })
      : async () => {
          const assumed = await (options.roleSessions ?? roleSessions).credentials(creds, options)
          secrets.push(assumed.secretAccessKey, assumed.sessionToken ?? '')
          return assumed
        }
  if (creds.auth === 'keys') secrets.push(creds.secret_access_key)
  const limit = limiter(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT)
  const clients = new Map<SdkClientClass<SdkClient>, Map<string, SdkClient>>()

  return {
    client<C extends SdkClient>(Client: SdkClientClass<C>, region: string): C {
      const byRegion = clients.get(Client) ?? new Map<string, SdkClient>()
      clients.set(Client, byRegion)
      const client = byRegion.get(region) ?? new Client(clientConfig(region, identity, options))
      byRegion.set(region, client)
      return client as C
    },
    call: (action, run) =>
      limit(async () => {
        try {
          return await run()
        } catch (error) {
          throw toAwsCallError(error, action, secrets)
        }
      }),
    identity: async () => {
      try {
        return await identity()
      } catch (error) {
        throw toAwsCallError(error, 'sts:AssumeRole', secrets)
      }
    },
    close() {
      for (const byRegion of clients.values()) for (const client of byRegion.values()) client.destroy()
      clients.clear()
    },
  }
}

/** All pages of a paged AWS list: `page` gets the previous page's token and answers its items and the next one. */
export const allPages = async <T>(
  page: (token: string | undefined) => Promise<{ items: readonly T[] | undefined; next: string | undefined }>,
): Promise<T[]> => {
  const all: T[] = []
  const seen = new Set<string>()
  let token: string | undefined
  do {
    const { items, next } = await page(token)
    all.push(...(items ?? []))
    // A token seen before would loop forever: AWS never sends one, but a proxy could.
    if (next && seen.has(next)) break
    if (next) seen.add(next)
    token = next || undefined
  } while (token)
  return all
}

/** All pages of a paged AWS call, each page one `session.call` as `action`; `read` picks a page's items and next token. */
export const callPages = <O, T>(
  session: AwsSession,
  action: string,
  page: (token: string | undefined) => Promise<O>,
  read: (out: O) => { items: readonly T[] | undefined; next: string | undefined },
): Promise<T[]> => allPages(async (token) => read(await session.call(action, () => page(token))))
