import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { M365Issue, M365ServiceHealth } from '@vigil/domain/m365'
import { syncM365Tenant, verifyM365Tenant } from '../../../../src/server/cloud/m365/index.ts'
import { appCertificate } from '../../../support/azure/app-certificate.ts'
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createWorld,
  graphIssue,
  type LoopbackAzure,
  loopbackOptions,
  startLoopbackAzure,
  TENANT_ID,
} from '../../../support/azure/index.ts'

// Microsoft 365 service health through Graph: a client-credentials token from @azure/identity for Graph's audience,
// health overviews and issues followed across @odata.nextLink pages, throttling retried, a missing permission said.

const NOW = Date.parse('2026-03-10T12:00:00Z')
const input = { auth: 'secret' as const, tenant_id: TENANT_ID, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }

let az: LoopbackAzure
beforeAll(async () => {
  az = await startLoopbackAzure()
})
afterAll(() => az.close())
beforeEach(() => {
  Object.assign(az.world, createWorld('2026-03-10'))
})
afterEach(() => vi.unstubAllEnvs())

const tenant = () => {
  const t = az.world.tenants[0]
  if (!t) throw new Error('no tenant')
  return t.m365
}

const sync = async () => {
  const answer = await syncM365Tenant(input, { ...loopbackOptions(az), now: NOW })
  if (!answer.ok) throw new Error(answer.message)
  return answer
}

const data = <T>(part: { status: string; data?: T; message?: string }): T => {
  if (part.status !== 'ok') throw new Error(part.message)
  return part.data as T
}

describe('verifyM365Tenant', () => {
  it('reads the health overview', async () => {
    expect(await verifyM365Tenant(input, loopbackOptions(az))).toEqual({ ok: true, services: 3 })
  })

  it('signs in with a certificate too', async () => {
    const cert = appCertificate()
    az.world.apps[0]?.certificates.push(cert.certificate)
    const answer = await verifyM365Tenant(
      { auth: 'certificate', tenant_id: TENANT_ID, client_id: CLIENT_ID, certificate: cert.pem },
      loopbackOptions(az),
    )
    expect(answer).toEqual({ ok: true, services: 3 })
  })

  it('says to grant ServiceHealth.Read.All with admin consent when the app lacks it', async () => {
    const app = az.world.apps[0]
    if (app) app.graphRoles = ['User.Read.All']
    const answer = await verifyM365Tenant(input, loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'permission_missing' })
    expect(!answer.ok && answer.message).toContain('lacks the Microsoft Graph permission ServiceHealth.Read.All')
    expect(!answer.ok && answer.message).toContain('Grant admin consent')
  })

  it('says a wrong secret is wrong, without the secret', async () => {
    const secret = 'Not~the.right-secret-0123456789'
    const answer = await verifyM365Tenant({ ...input, client_secret: secret }, loopbackOptions(az))
    expect(answer).toMatchObject({ ok: false, problem: 'invalid_secret' })
    expect(!answer.ok && answer.message).toContain('AADSTS7000215')
    expect(JSON.stringify(answer)).not.toContain(secret)
  })
})

