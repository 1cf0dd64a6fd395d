import { AZURE_RESOURCE_KINDS } from '@vigil/domain/azure'
import { CLOUD_PROVIDER_WORDS } from '@vigil/domain/cloud-account'
import { M365_RESOURCE_KINDS } from '@vigil/domain/m365'
import type { MonitorInput } from '@vigil/domain/monitor.schema'
import { subscriptionOfResource } from '@vigil/domain/monitor-types/azure'
import { AWS_RESOURCE_KINDS } from '../cloud/aws/resource-kinds.ts'
import type { CloudAccountRecord } from '../db/repos/cloud-accounts.repo.ts'
import type { Repos } from '../db/repos/index.ts'
import { Failure } from '../errors.ts'

// A cloud monitor is checked against its account's last read when it is saved (issue 35): a service, instance,
// resource, region or subscription the account does not have is refused with those it has, at the form's field,
// rather than saved to be down for ever. What cannot be told yet (the account was never read, or the part that reads
// the resource failed) is saved with a warning that says so: the monitor's checks tell once a read finds it or not.

/** The fields that name what a cloud monitor watches: a change of one is checked again. */
const TARGET_FIELDS = ['account_id', 'rule', 'service_id'] as const

/** The most choices a message lists. */
const MAX_CHOICES = 10

interface Choice {
  id: string
  name: string
}

/** Where a resource is: one of the places (regions, subscriptions) the account reads, at the form's field. */
interface Place {
  field: string
  id: string
}

/** A resource as the account's sync stores it, the part of the read it comes from, and how to name it. */
interface Resource {
  field: string
  id: string
  kind: string
  scope: string
  area: string
  /** "EC2 instance", "service". */
  noun: string
  /** " in eu-west-1": where it was looked for, as the message says it. */
  where: string
  /** What to do when the place has none at all. */
  elsewhere: string
}

interface Target {
  place: Place | null
  resource: Resource | null
  /** The Amplify app's branch, among the app's. */
  branch: { field: string; name: string } | null
}

const AWS_NOUNS = { ec2: 'EC2 instance', rds: 'RDS instance', amplify: 'Amplify app', lightsail: 'Lightsail instance' }

/** What a cloud monitor names, or null for other types (and AWS cost budgets, which name nothing but the account). */
const targetOf = (input: MonitorInput): Target | null => {
  switch (input.type) {
    case 'aws': {
      const { rule } = input
      if (rule.resource === 'cost') return null
      const id = {
        ec2: () => ({ field: 'rule.instance_id', id: rule.resource === 'ec2' ? rule.instance_id : '' }),
        rds: () => ({ field: 'rule.db_instance_id', id: rule.resource === 'rds' ? rule.db_instance_id : '' }),
        amplify: () => ({ field: 'rule.app_id', id: rule.resource === 'amplify' ? rule.app_id : '' }),
        lightsail: () => ({ field: 'rule.instance_name', id: rule.resource === 'lightsail' ? rule.instance_name : '' }),
      }[rule.resource]()
      return {
        place: { field: 'rule.region', id: rule.region },
        resource: {
          ...id,
          kind: AWS_RESOURCE_KINDS[rule.resource],
          scope: rule.region,
          area: rule.resource,
          noun: AWS_NOUNS[rule.resource],
          where: ` in ${rule.region}`,
          elsewhere: 'choose another region.',
        },
        branch: rule.resource === 'amplify' ? { field: 'rule.branch', name: rule.branch } : null,
      }
    }
    case 'azure': {
      const { rule } = input
      if (rule.kind === 'cost')
        return { place: { field: 'rule.subscription_id', id: rule.subscription_id }, resource: null, branch: null }
      const subscription = subscriptionOfResource(rule.resource_id)
      return {
        place: { field: 'rule.resource_id', id: subscription },
        resource: {
          field: 'rule.resource_id',
          id: rule.resource_id,
          kind: AZURE_RESOURCE_KINDS.resource,
          scope: subscription,
          area: 'resources',
          noun: 'resource',
          where: ` in subscription ${subscription}`,
          elsewhere: 'choose another subscription.',
        },
        branch: null,
      }
    }
    case 'microsoft365':
      return {
        place: null,
        resource: {
          field: 'service_id',
          id: input.service_id,
          kind: M365_RESOURCE_KINDS.service,
          scope: '',
          area: 'health',
          noun: 'service',
          where: '',
          elsewhere: 'read the tenant again later.',
        },
        branch: null,
      }
    default:
      return null
  }
}

/** "a (A), b, c, or one of 4 more on the account's page": in order, at most MAX_CHOICES. */
const listed = (choices: readonly Choice[]) => {
  const sorted = [...choices].sort((a, b) => a.id.localeCompare(b.id, 'en', { sensitivity: 'base' }))
  const shown = sorted.slice(0, MAX_CHOICES).map((c) => (c.name && c.name !== c.id ? `${c.id} (${c.name})` : c.id))
  const more = sorted.length - shown.length
  return more > 0 ? `${shown.join(', ')}, or one of ${more} more on the account's page` : shown.join(', ')
}

