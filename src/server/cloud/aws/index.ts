// The AWS adapter: the official SDK v3 clients, pointed at AWS, or at AWS_ENDPOINT_URL(_<SERVICE>) or
// options.endpoint. Callers use these; the readers are exported for single reads with an open session.

export { readAmplifyApps } from './amplify.ts'
export { type CostReading, readCostForecast, readCosts } from './costs.ts'
export { readCpuAverages } from './cpu.ts'
export { type Ec2Checks, readEc2Instances, readEc2Statuses } from './ec2.ts'
export { AwsCallError } from './errors.ts'
export { readHealth } from './health.ts'
export { readLightsailInstances } from './lightsail.ts'
export type { AwsIdentity, AwsOptions } from './options.ts'
export { readRdsInstances } from './rds.ts'
export { listEnabledRegions } from './regions.ts'
export { AwsRoleSessions, roleSessions } from './role-sessions.ts'
export { type AwsSession, type AwsSessionOptions, DEFAULT_MAX_IN_FLIGHT, openAwsSession } from './session.ts'
export { type AwsSyncOptions, type AwsSyncResult, syncAwsAccount } from './sync.ts'
export { type AwsAccountIdentity, verifyAwsAccount } from './verify.ts'
