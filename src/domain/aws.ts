import * as v from 'valibot'

// What Vigil reads from a connected AWS account, as the API answers it. Times are ISO 8601 strings; amounts are
// in the account's billing currency. States are AWS's own words (the *_STATES lists name the usual ones).

export * from './aws-costs.ts'
export * from './aws-credentials.ts'
export * from './aws-policy.ts'
export * from './aws-regions.ts'

const text = v.string()
const maybeText = v.nullable(v.string())
const maybeTime = v.nullable(v.string())

export const EC2_STATES = ['pending', 'running', 'shutting-down', 'terminated', 'stopping', 'stopped'] as const
/** Both instance checks (reachability of the instance, and of the host AWS runs it on) answer one of these. */
export const EC2_CHECK_STATUSES = ['ok', 'impaired', 'insufficient-data', 'not-applicable', 'initializing'] as const

export const Ec2Instance = v.object({
  id: text,
  /** The Name tag, if the instance has one. */
  name: maybeText,
  type: text,
  state: text,
  region: text,
  availability_zone: maybeText,
  public_ip: maybeText,
  private_ip: maybeText,
  launched_at: maybeTime,
  instance_status: maybeText,
  system_status: maybeText,
  /** Average CPUUtilization (percent) over the last hour; null when CloudWatch has no data points. */
  cpu_average: v.nullable(v.number()),
})
export type Ec2Instance = v.InferOutput<typeof Ec2Instance>

export const RdsInstance = v.object({
  id: text,
  engine: text,
  engine_version: text,
  class: text,
  status: text,
  allocated_storage_gb: v.number(),
  multi_az: v.boolean(),
  /** host:port, or null while the instance is being created. */
  endpoint: maybeText,
  region: text,
  availability_zone: maybeText,
})
export type RdsInstance = v.InferOutput<typeof RdsInstance>

export const AMPLIFY_JOB_STATUSES = [
  'PENDING',
  'PROVISIONING',
  'RUNNING',
  'FAILED',
  'SUCCEED',
  'CANCELLING',
  'CANCELLED',
] as const

export const AmplifyJob = v.object({ id: text, status: text, started_at: maybeTime, ended_at: maybeTime })
export type AmplifyJob = v.InferOutput<typeof AmplifyJob>

export const AmplifyBranch = v.object({
  name: text,
  stage: maybeText,
  /** The newest build or deploy of the branch; null when it never ran. */
  last_job: v.nullable(AmplifyJob),
})
export type AmplifyBranch = v.InferOutput<typeof AmplifyBranch>

export const AmplifyApp = v.object({
  id: text,
  name: text,
  region: text,
  default_domain: maybeText,
  repository: maybeText,
  platform: maybeText,
  branches: v.array(AmplifyBranch),
})
export type AmplifyApp = v.InferOutput<typeof AmplifyApp>

export const LightsailInstance = v.object({
  name: text,
  state: text,
  bundle_id: text,
  region: text,
  availability_zone: maybeText,
  public_ip: maybeText,
  private_ip: maybeText,
})
export type LightsailInstance = v.InferOutput<typeof LightsailInstance>

export const AWS_HEALTH_STATUSES = ['open', 'upcoming', 'closed'] as const

export const AwsHealthEvent = v.object({
  arn: text,
  service: text,
  type_code: text,
  category: text,
  /** null for events that concern no one region (global services). */
  region: maybeText,
  status: text,
  started_at: maybeTime,
  ended_at: maybeTime,
  updated_at: maybeTime,
})
export type AwsHealthEvent = v.InferOutput<typeof AwsHealthEvent>

/** The Health API needs a Business or Enterprise support plan: without one the account has no events to show. */
export const AwsHealth = v.variant('available', [
  v.object({ available: v.literal(true), events: v.array(AwsHealthEvent) }),
  v.object({ available: v.literal(false), reason: text }),
])
export type AwsHealth = v.InferOutput<typeof AwsHealth>

export const AWS_HEALTH_UNAVAILABLE =
  'AWS Health events need a Business, Enterprise On-Ramp or Enterprise support plan, which this account does not have.'

// A sync reads each (area, region) on its own. A part that failed keeps its error, so the caller keeps what it
// read before for that part and shows it as stale, with the reason.