const refuse = (field: string, message: string) => new Failure('invalid', message, { [field]: message })

/** An Azure resource is named by the last part of its id; everything else by its id. */
const shownId = (resource: Resource) =>
  resource.kind === AZURE_RESOURCE_KINDS.resource ? (resource.id.split('/').pop() ?? resource.id) : resource.id

/**
 * Checks what a cloud monitor names against its account's last read, on create (`changes` undefined) and on a change
 * of what it names. Throws a 400 with the choices at the field; answers a warning when it could not be told (null
 * when it was found, or nothing is named). The account is the user's own (checked before).
 */
export const checkCloudTarget = async (
  repos: Pick<Repos, 'cloudAccounts' | 'cloudData'>,
  input: MonitorInput,
  changes?: Record<string, unknown>,
): Promise<string | null> => {
  if (changes && !TARGET_FIELDS.some((field) => field in changes)) return null
  const target = targetOf(input)
  const account = target && (await repos.cloudAccounts.find((input as { account_id: string }).account_id))
  if (!target || !account) return null
  const named = `${CLOUD_PROVIDER_WORDS[account.provider].account} ${account.name}`

  if (target.place) await checkPlace(repos, account, named, target.place)
  const { resource } = target
  if (!resource) return null
  const found = await repos.cloudData.resource<{ name?: string; branches?: { name: string }[] }>(
    account.account_id,
    resource.kind,
    resource.scope,
    resource.id,
  )
  const what = `the ${resource.noun} "${shownId(resource)}"${resource.where}`
  if (found) {
    const { branch } = target
    const branches = found.data.branches ?? []
    if (branch && !branches.some((b) => b.name === branch.name))
      throw refuse(
        branch.field,
        `The Amplify app ${found.name} (${resource.id}) of ${named} has no branch "${branch.name}". ${
          branches.length > 0
            ? `Choose one of: ${listed(branches.map((b) => ({ id: b.name, name: b.name })))}.`
            : 'It has no branches yet: connect one in Amplify first.'
        }`,
      )
    return null
  }
  if (account.synced_at === null)
    return `Saved without checking ${what}: ${named} has not been read yet. The monitor says so if its first read does not find it.`
  const part = (await repos.cloudData.parts(account.account_id)).find(
    (p) => p.area === resource.area && p.scope === resource.scope,
  )
  // The part that lists it was not read (a region added since), or its last read failed: it may exist.
  if (!part?.ok)
    return `Saved without checking ${what}: ${named} ${
      part ? `could not read it at its last read (${part.message ?? 'no reason given'})` : 'has not read it yet'
    }. The monitor says so if a later read does not find it.`
  const choices = (await repos.cloudData.resources(account.account_id, [resource.kind]))
    .filter((r) => r.scope === resource.scope)
    .map((r) => ({ id: r.resource_id, name: r.name }))
  const none = `${named} has no ${resource.noun} "${shownId(resource)}"${resource.where}`
  throw refuse(
    resource.field,
    choices.length > 0
      ? `${none}. Choose one of: ${listed(choices)}.`
      : `${none}, nor any other there: ${resource.elsewhere}`,
  )
}

/** The region or subscription must be one the account reads: it says which when connected, before any read. */
const checkPlace = async (
  repos: Pick<Repos, 'cloudData'>,
  account: CloudAccountRecord,
  named: string,
  place: Place,
) => {
  if (account.provider === 'aws') {
    const regions = account.scope.regions
    if (!Array.isArray(regions) || regions.includes(place.id)) return
    const choices = regions.map((r) => ({ id: String(r), name: '' }))
    throw refuse(
      place.field,
      `${named} does not read ${place.id}. ${choices.length > 0 ? `Choose one of: ${listed(choices)}, or add` : 'Add'} the region to the account.`,
    )
  }
  if (account.provider === 'azure') {
    const subscriptions = account.scope.subscription_ids
    if (!Array.isArray(subscriptions) || subscriptions.includes(place.id)) return
    const names = new Map(
      (await repos.cloudData.resources(account.account_id, [AZURE_RESOURCE_KINDS.subscription])).map((s) => [
        s.resource_id,
        s.name,
      ]),
    )
    const choices = subscriptions.map((s) => ({ id: String(s), name: names.get(String(s)) ?? '' }))
    throw refuse(
      place.field,
      `${named} has no subscription ${place.id}. ${
        choices.length > 0 ? `Choose one of: ${listed(choices)}, or add` : 'Add'
      } the subscription to the account.`,
    )
  }
}
