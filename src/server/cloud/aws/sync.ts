import {
  type AmplifyApp,
  type AwsArea,
  type AwsHealth,
  type AwsPart,
  type AwsPartStatus,
  type AwsServiceUse,
  amplifyUse,
  awsServiceUse,
  type Ec2Instance,
  type LightsailInstance,
  type RdsInstance,
  resourcesByState,
} from '@vigil/domain/aws'
import { type CostSummary, costPeriods, costSummary } from '@vigil/domain/aws-costs'
import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import { AMPLIFY_REGIONS, type AwsRegionCode, LIGHTSAIL_REGIONS } from '@vigil/domain/aws-regions'
import { readAmplifyApps } from './amplify.ts'
import { readCostForecast, readCosts } from './costs.ts'
import { readCpuAverages } from './cpu.ts'
import { readEc2Instances, readEc2Statuses } from './ec2.ts'
import { AwsCallError, redact } from './errors.ts'
import { readHealth } from './health.ts'
import { readLightsailInstances } from './lightsail.ts'
import { readRdsInstances } from './rds.ts'
import { roleSessions } from './role-sessions.ts'
import { type AwsSession, type AwsSessionOptions, openAwsSession } from './session.ts'

// One read of everything Vigil shows for an account. Regions are read in parallel (the session caps the calls in
// flight); each (area, region) part stands alone, so AccessDenied on one action, or a region that keeps
// throttling, fails that part and no other. The caller keeps its previous data of a failed part as stale.

export interface AwsSyncOptions extends AwsSessionOptions {
  /** Whether to read Cost Explorer this time: each of its calls is billed, so the caller reads costs every few hours. */
  costs: boolean
  /** The time of the sync (epoch ms): the CPU hour ends and the cost month is taken here. Default now. */
  now?: number
}

export interface AwsSyncResult {
  regions: string[]
  /** Every part read, with its status: regional areas per region, then health, costs and the forecast. */
  parts: AwsPart[]
  /** What the parts that succeeded read. An instance's statuses or CPU are null when their part failed. */
  ec2: Ec2Instance[]
  rds: RdsInstance[]
  amplify: AmplifyApp[]
  lightsail: LightsailInstance[]
  /** null when costs were not read this time, or their part failed. */
  costs: CostSummary | null
  /** null when the health part failed. */
  health: AwsHealth | null
  /** From this sync's reads only: recompute with awsServiceUse over the kept data when parts failed. */
  services: AwsServiceUse[]
}

const OK: AwsPartStatus = { ok: true }

const statusOf = (error: unknown): Extract<AwsPartStatus, { ok: false }> =>
  error instanceof AwsCallError
    ? error.status
    : { ok: false, kind: 'other', message: `Unexpected failure: ${redact(String(error))}`, action: null }

interface Read<T> {
  part: AwsPart
  data: T | null
}

const read = async <T>(area: AwsArea, region: string | null, run: () => Promise<T>): Promise<Read<T>> => {
  try {
    return { part: { area, region, status: OK }, data: await run() }
  } catch (error) {
    return { part: { area, region, status: statusOf(error) }, data: null }
  }
}

const failed = (area: AwsArea, region: string | null, status: AwsPartStatus): Read<never> => ({
  part: { area, region, status },
  data: null,
})

const readEc2 = async (session: AwsSession, region: string, now: number) => {
  const [instances, statuses] = await Promise.all([
    read('ec2', region, () => readEc2Instances(session, region)),
    read('ec2_status', region, () => readEc2Statuses(session, region)),
  ])
  const cpu = instances.data
    ? await read('ec2_cpu', region, () =>
        readCpuAverages(
          session,
          region,
          (instances.data ?? []).filter((i) => i.state !== 'terminated').map((i) => i.id),
          now,
        ),
      )
    : failed('ec2_cpu', region, instances.part.status)
  const merged = (instances.data ?? []).map((i) => ({
    ...i,
    ...statuses.data?.get(i.id),
    cpu_average: cpu.data?.get(i.id) ?? null,
  }))
  return { parts: [instances.part, statuses.part, cpu.part], instances: merged }
}

/** Amplify and Lightsail have no endpoint in some regions: they are not asked there. */
const offered = (area: 'amplify' | 'lightsail', region: string) =>
  (area === 'amplify' ? AMPLIFY_REGIONS : LIGHTSAIL_REGIONS).includes(region as AwsRegionCode)

