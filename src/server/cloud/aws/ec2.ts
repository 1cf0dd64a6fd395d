import { DescribeInstanceStatusCommand, DescribeInstancesCommand, EC2Client } from '@aws-sdk/client-ec2'
import type { Ec2Instance } from '@vigil/domain/aws'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSession, callPages } from './session.ts'

// EC2 instances of one region, and their two status checks. CPU comes from CloudWatch (cpu.ts).

/** The most DescribeInstances and DescribeInstanceStatus give per page. */
const PAGE = 1000

/** Every instance of the region (all pages), without statuses or CPU yet. */
export const readEc2Instances = async (session: AwsSession, region: string): Promise<Ec2Instance[]> => {
  const ec2 = session.client(EC2Client, region)
  const reservations = await callPages(
    session,
    AWS_ACTIONS.describeInstances,
    (token) => ec2.send(new DescribeInstancesCommand({ MaxResults: PAGE, NextToken: token })),
    (out) => ({ items: out.Reservations, next: out.NextToken }),
  )
  return reservations.flatMap((r) =>
    (r.Instances ?? []).map(
      (i): Ec2Instance => ({
        id: i.InstanceId ?? '',
        name: i.Tags?.find((t) => t.Key === 'Name')?.Value ?? null,
        type: i.InstanceType ?? '',
        state: i.State?.Name ?? 'pending',
        region,
        availability_zone: i.Placement?.AvailabilityZone ?? null,
        public_ip: i.PublicIpAddress ?? null,
        private_ip: i.PrivateIpAddress ?? null,
        launched_at: i.LaunchTime?.toISOString() ?? null,
        instance_status: null,
        system_status: null,
        cpu_average: null,
      }),
    ),
  )
}

export interface Ec2Checks {
  instance_status: string | null
  system_status: string | null
}

/** The instance and system status checks of every instance, stopped ones included, by instance id. */
export const readEc2Statuses = async (session: AwsSession, region: string): Promise<Map<string, Ec2Checks>> => {
  const ec2 = session.client(EC2Client, region)
  const statuses = await callPages(
    session,
    AWS_ACTIONS.describeInstanceStatus,
    (token) =>
      ec2.send(new DescribeInstanceStatusCommand({ IncludeAllInstances: true, MaxResults: PAGE, NextToken: token })),
    (out) => ({ items: out.InstanceStatuses, next: out.NextToken }),
  )
  return new Map(
    statuses.map((s) => [
      s.InstanceId ?? '',
      { instance_status: s.InstanceStatus?.Status ?? null, system_status: s.SystemStatus?.Status ?? null },
    ]),
  )
}
