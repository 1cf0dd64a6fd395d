import type { Protocol } from './protocols.ts'
import type { AccountWorld, KeyPair, World } from './world.ts'

/** What a service's handler gets: the caller, the region of the signature, and the request's parameters. */
export interface Context {
  world: World
  account: AccountWorld
  key: KeyPair
  region: string
  protocol: Protocol
  /** The IAM action, such as ec2:DescribeInstances. */
  action: string
  /** Form parameters (query and EC2 protocols) or the REST query string. */
  params: URLSearchParams
  /** The JSON body (JSON protocols). */
  json: Record<string, any>
  /** REST path labels by name (Amplify). */
  labels: Record<string, string>
  now: number
}

/** The page size: what the client asked for, within the service's bounds and the world's knob. */
export const pageSize = (ctx: Context, asked: number | undefined, fallback: number) =>
  Math.min(asked && asked > 0 ? asked : fallback, ctx.world.pageSize[ctx.action] ?? Number.POSITIVE_INFINITY)
