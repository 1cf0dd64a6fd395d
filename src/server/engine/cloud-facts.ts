import type { CloudFacts } from '../checks/context.ts'
import type { Repos } from '../db/repos/index.ts'

/** The synced facts of cloud accounts from the database, for the checks of cloud monitors. */
export const cloudFacts = (repos: Pick<Repos, 'cloudAccounts' | 'cloudData'>): CloudFacts => ({
  account: async (accountId) => {
    const account = await repos.cloudAccounts.find(accountId)
    return account ? { provider: account.provider, status: account.status, synced_at: account.synced_at } : null
  },
  part: async (accountId, area, scope) => {
    const part = (await repos.cloudData.parts(accountId)).find((p) => p.area === area && p.scope === scope)
    return part ? { ok: part.ok, message: part.message, action: part.action, read_at: part.read_at } : null
  },
  resource: async (accountId, kind, scope, id) => {
    const found = await repos.cloudData.resource(accountId, kind, scope, id)
    return found ? { data: found.data as never, read_at: found.read_at } : null
  },
  resourcesIn: async (accountId, kind, states) =>
    (await repos.cloudData.resourcesIn(accountId, kind, states)).map((r) => r.data as never),
  costs: async (accountId, scope = '') => {
    const found = await repos.cloudData.costs(accountId, scope)
    return found ? { data: found.data as never, read_at: found.read_at } : null
  },
})
