import type { M365CredentialsInput, M365Issue, M365ServiceHealth } from '@vigil/domain/m365'
import { M365_RESOURCE_KINDS } from '@vigil/domain/m365'
import { healthSummary, type M365Tenant, M365TenantInput, M365TenantPatch } from '@vigil/domain/m365-account'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import { appCredentials, appIdentity, refusedSignIn } from './app-sign-in.ts'
import { checked, cloudAccounts, commonView, partView } from './cloud-accounts.service.ts'
import type { Deps } from './deps.ts'

// Connected Microsoft 365 tenants: an app registration with the Graph permission ServiceHealth.Read.All, checked by
// signing in and reading service health once, sealed at rest; the tenant's page: every service's health and the
// incidents and advisories Microsoft posts, with their timeline.

const byIssueOrder = (a: M365Issue, b: M365Issue) =>
  Number(a.resolved) - Number(b.resolved) || b.lastModified - a.lastModified

const byServiceOrder = (a: M365ServiceHealth, b: M365ServiceHealth) =>
  Number(a.operational) - Number(b.operational) || a.name.localeCompare(b.name)

export const m365TenantsService = (deps: Deps) => {
  const { repos } = deps
  const accounts = cloudAccounts(deps, 'm365')
  const { feature, owned } = accounts
  const sealed = (account: CloudAccountRecord) => accounts.credentialsOf<M365CredentialsInput>(account)

  /** Signs in and reads service health once; a refusal is a 400 with the reason, on the field to fix. */
  const verify = async (credentials: M365CredentialsInput) => {
    const answer = await deps.cloud.m365.verify(credentials)
    if (!answer.ok) throw refusedSignIn(answer)
    return answer.services
  }

  const views = async (list: CloudAccountRecord[]): Promise<M365Tenant[]> => {
    const ids = list.map((a) => a.account_id)
    const [counts, parts] = await Promise.all([repos.cloudData.counts(ids), repos.cloudData.partsOf(ids)])
    return list.map((account) => {
      const of = (kind: string) =>
        counts
          .filter((c) => c.account_id === account.account_id && c.kind === kind)
          .map((c) => ({ state: c.state, n: Number(c.n) }))
      return {
        ...commonView(account),
        provider: 'm365' as const,
        ...appIdentity(sealed(account)),
        health: healthSummary(of(M365_RESOURCE_KINDS.service), of(M365_RESOURCE_KINDS.issue)),
        failed_parts: parts.filter((p) => p.account_id === account.account_id && !p.ok).length,
      }
    })
  }
  const view = async (account: CloudAccountRecord) => (await views([account]))[0] as M365Tenant

  return {
    ...accounts.commonCalls(views),

    /** Signs in, reads service health once, stores the tenant and reads it. */
    connect: async (userId: string, body: unknown) => {
      await feature(userId)
      const input = checked(M365TenantInput, body)
      const credentials = appCredentials(input)
      await verify(credentials)
      const account = await accounts.insert(userId, { name: input.name, credentials, scope: {}, identity: {} })
      return view(account)
    },

    update: async (userId: string, accountId: string, body: unknown) => {
      await owned(userId, accountId)
      const { name, credentials } = checked(M365TenantPatch, body)
      let change: Parameters<typeof accounts.change>[1] = name === undefined ? {} : { name }
      if (credentials) {
        const fresh = appCredentials(credentials)
        await verify(fresh)
        change = { ...change, ...accounts.newCredentials(fresh) }
      }
      return view(await accounts.change(accountId, change, credentials !== undefined))
    },

    /** Signs in again with the stored credentials (the secret may have expired), and says so on the tenant. */
    test: async (userId: string, accountId: string) => {
      const { account, ...answer } = await accounts.retest(userId, accountId, async (account) => {
        const services = await verify(sealed(account))
        return { message: `Signed in: Microsoft 365 reports on ${services} service${services === 1 ? '' : 's'}.` }
      })
      return { ...answer, account: await view(account) }
    },

    /** Every service's health, and the open and recent issues with their posts. */
    health: async (userId: string, accountId: string) => {
      const account = await owned(userId, accountId)
      const [parts, rows] = await Promise.all([
        repos.cloudData.parts(accountId),
        repos.cloudData.resources<unknown>(accountId, [M365_RESOURCE_KINDS.service, M365_RESOURCE_KINDS.issue]),
      ])
      const of = <T>(kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.data as T)
      return {
        account: await view(account),
        parts: parts.map(partView),
        services: of<M365ServiceHealth>(M365_RESOURCE_KINDS.service).sort(byServiceOrder),
        issues: of<M365Issue>(M365_RESOURCE_KINDS.issue).sort(byIssueOrder),
      }
    },
  }
}
