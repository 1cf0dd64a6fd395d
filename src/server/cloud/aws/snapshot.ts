import type { AwsArea } from '@vigil/domain/aws'
import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import type { CloudSnapshot, CloudSyncOutcome } from '@vigil/domain/cloud-account'
import { AWS_RESOURCE_KINDS } from './resource-kinds.ts'
import type { AwsSessionOptions } from './session.ts'
import { type AwsSyncResult, syncAwsAccount } from './sync.ts'

// An AWS sync as the server stores it: each (area, region) part's status; for each part that read well, its
// resources (kinds: ec2_instance, rds_instance, amplify_app, lightsail_instance, health) and the costs.

export const awsSnapshot = (result: AwsSyncResult): CloudSnapshot => {
  const okIn = (area: AwsArea, region: string | null) =>
    result.parts.some((p) => p.area === area && p.region === region && p.status.ok)
  // Each regional area's resources as stored: their id, name and state.
  const regional = {
    ec2: () =>
      result.ec2.map((i) => ({ region: i.region, resource_id: i.id, name: i.name ?? i.id, state: i.state, data: i })),
    rds: () => result.rds.map((i) => ({ region: i.region, resource_id: i.id, name: i.id, state: i.status, data: i })),
    amplify: () =>
      result.amplify.map((a) => ({
        region: a.region,
        resource_id: a.id,
        name: a.name,
        // The app's state: a branch whose last build failed makes it failed.
        state: a.branches.some((b) => b.last_job?.status === 'FAILED') ? 'FAILED' : 'OK',
        data: a,
      })),
    lightsail: () =>
      result.lightsail.map((i) => ({ region: i.region, resource_id: i.name, name: i.name, state: i.state, data: i })),
  } as const
  const sets: CloudSnapshot['sets'] = []
  for (const region of result.regions)
    for (const [area, resources] of Object.entries(regional) as [keyof typeof regional, typeof regional.ec2][])
      if (okIn(area, region))
        sets.push({
          kind: AWS_RESOURCE_KINDS[area],
          scope: region,
          resources: resources()
            .filter((r) => r.region === region)
            .map(({ region: _, ...r }) => r),
        })
  if (result.health && okIn('health', null))
    sets.push({
      kind: AWS_RESOURCE_KINDS.health,
      scope: '',
      resources: [
        {
          resource_id: 'health',
          name: 'AWS Health',
          state: result.health.available ? 'available' : 'unavailable',
          data: result.health,
        },
      ],
    })
  return {
    parts: result.parts.map((p) => ({
      area: p.area,
      scope: p.region ?? '',
      ok: p.status.ok,
      kind: p.status.ok ? null : p.status.kind,
      message: p.status.ok ? null : p.status.message,
      action: p.status.ok ? null : p.status.action,
    })),
    sets,
    costs: result.costs ? [{ scope: '', data: result.costs }] : [],
  }
}

/** One sync of an AWS account: everything read for its regions, costs when they are due. */
export const syncAwsSnapshot = async (
  credentials: AwsCredentialsInput,
  regions: readonly string[],
  options: AwsSessionOptions & { costs: boolean; now: number },
): Promise<CloudSyncOutcome> => ({
  ok: true,
  // Credentials AWS refuses fail every part, each with the reason: the account's status says so.
  snapshot: awsSnapshot(await syncAwsAccount(credentials, regions, options)),
})
