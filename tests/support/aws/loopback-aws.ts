import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AMPLIFY_ROUTES, amplify } from './amplify.ts'
import { cloudwatch } from './cloudwatch.ts'
import type { Context } from './context.ts'
import { costExplorer } from './cost-explorer.ts'
import { ec2 } from './ec2.ts'
import { health } from './health.ts'
import { lightsail } from './lightsail.ts'
import { type Answer, AwsFault, errorAnswer, faults, type Protocol } from './protocols.ts'
import { rds } from './rds.ts'
import { parseAuthorization, signatureMatches } from './sigv4.ts'
import { sts } from './sts.ts'
import { World } from './world.ts'

// AWS on 127.0.0.1 for the SDK clients: one HTTP server that tells services apart by the SigV4 credential scope
// of each request, checks the signature against the keys it knows, and answers from a mutable World in each
// service's own wire protocol. Point clients at it with `endpoint` or AWS_ENDPOINT_URL.

type Handlers = Record<string, (ctx: Context) => Answer>

interface Service {
  protocol: Protocol
  /** The IAM prefix of its actions (CloudWatch signs as "monitoring" but its actions are cloudwatch:*). */
  iam: string
  handlers: Handlers
}

const SERVICES: Record<string, Service> = {
  sts: { protocol: 'query', iam: 'sts', handlers: sts },
  ec2: { protocol: 'ec2', iam: 'ec2', handlers: ec2 },
  rds: { protocol: 'query', iam: 'rds', handlers: rds },
  monitoring: { protocol: 'json10q', iam: 'cloudwatch', handlers: cloudwatch },
  ce: { protocol: 'json11', iam: 'ce', handlers: costExplorer },
  lightsail: { protocol: 'json11', iam: 'lightsail', handlers: lightsail },
  health: { protocol: 'json11', iam: 'health', handlers: health },
  amplify: { protocol: 'rest-json', iam: 'amplify', handlers: amplify },
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

interface Operation {
  action: string
  params: URLSearchParams
  json: Record<string, any>
  labels: Record<string, string>
}

/** Which operation the request is, read the way its protocol carries it. */
const operationOf = (req: IncomingMessage, body: Buffer, protocol: Protocol): Operation | null => {
  const url = new URL(req.url ?? '/', 'http://loopback')
  if (protocol === 'query' || protocol === 'ec2') {
    if (req.method !== 'POST') return null
    const params = new URLSearchParams(body.toString())
    return { action: params.get('Action') ?? '', params, json: {}, labels: {} }
  }
  if (protocol === 'rest-json') {
    for (const [pattern, action] of AMPLIFY_ROUTES) {
      const m = pattern.exec(url.pathname)
      if (m && req.method === 'GET') {
        const labels = Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]))
        return { action, params: url.searchParams, json: {}, labels }
      }
    }
    return null
  }
  const target = String(req.headers['x-amz-target'] ?? '')
  const action = target.split('.')[1] ?? ''
  return { action, params: new URLSearchParams(), json: body.length ? JSON.parse(body.toString()) : {}, labels: {} }
}

const takeKnob = (world: World, action: string, principals: string[], protocol: Protocol, arn: string) => {
  const throttled = world.throttled.get(action) ?? 0
  if (throttled > 0) {
    world.throttled.set(action, throttled - 1)
    return faults.throttled(protocol)
  }
  const failure = world.failures.find((f) => f.action === action && f.count > 0)
  if (failure) {
    failure.count -= 1
    return new AwsFault(failure.status, failure.code, failure.message)
  }
  if (world.denied.some((d) => d.action === action && (!d.principal || principals.includes(d.principal))))
    return faults.denied(protocol, arn, action)
  return null
}

interface Outcome extends Answer {
  action: string
  region: string
  key: string | null
}

const handle = (world: World, req: IncomingMessage, body: Buffer): Outcome => {
  const auth = parseAuthorization(req.headers.authorization)
  const service = SERVICES[auth?.service ?? '']
  const protocol = service?.protocol ?? 'json11'
  const op = service ? operationOf(req, body, protocol) : null
  const action = `${service?.iam ?? auth?.service ?? 'unknown'}:${op?.action || 'unknown'}`
  const outcome = (a: Answer) => ({ ...a, action, region: auth?.region ?? '', key: auth?.accessKeyId ?? null })
  try {
    if (!auth || !service) throw faults.missingAuth(protocol)
    const handler = op && service.handlers[op.action]
    if (!op || !handler)
      throw protocol === 'json11' || protocol === 'json10q'
        ? new AwsFault(400, 'UnknownOperationException', `Unknown operation ${op?.action}`)
        : new AwsFault(400, 'InvalidAction', `The action ${op?.action ?? req.url} is not valid for this web service.`)
    const key = world.keys.get(auth.accessKeyId)
    if (!key) throw faults.unknownKey(protocol)
    const signed = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }
    if (!signatureMatches(signed, auth, key.secretAccessKey)) throw faults.badSignature(protocol)
    if (key.sessionToken !== undefined) {
      // Temporary keys come with their session token, signed.
      const token = req.headers['x-amz-security-token']
      if (token !== key.sessionToken || !auth.signedHeaders.includes('x-amz-security-token'))
        throw faults.unknownKey(protocol)
      if ((key.expiresAt ?? 0) <= Date.now()) throw faults.expired(protocol)
    }
    const knob = takeKnob(world, action, [key.accessKeyId, key.roleArn ?? ''], protocol, key.arn)
    if (knob) throw knob
    const { params, json, labels } = op
    const account = world.account(key.account)
    return outcome(
      handler({ world, account, key, region: auth.region, protocol, action, params, json, labels, now: Date.now() }),
    )
  } catch (error) {
    if (error instanceof AwsFault) return outcome(errorAnswer(protocol, auth?.service ?? '', error))
    throw error
  }
}

export interface LoopbackAws {
  /** http://127.0.0.1:port: give it as `endpoint` or AWS_ENDPOINT_URL. */
  url: string
  world: World
  close(): Promise<void>
}

export const startLoopbackAws = async (world = new World()): Promise<LoopbackAws> => {
  let inFlight = 0
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1
    world.maxInFlight = Math.max(world.maxInFlight, inFlight)
    try {
      const body = await readBody(req)
      const result = handle(world, req, body)
      world.calls.push({ action: result.action, region: result.region, accessKeyId: result.key, status: result.status })
      if (world.latencyMs > 0) await new Promise((r) => setTimeout(r, world.latencyMs))
      res.writeHead(result.status, { ...result.headers, 'content-length': Buffer.byteLength(result.body) })
      res.end(result.body)
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`loopback AWS failed: ${String(error)}`)
    } finally {
      inFlight -= 1
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    world,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
