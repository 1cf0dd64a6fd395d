import { GetInstancesCommand, LightsailClient } from '@aws-sdk/client-lightsail'
import type { LightsailInstance } from '@vigil/domain/aws'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSession, callPages } from './session.ts'

/** Every Lightsail instance of the region (Lightsail sets the page size; pageToken after pageToken). */
export const readLightsailInstances = async (session: AwsSession, region: string): Promise<LightsailInstance[]> => {
  const lightsail = session.client(LightsailClient, region)
  const instances = await callPages(
    session,
    AWS_ACTIONS.getInstances,
    (token) => lightsail.send(new GetInstancesCommand({ pageToken: token })),
    (out) => ({ items: out.instances, next: out.nextPageToken }),
  )
  return instances.map((i) => ({
    name: i.name ?? '',
    state: i.state?.name ?? '',
    bundle_id: i.bundleId ?? '',
    region,
    availability_zone: i.location?.availabilityZone ?? null,
    public_ip: i.publicIpAddress ?? null,
    private_ip: i.privateIpAddress ?? null,
  }))
}
