import * as v from 'valibot'

// The standard commercial AWS regions (partition "aws"), as the SDK's partition table lists them. Users pick
// from these; an account may have fewer enabled (opt-in regions), which the server learns from DescribeRegions.

export const AWS_REGIONS = {
  'af-south-1': 'Africa (Cape Town)',
  'ap-east-1': 'Asia Pacific (Hong Kong)',
  'ap-east-2': 'Asia Pacific (Taipei)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-northeast-2': 'Asia Pacific (Seoul)',
  'ap-northeast-3': 'Asia Pacific (Osaka)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
  'ap-south-2': 'Asia Pacific (Hyderabad)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
  'ap-southeast-3': 'Asia Pacific (Jakarta)',
  'ap-southeast-4': 'Asia Pacific (Melbourne)',
  'ap-southeast-5': 'Asia Pacific (Malaysia)',
  'ap-southeast-6': 'Asia Pacific (New Zealand)',
  'ap-southeast-7': 'Asia Pacific (Thailand)',
  'ca-central-1': 'Canada (Central)',
  'ca-west-1': 'Canada West (Calgary)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-central-2': 'Europe (Zurich)',
  'eu-north-1': 'Europe (Stockholm)',
  'eu-south-1': 'Europe (Milan)',
  'eu-south-2': 'Europe (Spain)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-west-2': 'Europe (London)',
  'eu-west-3': 'Europe (Paris)',
  'il-central-1': 'Israel (Tel Aviv)',
  'me-central-1': 'Middle East (UAE)',
  'me-south-1': 'Middle East (Bahrain)',
  'me-west-1': 'Middle East (Saudi Arabia)',
  'mx-central-1': 'Mexico (Central)',
  'sa-east-1': 'South America (Sao Paulo)',
  'sa-west-1': 'South America (Chile)',
  'us-east-1': 'US East (N. Virginia)',
  'us-east-2': 'US East (Ohio)',
  'us-west-1': 'US West (N. California)',
  'us-west-2': 'US West (Oregon)',
} as const

export type AwsRegionCode = keyof typeof AWS_REGIONS
export const AWS_REGION_CODES = Object.keys(AWS_REGIONS) as AwsRegionCode[]

export const isAwsRegion = (code: string): code is AwsRegionCode => Object.hasOwn(AWS_REGIONS, code)

/** Cost Explorer and Health are global services answered from us-east-1. */
export const AWS_GLOBAL_REGION: AwsRegionCode = 'us-east-1'

/**
 * Regions where Lightsail and Amplify Hosting run (AWS General Reference, service endpoints). Other regions have
 * no endpoint for them, so they are not asked there.
 */
export const LIGHTSAIL_REGIONS: readonly AwsRegionCode[] = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
]
export const AMPLIFY_REGIONS: readonly AwsRegionCode[] = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'eu-south-1',
  'me-south-1',
  'ap-east-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
]

export const AwsRegion = v.pipe(
  v.string('Region is required.'),
  v.trim(),
  v.nonEmpty('Region is required.'),
  v.check(isAwsRegion, (issue) => `Unknown AWS region: ${String(issue.input)}. Use a code such as eu-west-1.`),
)

export const AwsRegions = v.pipe(
  v.array(AwsRegion, 'Regions must be a list of region codes.'),
  v.minLength(1, 'Choose at least one region.'),
  v.check((list) => new Set(list).size === list.length, 'Each region may be chosen once.'),
)
