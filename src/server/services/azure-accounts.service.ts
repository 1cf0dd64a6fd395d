import type { AzureCost, AzureCredentialsInput, AzureResource, AzureSubscription } from '@vigil/domain/azure'
import { AZURE_RESOURCE_KINDS } from '@vigil/domain/azure'
import {
  type AzureAccount,
  AzureAccountInput,
  AzureAccountPatch,
  type AzureResourceRow,
  availabilityOf,
  azureServiceUse,
  countAvailability,
} from '@vigil/domain/azure-account'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import { invalid, notFound } from '../errors.ts'
import { appCredentials, appIdentity, refusedSignIn } from './app-sign-in.ts'
import { checked, cloudAccounts, commonView, iso, partView } from './cloud-accounts.service.ts'
import type { Deps } from './deps.ts'

// Connected Azure accounts: an app registration (a client secret or a certificate) with Reader on its subscriptions,
// checked by signing in and listing what it can read, sealed at rest; the pages of what its syncs read: services,
// one service's resources with Resource Health, the billing summary and the subscriptions' details.

type SubscriptionRef = { id: string; name: string; state: string }

export const azureAccountsService = (deps: Deps) => {
  const { repos } = deps
  const accounts = cloudAccounts(deps, 'azure')
  const { feature, owned } = accounts
  const sealed = (account: CloudAccountRecord) => accounts.credentialsOf<AzureCredentialsInput>(account)

  /**
   * Signs in and lists the subscriptions the app can read; a refusal is a 400 with the identity platform's reason,
   * on the field to fix. With `chosen`, each must be among them.
   */
  const verify = async (credentials: AzureCredentialsInput, chosen?: readonly string[]) => {
    const answer = await deps.cloud.azure.verify(credentials)
    if (!answer.ok) throw refusedSignIn(answer)
    const readable = answer.subscriptions
    const missing = (chosen ?? []).filter((id) => !readable.some((s) => s.subscriptionId.toLowerCase() === id))
    if (missing.length > 0) {
      const message =
        `The app cannot read subscription ${missing.join(', ')}: assign it the Reader role there, or leave it out. ` +
        `It can read ${readable.map((s) => `${s.name} (${s.subscriptionId})`).join(', ')}.`
      throw invalid(message, { subscription_ids: message })
    }
    const watched = chosen ? readable.filter((s) => chosen.includes(s.subscriptionId.toLowerCase())) : readable
    return watched.map((s): SubscriptionRef => ({ id: s.subscriptionId.toLowerCase(), name: s.name, state: s.state }))
  }

  const scopeOf = (subscriptions: SubscriptionRef[]) => ({ subscription_ids: subscriptions.map((s) => s.id) })
  const identityOf = (subscriptions: SubscriptionRef[]) => ({ subscriptions })

  const views = async (list: CloudAccountRecord[]): Promise<AzureAccount[]> => {
    const ids = list.map((a) => a.account_id)
    const [counts, costs, parts] = await Promise.all([
      repos.cloudData.counts(ids),
      repos.cloudData.costsOf<AzureCost>(ids),
      repos.cloudData.partsOf(ids),
    ])
    return list.map((account) => {
      const states = counts
        .filter((c) => c.account_id === account.account_id && c.kind === AZURE_RESOURCE_KINDS.resource)
        .map((c) => ({ state: c.state, n: Number(c.n) }))
      const { total, unavailable, degraded } = countAvailability(states)
      const monthly = costs.filter((c) => c.account_id === account.account_id)
      const currencies = new Set(monthly.map((c) => c.data.currency).filter((c) => c !== null))
      return {
        ...commonView(account),
        provider: 'azure' as const,
        ...appIdentity(sealed(account)),
        subscriptions: (account.identity.subscriptions as SubscriptionRef[] | undefined) ?? [],
        // Added up only when every subscription bills in one currency.
        cost_this_month:
          monthly.length > 0 && currencies.size === 1
            ? {
                amount: monthly.reduce((sum, c) => sum + c.data.monthToDate.total, 0),
                currency: [...currencies][0] as string,
              }
            : null,
        resources: { total, unavailable, degraded },
        failed_parts: parts.filter((p) => p.account_id === account.account_id && !p.ok).length,
      }
    })
  }
  const view = async (account: CloudAccountRecord) => (await views([account]))[0] as AzureAccount

  /** The account, and its parts of these areas, for a page. */
  const frame = async (userId: string, accountId: string, areas: readonly string[]) => {
    const record = await owned(userId, accountId)
    const parts = await repos.cloudData.parts(accountId)
    const page = { account: await view(record), parts: parts.filter((p) => areas.includes(p.area)).map(partView) }
    return { record, page }
  }

  const resourcesOf = async (accountId: string): Promise<AzureResourceRow[]> =>
    (await repos.cloudData.resources<AzureResource>(accountId, [AZURE_RESOURCE_KINDS.resource])).map((r) => ({
      ...r.data,
      subscriptionId: r.scope,
    }))

  return {
    ...accounts.commonCalls(views),

    /** Signs in, finds the subscriptions it can read (or checks the chosen ones), stores the account and reads it. */
    connect: async (userId: string, body: unknown) => {
      await feature(userId)
      const input = checked(AzureAccountInput, body)
      const credentials = appCredentials(input)
      const subscriptions = await verify(credentials, input.subscription_ids)
      if (subscriptions.length === 0) {
        const message =
          'The app can read no subscription: assign it the Reader role on a subscription (Subscription > Access ' +
          'control (IAM) > Add role assignment), then connect again.'
        throw invalid(message, { subscription_ids: message })
      }
      const account = await accounts.insert(userId, {
        name: input.name,
        credentials,
        scope: scopeOf(subscriptions),
        identity: identityOf(subscriptions),
      })
      return view(account)
    },

    update: async (userId: string, accountId: string, body: unknown) => {
      const account = await owned(userId, accountId)
      const { name, subscription_ids, credentials } = checked(AzureAccountPatch, body)
      let change: Parameters<typeof accounts.change>[1] = {}
      if (name !== undefined) change.name = name
      const readAgain = subscription_ids !== undefined || credentials !== undefined
      if (readAgain) {
        const fresh = credentials ? appCredentials(credentials) : sealed(account)
        const subscriptions = await verify(fresh, subscription_ids ?? (account.scope.subscription_ids as string[]))
        change = { ...change, scope: scopeOf(subscriptions), identity: identityOf(subscriptions) }
        if (credentials) change = { ...change, ...accounts.newCredentials(fresh) }
      }
      return view(await accounts.change(accountId, change, readAgain))
    },

    /** Signs in again with the stored credentials (the secret may have expired), and says so on the account. */
    test: async (userId: string, accountId: string) => {
      const { account, ...answer } = await accounts.retest(userId, accountId, async (account) => {
        const readable = (await verify(sealed(account))).length
        return { message: `Signed in: the app can read ${readable} subscription${readable === 1 ? '' : 's'}.` }
      })
      return { ...answer, account: await view(account) }
    },

    /** The resources grouped by service, with how many are unavailable or degraded. */
    services: async (userId: string, accountId: string) => {
      const { page } = await frame(userId, accountId, ['resources', 'availability'])
      const resources = await resourcesOf(accountId)
      return {
        ...page,
        services: azureServiceUse(resources.map((r) => ({ service: r.service, state: availabilityOf(r), n: 1 }))),
      }
    },

    /** One service's resources, with resource group, location, SKU, tags and availability. */
    service: async (userId: string, accountId: string, service: string) => {
      const { page } = await frame(userId, accountId, ['resources', 'availability'])
      const resources = (await resourcesOf(accountId)).filter((r) => r.service === service)
      if (resources.length === 0) throw notFound('Service')
      return { ...page, service, resources }
    },

    billing: async (userId: string, accountId: string) => {
      const { record, page } = await frame(userId, accountId, ['costs'])
      const everyMs = deps.config.cloud.costReadMs
      // Every subscription's costs in one query: they are stored per subscription (scope).
      const costs = await repos.cloudData.costsOf<AzureCost>([accountId])
      return {
        ...page,
        subscriptions: page.account.subscriptions.map((s) => {
          const read = costs.find((c) => c.scope === s.id)
          return { id: s.id, name: s.name, costs: read?.data ?? null, read_at: iso(read?.read_at ?? null) }
        }),
        next_read_at: iso(record.costs_read_at === null ? null : record.costs_read_at + everyMs),
        read_every_hours: everyMs / 3_600_000,
      }
    },

    subscriptionDetails: async (userId: string, accountId: string) => {
      const { page } = await frame(userId, accountId, ['details'])
      const details = await repos.cloudData.resources<AzureSubscription>(accountId, [AZURE_RESOURCE_KINDS.subscription])
      return { ...page, subscriptions: details.map((d) => d.data) }
    },
  }
}
