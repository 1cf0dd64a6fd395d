import type { AmplifyApp, AwsHealth } from '@vigil/domain/aws'
import { amplifyUse, awsServiceUse, resourcesByState } from '@vigil/domain/aws'
import {
  type AwsAccount,
  AwsAccountInput,
  AwsAccountPatch,
  type AwsSetup,
  maskAccessKeyId,
} from '@vigil/domain/aws-account'
import type { CostSummary } from '@vigil/domain/aws-costs'
import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import { AWS_READ_ONLY_POLICY_JSON, awsRoleTrustPolicy } from '@vigil/domain/aws-policy'
import { AWS_REGIONS, isAwsRegion } from '@vigil/domain/aws-regions'
import { connectRefusal } from '../cloud/aws/errors.ts'
import { AWS_RESOURCE_KINDS } from '../cloud/aws/resource-kinds.ts'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import { invalid } from '../errors.ts'
import { checked, cloudAccounts, commonView, iso, partView } from './cloud-accounts.service.ts'
import type { Deps } from './deps.ts'

// Connected AWS accounts: connecting one (its credentials checked with STS, sealed at rest), changing, re-testing and
// removing it, and the pages of what its syncs read.

/** The external ID a user's roles must require: derived from the server key, so nobody else can claim it. */
const externalIdOf = (deps: Deps, userId: string) =>
  `vigil-${deps.secrets.derive(`aws-external-id:${userId}`).slice(0, 32)}`

const credentialsOf = (input: AwsCredentialsInput): AwsCredentialsInput =>
  input.auth === 'keys'
    ? { auth: 'keys', access_key_id: input.access_key_id, secret_access_key: input.secret_access_key }
    : { auth: 'role', role_arn: input.role_arn, external_id: input.external_id }

