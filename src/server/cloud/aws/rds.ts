import { DescribeDBInstancesCommand, RDSClient } from '@aws-sdk/client-rds'
import type { RdsInstance } from '@vigil/domain/aws'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSession, callPages } from './session.ts'

/** The most DescribeDBInstances gives per page. */
const PAGE = 100

/** Every RDS database instance of the region (all pages, Marker after Marker). */
export const readRdsInstances = async (session: AwsSession, region: string): Promise<RdsInstance[]> => {
  const rds = session.client(RDSClient, region)
  const instances = await callPages(
    session,
    AWS_ACTIONS.describeDbInstances,
    (token) => rds.send(new DescribeDBInstancesCommand({ MaxRecords: PAGE, Marker: token })),
    (out) => ({ items: out.DBInstances, next: out.Marker }),
  )
  return instances.map((db) => ({
    id: db.DBInstanceIdentifier ?? '',
    engine: db.Engine ?? '',
    engine_version: db.EngineVersion ?? '',
    class: db.DBInstanceClass ?? '',
    status: db.DBInstanceStatus ?? '',
    allocated_storage_gb: db.AllocatedStorage ?? 0,
    multi_az: db.MultiAZ ?? false,
    endpoint: db.Endpoint?.Address ? `${db.Endpoint.Address}:${db.Endpoint.Port ?? ''}` : null,
    region,
    availability_zone: db.AvailabilityZone ?? null,
  }))
}