export const AWS_ERROR_KINDS = ['denied', 'credentials', 'throttled', 'unavailable', 'other'] as const
export type AwsErrorKind = (typeof AWS_ERROR_KINDS)[number]

export const AWS_AREAS = [
  'ec2',
  'ec2_status',
  'ec2_cpu',
  'rds',
  'amplify',
  'lightsail',
  'costs',
  'cost_forecast',
  'health',
] as const
export type AwsArea = (typeof AWS_AREAS)[number]

export const AwsPartStatus = v.variant('ok', [
  v.object({ ok: v.literal(true) }),
  v.object({
    ok: v.literal(false),
    kind: v.picklist(AWS_ERROR_KINDS),
    message: text,
    /** The IAM action AWS refused or failed on, such as ec2:DescribeInstances. */
    action: maybeText,
  }),
])
export type AwsPartStatus = v.InferOutput<typeof AwsPartStatus>

export const AwsPart = v.object({
  area: v.picklist(AWS_AREAS),
  /** null for the global areas (costs, cost_forecast, health). */
  region: maybeText,
  status: AwsPartStatus,
})
export type AwsPart = v.InferOutput<typeof AwsPart>

export const AwsServiceUse = v.object({
  service: text,
  /** null when costs were not read. */
  cost_this_month: v.nullable(v.number()),
  /** null for services Vigil does not list resources of. */
  resource_count: v.nullable(v.number()),
  /** Resources per state, such as { running: 3, stopped: 1 }; null as resource_count. */
  states: v.nullable(v.record(v.string(), v.number())),
})
export type AwsServiceUse = v.InferOutput<typeof AwsServiceUse>

/** Cost Explorer's SERVICE dimension values of the services Vigil lists resources of. */
export const AWS_COST_SERVICE_NAMES = {
  ec2: 'Amazon Elastic Compute Cloud - Compute',
  rds: 'Amazon Relational Database Service',
  amplify: 'AWS Amplify',
  lightsail: 'Amazon Lightsail',
} as const

/** How many resources there are of a kind, and how many in each state (an Amplify app's: its branches' builds). */
export interface ResourceUse {
  count: number
  states: Record<string, number>
}

/** The use of resources counted in the database: how many in each state. */
export const resourcesByState = (counts: readonly { state: string; n: number }[]): ResourceUse => {
  const states: Record<string, number> = {}
  for (const c of counts) states[c.state] = (states[c.state] ?? 0) + c.n
  return { count: counts.reduce((sum, c) => sum + c.n, 0), states }
}

/** Amplify's use: its apps, with the outcome of each branch's last build as their states. */
export const amplifyUse = (apps: readonly Pick<AmplifyApp, 'branches'>[]): ResourceUse => ({
  count: apps.length,
  states: resourcesByState(
    apps.flatMap((a) => a.branches.map((b) => ({ state: b.last_job?.status ?? 'NOT_BUILT', n: 1 }))),
  ).states,
})

/**
 * One row per service the account uses: the services Vigil lists resources of (when it has any, or costs), then
 * every other service Cost Explorer billed this month. Highest cost first.
 */
export const awsServiceUse = (read: {
  costs: { services: readonly { service: string; amount: number }[] } | null
  resources: Record<keyof typeof AWS_COST_SERVICE_NAMES, ResourceUse>
}): AwsServiceUse[] => {
  const cost = new Map(read.costs?.services.map((s) => [s.service, s.amount]))
  const rows: AwsServiceUse[] = []
  for (const [area, service] of Object.entries(AWS_COST_SERVICE_NAMES) as [
    keyof typeof AWS_COST_SERVICE_NAMES,
    string,
  ][]) {
    const use = read.resources[area]
    if (use.count === 0 && !cost.has(service)) continue
    rows.push({
      service,
      cost_this_month: read.costs ? (cost.get(service) ?? 0) : null,
      resource_count: use.count,
      states: use.states,
    })
    cost.delete(service)
  }
  for (const [service, amount] of cost)
    rows.push({ service, cost_this_month: amount, resource_count: null, states: null })
  return rows.sort((a, b) => (b.cost_this_month ?? 0) - (a.cost_this_month ?? 0) || a.service.localeCompare(b.service))
}