export const awsAccountsService = (deps: Deps) => {
  const { repos, clock } = deps
  const accounts = cloudAccounts(deps, 'aws')
  const { feature, owned } = accounts

  /**
   * Checks credentials with AWS (STS GetCallerIdentity); a refusal is a 400 with AWS's reason in plain words, at the
   * field it is about when AWS's answer names one, else only the message (a network failure, this server's own
   * credentials, a refused permission), which the form shows on top.
   */
  const verify = async (userId: string, credentials: AwsCredentialsInput) => {
    if (credentials.auth === 'role' && credentials.external_id !== externalIdOf(deps, userId)) {
      const message = 'Use the external ID shown on this page: Vigil assumes roles only with the ID it gave you.'
      throw invalid(message, { external_id: message })
    }
    try {
      return await deps.cloud.aws.verify(credentials)
    } catch (error) {
      const { message, field } = connectRefusal(error, credentials.auth)
      throw invalid(message, field ? { [field]: message } : undefined)
    }
  }

  const sealed = (account: CloudAccountRecord) => accounts.credentialsOf<AwsCredentialsInput>(account)

  /** Several accounts as the list shows them: three queries whatever their number. */
  const views = async (list: CloudAccountRecord[]): Promise<AwsAccount[]> => {
    const ids = list.map((a) => a.account_id)
    const [counts, costs, parts] = await Promise.all([
      repos.cloudData.counts(ids),
      repos.cloudData.costsOf<CostSummary>(ids),
      repos.cloudData.partsOf(ids),
    ])
    const month = new Date(clock.now()).toISOString().slice(0, 7)
    return list.map((account) => {
      const count = (kind: string) =>
        counts
          .filter((c) => c.account_id === account.account_id && c.kind === kind)
          .reduce((sum, c) => sum + Number(c.n), 0)
      const cost = costs.find((c) => c.account_id === account.account_id && c.scope === '')?.data
      const credentials = sealed(account)
      return {
        ...commonView(account),
        provider: 'aws' as const,
        auth: credentials.auth,
        access_key_id: credentials.auth === 'keys' ? maskAccessKeyId(credentials.access_key_id) : null,
        role_arn: credentials.auth === 'role' ? credentials.role_arn : null,
        external_id: credentials.auth === 'role' ? credentials.external_id : null,
        regions: (account.scope.regions as string[]) ?? [],
        aws_account_id: String(account.identity.aws_account_id ?? ''),
        arn: String(account.identity.arn ?? ''),
        // Only this month's figure is this month's cost.
        cost_this_month: cost && cost.month === month ? { amount: cost.month_to_date, currency: cost.currency } : null,
        counts: {
          ec2: count(AWS_RESOURCE_KINDS.ec2),
          rds: count(AWS_RESOURCE_KINDS.rds),
          amplify: count(AWS_RESOURCE_KINDS.amplify),
          lightsail: count(AWS_RESOURCE_KINDS.lightsail),
        },
        failed_parts: parts.filter((p) => p.account_id === account.account_id && !p.ok).length,
      }
    })
  }
  const view = async (account: CloudAccountRecord) => (await views([account]))[0] as AwsAccount

  /**
   * A page's parts and its resources of one kind, answered as they are stored (a large account has thousands: parsing
   * and writing them again would be most of the page's time).
   */
  const pageOf = async (userId: string, accountId: string, kind: string, areas: readonly string[]) => {
    const account = await owned(userId, accountId)
    const [parts, items] = await Promise.all([
      repos.cloudData.parts(accountId),
      repos.cloudData.resourceData(accountId, kind),
    ])
    return {
      account: await view(account),
      parts: parts.filter((p) => areas.includes(p.area)).map(partView),
      items,
    }
  }

  return {
    ...accounts.commonCalls(views),

    setup: async (userId: string): Promise<AwsSetup> => {
      await feature(userId)
      const externalId = externalIdOf(deps, userId)
      const vigilAccount = deps.config.cloud.vigilAwsAccountId ?? null
      return {
        policy: AWS_READ_ONLY_POLICY_JSON,
        external_id: externalId,
        vigil_account_id: vigilAccount,
        trust_policy: JSON.stringify(awsRoleTrustPolicy(vigilAccount ?? 'VIGIL_AWS_ACCOUNT_ID', externalId), null, 2),
        regions: Object.entries(AWS_REGIONS).map(([code, name]) => ({ code, name })),
      }
    },

    /** Checks the credentials, finds the regions to read when none were chosen, stores the account and reads it. */
    connect: async (userId: string, body: unknown) => {
      await feature(userId)
      const input = checked(AwsAccountInput, body)
      const credentials = credentialsOf(input)
      const identity = await verify(userId, credentials)
      let regions = input.regions
      if (!regions) {
        try {
          regions = (await deps.cloud.aws.enabledRegions(credentials)).filter(isAwsRegion)
        } catch (error) {
          const { message } = connectRefusal(error, credentials.auth)
          throw invalid(`The account's regions could not be listed. ${message} Or choose the regions to watch.`, {
            regions: 'Choose the regions to watch.',
          })
        }
      }
      const account = await accounts.insert(userId, {
        name: input.name,
        credentials,
        scope: { regions },
        identity: { aws_account_id: identity.account_id, arn: identity.arn },
      })
      return view(account)
    },

    update: async (userId: string, accountId: string, body: unknown) => {
      const account = await owned(userId, accountId)
      const { name, regions, credentials } = checked(AwsAccountPatch, body)
      let change: Parameters<typeof accounts.change>[1] = {}
      if (name !== undefined) change.name = name
      if (regions !== undefined) change.scope = { ...account.scope, regions }
      if (credentials !== undefined) {
        const fresh = credentialsOf(credentials)
        const identity = await verify(userId, fresh)
        change = {
          ...change,
          ...accounts.newCredentials(fresh),
          identity: { aws_account_id: identity.account_id, arn: identity.arn },
        }
      }
      // What is read changed: read it again at once.
      return view(await accounts.change(accountId, change, regions !== undefined || credentials !== undefined))
    },

    /** Checks the stored credentials again (they may have been revoked), and says so on the account. */
    test: async (userId: string, accountId: string) => {
      const { account, ...answer } = await accounts.retest(userId, accountId, async (account) => {
        const identity = await deps.cloud.aws.verify(sealed(account))
        return {
          message: `Connected as ${identity.arn}.`,
          change: { identity: { aws_account_id: identity.account_id, arn: identity.arn } },
        }
      })
      return { ...answer, account: await view(account) }
    },

    billing: async (userId: string, accountId: string) => {
      const account = await owned(userId, accountId)
      const [parts, costs] = await Promise.all([
        repos.cloudData.parts(accountId),
        repos.cloudData.costs<CostSummary>(accountId),
      ])
      const everyMs = deps.config.cloud.costReadMs
      return {
        account: await view(account),
        parts: parts.filter((p) => p.area === 'costs' || p.area === 'cost_forecast').map(partView),
        costs: costs?.data ?? null,
        read_at: iso(costs?.read_at ?? null),
        next_read_at: iso(account.costs_read_at === null ? null : account.costs_read_at + everyMs),
        read_every_hours: everyMs / 3_600_000,
      }
    },

    ec2: async (userId: string, accountId: string) => {
      const { items, ...rest } = await pageOf(userId, accountId, AWS_RESOURCE_KINDS.ec2, [
        'ec2',
        'ec2_status',
        'ec2_cpu',
      ])
      return { ...rest, instances: items }
    },
    rds: async (userId: string, accountId: string) => {
      const { items, ...rest } = await pageOf(userId, accountId, AWS_RESOURCE_KINDS.rds, ['rds'])
      return { ...rest, instances: items }
    },
    amplify: async (userId: string, accountId: string) => {
      const { items, ...rest } = await pageOf(userId, accountId, AWS_RESOURCE_KINDS.amplify, ['amplify'])
      return { ...rest, apps: items }
    },
    lightsail: async (userId: string, accountId: string) => {
      const { items, ...rest } = await pageOf(userId, accountId, AWS_RESOURCE_KINDS.lightsail, ['lightsail'])
      return { ...rest, instances: items }
    },

    /**
     * Every service the account uses, with its cost this month and, where Vigil lists them, its resources by state
     * (counted in the database: an account may have thousands of instances; only Amplify's apps are read whole).
     */
    services: async (userId: string, accountId: string) => {
      const account = await owned(userId, accountId)
      const [parts, states, resources, costs] = await Promise.all([
        repos.cloudData.parts(accountId),
        repos.cloudData.stateCounts(accountId),
        repos.cloudData.resources<unknown>(accountId, [AWS_RESOURCE_KINDS.amplify, AWS_RESOURCE_KINDS.health]),
        repos.cloudData.costs<CostSummary>(accountId),
      ])
      const of = <T>(kind: string) => resources.filter((r) => r.kind === kind).map((r) => r.data as T)
      const counted = (kind: string) =>
        resourcesByState(states.filter((c) => c.kind === kind).map((c) => ({ state: c.state, n: Number(c.n) })))
      const health = of<AwsHealth>(AWS_RESOURCE_KINDS.health)[0] ?? null
      return {
        account: await view(account),
        parts: parts.map(partView),
        services: awsServiceUse({
          costs: costs?.data ?? null,
          resources: {
            ec2: counted(AWS_RESOURCE_KINDS.ec2),
            rds: counted(AWS_RESOURCE_KINDS.rds),
            amplify: amplifyUse(of<AmplifyApp>(AWS_RESOURCE_KINDS.amplify)),
            lightsail: counted(AWS_RESOURCE_KINDS.lightsail),
          },
        }),
        currency: costs?.data.currency ?? null,
        health,
      }
    },
  }
}