describe('syncM365Tenant', () => {
  it('reads every service across pages, with its status and whether it works', async () => {
    az.world.pageSize.graph = 2
    const teams = tenant().health[1]
    if (teams) teams.status = 'ServiceInterruption'
    const health = data((await sync()).health)
    expect(health.map((h) => v.parse(M365ServiceHealth, h))).toEqual([
      { id: 'Exchange', name: 'Exchange Online', status: 'serviceOperational', operational: true },
      { id: 'microsoftteams', name: 'Microsoft Teams', status: 'serviceInterruption', operational: false },
      { id: 'SharePoint', name: 'SharePoint Online', status: 'serviceOperational', operational: true },
    ])
    const pages = az.world.requests.filter((r) => r.path.endsWith('/healthOverviews'))
    expect(pages).toHaveLength(2)
  })

  it('reads open issues and those resolved lately across pages, asking Graph with a $filter', async () => {
    az.world.pageSize.graph = 2
    tenant().issues.push(
      graphIssue('EX1001'),
      graphIssue('TM1002', { service: 'Microsoft Teams', classification: 'advisory', status: 'investigating' }),
      graphIssue('SP1003', {
        isResolved: true,
        status: 'serviceRestored',
        endDateTime: '2026-03-08T10:00:00Z',
        lastModifiedDateTime: '2026-03-08T11:00:00Z',
      }),
      graphIssue('EX0900', {
        isResolved: true,
        status: 'postIncidentReviewPublished',
        endDateTime: '2026-01-02T10:00:00Z',
        lastModifiedDateTime: '2026-01-05T10:00:00Z',
      }),
      graphIssue('EX1004', { lastModifiedDateTime: '2026-01-01T00:00:00Z' }),
    )
    const issues = data((await sync()).issues).map((i) => v.parse(M365Issue, i))
    expect(issues.map((i) => i.id).sort()).toEqual(['EX1001', 'EX1004', 'SP1003', 'TM1002'])
    expect(issues.find((i) => i.id === 'TM1002')).toMatchObject({ classification: 'advisory', status: 'investigating' })
    const asked = az.world.requests.filter((r) => r.path.endsWith('/issues'))
    expect(asked).toHaveLength(2)
    expect(new URLSearchParams(asked[0]?.query).get('$filter')).toBe(
      'isResolved eq false or lastModifiedDateTime ge 2026-03-03T12:00:00Z',
    )
  })

  it('shows an incident opening, then resolving, between syncs', async () => {
    expect(data((await sync()).issues)).toEqual([])

    tenant().issues.push(graphIssue('EX2001', { lastModifiedDateTime: '2026-03-10T09:00:00Z' }))
    const exchange = tenant().health[0]
    if (exchange) exchange.status = 'serviceDegradation'
    const open = await sync()
    expect(data(open.issues)).toEqual([
      {
        id: 'EX2001',
        title: 'Users may be unable to send or receive email',
        service: 'Exchange Online',
        feature: 'E-Mail and calendar access',
        classification: 'incident',
        status: 'serviceDegradation',
        impact: 'Users may be unable to send or receive email through Exchange Online.',
        resolved: false,
        start: Date.parse('2026-03-09T21:00:00Z'),
        end: null,
        lastModified: Date.parse('2026-03-10T09:00:00Z'),
        posts: [
          {
            at: Date.parse('2026-03-09T21:30:00Z'),
            type: 'regular',
            content: 'Title: Mail delays<br>User Impact: Users may be unable to send mail.',
            contentType: 'html',
          },
        ],
      },
    ])
    expect(data(open.health)[0]).toMatchObject({ status: 'serviceDegradation', operational: false })

    const issue = tenant().issues[0]
    if (issue && exchange) {
      Object.assign(issue, {
        isResolved: true,
        status: 'ServiceRestored',
        endDateTime: '2026-03-10T11:00:00Z',
        lastModifiedDateTime: '2026-03-10T11:05:00Z',
      })
      issue.posts.push({
        createdDateTime: '2026-03-10T11:05:00Z',
        postType: 'Regular',
        description: { contentType: 'Html', content: 'Final status: service was restored.' },
      })
      exchange.status = 'serviceRestored'
    }
    const resolved = await sync()
    expect(data(resolved.issues)[0]).toMatchObject({
      id: 'EX2001',
      resolved: true,
      status: 'serviceRestored',
      end: Date.parse('2026-03-10T11:00:00Z'),
      posts: [
        expect.objectContaining({ type: 'regular' }),
        expect.objectContaining({ content: 'Final status: service was restored.', contentType: 'html' }),
      ],
    })
    expect(data(resolved.health)[0]).toMatchObject({ status: 'serviceRestored', operational: true })
  })

  it('marks both parts denied, naming the permission, when the app lacks it', async () => {
    const app = az.world.apps[0]
    if (app) app.graphRoles = []
    const answer = await sync()
    expect(answer.health).toMatchObject({ status: 'denied', role: 'ServiceHealth.Read.All' })
    expect(answer.issues).toMatchObject({ status: 'denied', role: 'ServiceHealth.Read.All' })
    expect(answer.health.status === 'denied' && answer.health.message).toContain('Grant admin consent')
  })

  it('retries a 429 after the Retry-After Graph sends', async () => {
    az.world.throttle = { arm: 0, graph: 2, retryAfterSeconds: 1 }
    const started = Date.now()
    const answer = await sync()
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(az.world.throttle.graph).toBe(0)
    expect(data(answer.health)).toHaveLength(3)
    expect(data(answer.issues)).toEqual([])
  })

  it('gives up on endless throttling, saying the next sync tries again', async () => {
    az.world.throttle = { arm: 0, graph: 100, retryAfterSeconds: 0 }
    const answer = await sync()
    expect(answer.health).toEqual({
      status: 'failed',
      message: 'Microsoft Graph kept throttling the service health requests: the next sync tries again.',
    })
    expect(az.world.throttle.graph).toBe(92)
  })

  it('follows MS_GRAPH_URL and AZURE_AUTHORITY_HOST when no option is given', async () => {
    vi.stubEnv('MS_GRAPH_URL', az.graphUrl)
    vi.stubEnv('AZURE_AUTHORITY_HOST', az.authorityHost)
    const answer = await syncM365Tenant(input, { now: NOW, retry: { retryDelayInMs: 10 } })
    expect(answer.ok && data(answer.health)).toHaveLength(3)
    expect(new Set(az.world.requests.map((r) => r.server))).toEqual(new Set(['identity', 'graph']))
  })
})
