import { expect } from 'vitest'
import { newId } from '../../../src/server/ids.ts'
import type { TestApp } from '../harness.ts'

// What the status page tests share: an owner with monitors, a page over them, an incident the engine opened.

export const pageBody = (over: Record<string, unknown> = {}) => ({
  name: 'Acme status',
  slug: `acme-${newId().slice(-12)}`,
  ...over,
})

export const statusPageHelpers = (t: TestApp) => {
  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const basic = () => t.register({ plan: 'Basic' })

  /** A web monitor of the user's; it is never checked (nothing runs the scheduler here). */
  const addMonitor = async (token: string, name = 'Shop') => {
    const res = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name, url: 'http://127.0.0.1:9/', interval_seconds: 300 },
    })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }

  const createPage = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/status_pages', { token, body: pageBody(over) })
    expect(res.status, res.text).toBe(201)
    return res.json.data.status_page
  }

  const getPage = async (token: string, id: string) => {
    const res = await t.call('GET', `/api/status_pages/${id}`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data.status_page
  }

  /** An incident as the engine opens one when a monitor goes down (resolved: it came back up). */
  const engineIncident = async (
    userId: string,
    monitorId: string,
    over: { started_at?: number; resolved_at?: number | null; cause?: string } = {},
  ) => {
    const row = {
      incident_id: newId(),
      user_id: userId,
      monitor_id: monitorId,
      started_at: over.started_at ?? t.clock.now() - 120_000,
      resolved_at: over.resolved_at ?? null,
      cause: over.cause ?? 'connect ECONNREFUSED 10.1.2.3:443',
    }
    await t.repos.incidents.insert(row)
    return row
  }

  return { pro, basic, addMonitor, createPage, getPage, engineIncident }
}
