import type { AmplifyAppFixture, Ec2Fixture, LightsailFixture, RdsFixture } from './world.ts'

// Resources for the loopback AWS, with usual values for what a test does not care about.

export const ec2Instance = (id: string, over: Partial<Ec2Fixture> = {}): Ec2Fixture => ({
  id,
  type: 't3.micro',
  state: 'running',
  az: 'eu-west-1a',
  privateIp: '10.0.0.10',
  launchTime: '2025-05-01T08:00:00.000Z',
  instanceStatus: 'ok',
  systemStatus: 'ok',
  cpu: [],
  ...over,
})

/** `count` running instances named web-N, with two CPU points each, in the region's first zone. */
/** Ten commercial regions: a large account's spread, for the scale test and bench:cloud. */
export const TEN_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
] as const

export const manyInstances = (region: string, count: number): Ec2Fixture[] =>
  Array.from({ length: count }, (_, n) =>
    ec2Instance(`i-${region.replaceAll('-', '')}${String(n).padStart(6, '0')}`, {
      name: `web-${n}`,
      az: `${region}a`,
      privateIp: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      cpu: [n % 100, (n + 10) % 100],
    }),
  )

export const rdsInstance = (id: string, over: Partial<RdsFixture> = {}): RdsFixture => ({
  id,
  engine: 'postgres',
  engineVersion: '16.3',
  class: 'db.t4g.micro',
  status: 'available',
  storageGb: 20,
  multiAz: false,
  address: `${id}.abcdefghij.eu-west-1.rds.amazonaws.com`,
  port: 5432,
  az: 'eu-west-1b',
  ...over,
})

export const amplifyApp = (id: string, over: Partial<AmplifyAppFixture> = {}): AmplifyAppFixture => ({
  id,
  name: `site-${id}`,
  defaultDomain: `${id}.amplifyapp.com`,
  repository: `https://github.com/example/${id}`,
  platform: 'WEB',
  branches: [],
  ...over,
})

export const lightsailInstance = (name: string, over: Partial<LightsailFixture> = {}): LightsailFixture => ({
  name,
  state: 'running',
  bundleId: 'nano_3_0',
  az: 'eu-west-1a',
  publicIp: '203.0.113.10',
  privateIp: '172.26.0.10',
  ...over,
})
