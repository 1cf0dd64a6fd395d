import { type Context, pageSize } from './context.ts'
import { type Answer, ec2Answer, faults, page } from './protocols.ts'
import type { Ec2Fixture } from './world.ts'

const STATE_CODES: Record<string, number> = {
  pending: 0,
  running: 16,
  'shutting-down': 32,
  terminated: 48,
  stopping: 64,
  stopped: 80,
}

const state = (i: Ec2Fixture) => ({ code: STATE_CODES[i.state] ?? 0, name: i.state })

const maxResults = (ctx: Context) => {
  if (!ctx.params.has('MaxResults')) return undefined
  const n = Number(ctx.params.get('MaxResults'))
  if (!(n >= 5 && n <= 1000))
    throw faults.invalid('ec2', 'Value for parameter maxResults is invalid. Expecting a value between 5 and 1000.')
  return n
}

const instanceXml = (ctx: Context, i: Ec2Fixture) => ({
  instanceId: i.id,
  imageId: 'ami-0abcdef1234567890',
  instanceState: state(i),
  privateDnsName: i.privateIp ? `ip-${i.privateIp.replaceAll('.', '-')}.${ctx.region}.compute.internal` : '',
  dnsName: '',
  reason: '',
  amiLaunchIndex: 0,
  productCodes: '',
  instanceType: i.type,
  launchTime: i.launchTime,
  placement: { availabilityZone: i.az, groupName: '', tenancy: 'default' },
  monitoring: { state: 'disabled' },
  subnetId: 'subnet-0123456789abcdef0',
  vpcId: 'vpc-0123456789abcdef0',
  privateIpAddress: i.privateIp,
  ipAddress: i.publicIp,
  sourceDestCheck: true,
  groupSet: [{ groupId: 'sg-0123456789abcdef0', groupName: 'default' }],
  architecture: 'x86_64',
  rootDeviceType: 'ebs',
  rootDeviceName: '/dev/xvda',
  virtualizationType: 'hvm',
  tagSet: i.name ? [{ key: 'Name', value: i.name }] : '',
  hypervisor: 'xen',
})

const checkXml = (status: string) => ({
  status,
  details: [{ name: 'reachability', status: status === 'ok' ? 'passed' : status === 'impaired' ? 'failed' : status }],
})

export const ec2: Record<string, (ctx: Context) => Answer> = {
  DescribeRegions: (ctx) => {
    const all = ctx.params.get('AllRegions') === 'true'
    const regions = Object.entries(ctx.account.regions).filter(([, optIn]) => all || optIn !== 'not-opted-in')
    return ec2Answer('DescribeRegions', {
      regionInfo: regions.map(([name, optIn]) => ({
        regionName: name,
        regionEndpoint: `ec2.${name}.amazonaws.com`,
        optInStatus: optIn,
      })),
    })
  },

  DescribeInstances: (ctx) => {
    const asked = maxResults(ctx)
    // Without MaxResults, EC2 answers everything at once.
    const { items, next } = page(
      ctx.account.ec2[ctx.region] ?? [],
      ctx.params.get('NextToken'),
      pageSize(ctx, asked, Number.POSITIVE_INFINITY),
    )
    // Instances launched together share a reservation; reservations keep the order of their first instance.
    const reservations = new Map<string, Ec2Fixture[]>()
    for (const i of items) {
      const id = i.reservationId ?? `r-${i.id.slice(2)}`
      reservations.set(id, [...(reservations.get(id) ?? []), i])
    }
    return ec2Answer('DescribeInstances', {
      reservationSet: [...reservations].map(([id, instances]) => ({
        reservationId: id,
        ownerId: ctx.account.id,
        groupSet: '',
        instancesSet: instances.map((i) => instanceXml(ctx, i)),
      })),
      nextToken: next,
    })
  },

  DescribeInstanceStatus: (ctx) => {
    const asked = maxResults(ctx)
    const all = ctx.params.get('IncludeAllInstances') === 'true'
    // Terminated instances are never listed; without IncludeAllInstances only running ones are.
    const listed = (ctx.account.ec2[ctx.region] ?? []).filter(
      (i) => i.state !== 'terminated' && (all || i.state === 'running'),
    )
    const { items, next } = page(listed, ctx.params.get('NextToken'), pageSize(ctx, asked, 1000))
    return ec2Answer('DescribeInstanceStatus', {
      instanceStatusSet: items.map((i) => ({
        instanceId: i.id,
        availabilityZone: i.az,
        instanceState: state(i),
        systemStatus: checkXml(i.systemStatus),
        instanceStatus: checkXml(i.instanceStatus),
        attachedEbsStatus: checkXml(i.state === 'running' ? 'ok' : 'not-applicable'),
      })),
      nextToken: next,
    })
  },
}
