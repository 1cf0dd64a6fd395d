import { randomBytes, randomInt } from 'node:crypto'

// What the loopback AWS knows, as plain data tests change between calls: accounts with their users, roles and
// resources, and knobs for the answers (refuse an action, throttle the next calls, page sizes, latency).

export type RegionOptIn = 'opt-in-not-required' | 'opted-in' | 'not-opted-in'

export interface Ec2Fixture {
  id: string
  name?: string
  type: string
  state: 'pending' | 'running' | 'shutting-down' | 'terminated' | 'stopping' | 'stopped'
  az: string
  publicIp?: string
  privateIp?: string
  launchTime: string
  instanceStatus: string
  systemStatus: string
  /** CPUUtilization points (percent), one per five minutes of the last hour; empty for none. */
  cpu: number[]
  reservationId?: string
}

export interface RdsFixture {
  id: string
  engine: string
  engineVersion: string
  class: string
  status: string
  storageGb: number
  multiAz: boolean
  /** Absent while the database is being created. */
  address?: string
  port?: number
  az?: string
}

export interface AmplifyJobFixture {
  id: string
  status: string
  start: string
  end?: string
}

export interface AmplifyAppFixture {
  id: string
  name: string
  defaultDomain: string
  repository: string
  platform: string
  branches: { name: string; stage: string; jobs: AmplifyJobFixture[] }[]
}

export interface LightsailFixture {
  name: string
  state: string
  bundleId: string
  az: string
  publicIp?: string
  privateIp?: string
}

export interface CostFixture {
  /** YYYY-MM-DD (UTC). */
  date: string
  service: string
  amount: number
}

export interface HealthEventFixture {
  arn: string
  service: string
  typeCode: string
  category: string
  region: string
  status: 'open' | 'upcoming' | 'closed'
  start: string
  end?: string
  updated: string
}

export interface AccountWorld {
  id: string
  regions: Record<string, RegionOptIn>
  ec2: Record<string, Ec2Fixture[]>
  rds: Record<string, RdsFixture[]>
  amplify: Record<string, AmplifyAppFixture[]>
  lightsail: Record<string, LightsailFixture[]>
  currency: string
  costs: CostFixture[]
  /** AWS's forecast of the rest of the month; null answers DataUnavailableException. */
  forecast: number | null
  /** 'no-subscription' answers SubscriptionRequiredException (no Business support plan). */
  health: HealthEventFixture[] | 'no-subscription'
  roles: Record<string, { externalId: string; trusts: string[] }>
}

export interface KeyPair {
  accessKeyId: string
  secretAccessKey: string
  account: string
  /** The user, or the assumed role's session. */
  arn: string
  /** Set for assumed-role keys: their token, expiry and role. */
  sessionToken?: string
  expiresAt?: number
  roleArn?: string
}

export interface Failure {
  action: string
  count: number
  status: number
  code: string
  message: string
}

export interface Call {
  /** The IAM action, such as ec2:DescribeInstances. */
  action: string
  region: string
  accessKeyId: string | null
  /** The answer's HTTP status. */
  status: number
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const keyId = (prefix: 'AKIA' | 'ASIA') =>
  prefix + Array.from({ length: 16 }, () => UPPER[randomInt(UPPER.length)]).join('')
const secret = () => randomBytes(30).toString('base64')

export const newAccount = (id: string): AccountWorld => ({
  id,
  regions: { 'us-east-1': 'opt-in-not-required', 'eu-west-1': 'opt-in-not-required' },
  ec2: {},
  rds: {},
  amplify: {},
  lightsail: {},
  currency: 'USD',
  costs: [],
  forecast: null,
  health: [],
  roles: {},
})

export class World {
  readonly accounts = new Map<string, AccountWorld>()
  readonly keys = new Map<string, KeyPair>()
  /** How long assumed-role credentials last. */
  sessionSeconds = 3600
  /** Items per page by IAM action, below what the caller asked for; GetMetricData counts data points. */
  readonly pageSize: Record<string, number> = {}
  /** Added to every answer, so calls overlap as they do over a network. */
  latencyMs = 0
  readonly calls: Call[] = []
  /** The most requests the server held at once. */
  maxInFlight = 0
  readonly denied: { action: string; principal?: string }[] = []
  readonly throttled = new Map<string, number>()
  readonly failures: Failure[] = []

  account(id: string): AccountWorld {
    const account = this.accounts.get(id) ?? newAccount(id)
    this.accounts.set(id, account)
    return account
  }

  /** An IAM user with an access key, as the keys form takes it. */
  addUser(accountId: string, name: string) {
    this.account(accountId)
    const pair: KeyPair = {
      accessKeyId: keyId('AKIA'),
      secretAccessKey: secret(),
      account: accountId,
      arn: `arn:aws:iam::${accountId}:user/${name}`,
    }
    this.keys.set(pair.accessKeyId, pair)
    return { auth: 'keys' as const, access_key_id: pair.accessKeyId, secret_access_key: pair.secretAccessKey }
  }

  /** A role that principals of the `trusts` accounts may assume with the external id. */
  addRole(accountId: string, name: string, externalId: string, trusts: string[]) {
    const arn = `arn:aws:iam::${accountId}:role/${name}`
    this.account(accountId).roles[arn] = { externalId, trusts }
    return { auth: 'role' as const, role_arn: arn, external_id: externalId }
  }

  /** Temporary keys for an assumed role: the session token must come with them. */
  issueSession(roleArn: string, sessionName: string, now: number): KeyPair {
    const [, , , , account = '', resource = ''] = roleArn.split(':')
    const pair: KeyPair = {
      accessKeyId: keyId('ASIA'),
      secretAccessKey: secret(),
      sessionToken: `IQoJb3JpZ2luX2Vj${randomBytes(240).toString('base64')}`,
      expiresAt: now + this.sessionSeconds * 1000,
      account,
      arn: `arn:aws:sts::${account}:assumed-role/${resource.split('/').at(-1)}/${sessionName}`,
      roleArn,
    }
    this.keys.set(pair.accessKeyId, pair)
    return pair
  }

  /** AccessDenied for the action, for one principal (an access key id or a role ARN) or for everyone. */
  deny(action: string, principal?: string) {
    this.denied.push({ action, principal })
  }

  /** The next `count` calls of the action answer the service's throttling error. */
  throttle(action: string, count: number) {
    this.throttled.set(action, count)
  }

  /** The next `count` calls of the action answer this error. */
  fail(action: string, count: number, answer: { status: number; code: string; message: string }) {
    this.failures.push({ action, count, ...answer })
  }

  callsOf(action: string): Call[] {
    return this.calls.filter((c) => c.action === action)
  }

  reset() {
    this.calls.length = 0
    this.maxInFlight = 0
    this.denied.length = 0
    this.throttled.clear()
    this.failures.length = 0
    for (const key of Object.keys(this.pageSize)) delete this.pageSize[key]
    this.latencyMs = 0
  }
}
