import { type Context, pageSize } from './context.ts'
import { type Answer, faults, members, page, queryAnswer } from './protocols.ts'

const XMLNS = 'http://rds.amazonaws.com/doc/2014-10-31/'

export const rds: Record<string, (ctx: Context) => Answer> = {
  DescribeDBInstances: (ctx) => {
    const asked = ctx.params.has('MaxRecords') ? Number(ctx.params.get('MaxRecords')) : undefined
    if (asked !== undefined && (asked < 20 || asked > 100))
      throw faults.invalid('query', 'Invalid value for MaxRecords. Must be between 20 and 100')
    const all = ctx.account.rds[ctx.region] ?? []
    const { items, next } = page(all, ctx.params.get('Marker'), pageSize(ctx, asked, 100))
    return queryAnswer('DescribeDBInstances', XMLNS, {
      DBInstances: members(
        'DBInstance',
        items.map((db) => ({
          DBInstanceIdentifier: db.id,
          DBInstanceClass: db.class,
          Engine: db.engine,
          DBInstanceStatus: db.status,
          MasterUsername: 'admin',
          Endpoint: db.address ? { Address: db.address, Port: db.port ?? 5432, HostedZoneId: 'Z2R2ITUGPM61AM' } : null,
          AllocatedStorage: db.storageGb,
          AvailabilityZone: db.az,
          MultiAZ: db.multiAz,
          EngineVersion: db.engineVersion,
          DBInstanceArn: `arn:aws:rds:${ctx.region}:${ctx.account.id}:db:${db.id}`,
          StorageType: 'gp3',
        })),
      ),
      Marker: next,
    })
  },
}