const readRegion = async (session: AwsSession, region: string, now: number) => {
  const [ec2, rds, amplify, lightsail] = await Promise.all([
    readEc2(session, region, now),
    read('rds', region, () => readRdsInstances(session, region)),
    offered('amplify', region) ? read('amplify', region, () => readAmplifyApps(session, region)) : null,
    offered('lightsail', region) ? read('lightsail', region, () => readLightsailInstances(session, region)) : null,
  ])
  return {
    parts: [...ec2.parts, rds.part, ...(amplify ? [amplify.part] : []), ...(lightsail ? [lightsail.part] : [])],
    ec2: ec2.instances,
    rds: rds.data ?? [],
    amplify: amplify?.data ?? [],
    lightsail: lightsail?.data ?? [],
  }
}

const readGlobal = async (session: AwsSession, options: AwsSyncOptions, now: number) => {
  const periods = costPeriods(now)
  const [health, costs, forecast] = await Promise.all([
    read('health', null, () => readHealth(session)),
    options.costs ? read('costs', null, () => readCosts(session, periods)) : null,
    options.costs ? read('cost_forecast', null, () => readCostForecast(session, periods)) : null,
  ])
  const summary =
    costs?.data && forecast
      ? costSummary(periods, costs.data.lines, costs.data.lastMonth, forecast.part.status.ok ? forecast.data : null)
      : null
  return {
    parts: [health.part, ...(costs ? [costs.part] : []), ...(forecast ? [forecast.part] : [])],
    health: health.data,
    costs: summary,
  }
}

/**
 * Reads an account: EC2 (with status checks and CPU), RDS, Amplify and Lightsail in each region given, Health,
 * and costs when `options.costs`. Never throws for AWS's answers: each part says how it went.
 */
export const syncAwsAccount = async (
  creds: AwsCredentialsInput,
  regions: readonly string[],
  options: AwsSyncOptions,
): Promise<AwsSyncResult> => {
  const now = options.now ?? Date.now()
  const unique = [...new Set(regions)]
  const session = openAwsSession(creds, options)
  try {
    try {
      await session.identity()
    } catch (error) {
      // Without credentials (a role that cannot be assumed) no part can be read: each says why.
      return everyPartFailed(unique, options, statusOf(error))
    }
    const [perRegion, global] = await Promise.all([
      Promise.all(unique.map((region) => readRegion(session, region, now))),
      readGlobal(session, options, now),
    ])
    const parts = [...perRegion.flatMap((r) => r.parts), ...global.parts]
    // Assumed credentials AWS no longer takes (the session was revoked) are not kept for the next sync.
    if (creds.auth === 'role' && parts.some((p) => !p.status.ok && p.status.kind === 'credentials'))
      (options.roleSessions ?? roleSessions).forget(creds, options)
    const result = {
      regions: unique,
      parts,
      ec2: perRegion.flatMap((r) => r.ec2),
      rds: perRegion.flatMap((r) => r.rds),
      amplify: perRegion.flatMap((r) => r.amplify),
      lightsail: perRegion.flatMap((r) => r.lightsail),
      costs: global.costs,
      health: global.health,
    }
    const listed = (states: readonly string[]) => resourcesByState(states.map((state) => ({ state, n: 1 })))
    const services = awsServiceUse({
      costs: result.costs,
      resources: {
        ec2: listed(result.ec2.map((i) => i.state)),
        rds: listed(result.rds.map((i) => i.status)),
        amplify: amplifyUse(result.amplify),
        lightsail: listed(result.lightsail.map((i) => i.state)),
      },
    })
    return { ...result, services }
  } finally {
    session.close()
  }
}

const everyPartFailed = (regions: string[], options: AwsSyncOptions, status: AwsPartStatus): AwsSyncResult => {
  const regional = regions.flatMap((region) =>
    (['ec2', 'ec2_status', 'ec2_cpu', 'rds', 'amplify', 'lightsail'] as const)
      .filter((area) => (area !== 'amplify' && area !== 'lightsail') || offered(area, region))
      .map((area): AwsPart => ({ area, region, status })),
  )
  const global = (options.costs ? (['health', 'costs', 'cost_forecast'] as const) : (['health'] as const)).map(
    (area): AwsPart => ({ area, region: null, status }),
  )
  return {
    regions,
    parts: [...regional, ...global],
    ec2: [],
    rds: [],
    amplify: [],
    lightsail: [],
    costs: null,
    health: null,
    services: [],
  }
}
