import {
  componentNames,
  currentMaintenance,
  defaultWindow,
  incidentsInOrder,
  isoToLocal,
  localToIso,
  publicNameProblem,
  publishableIncidents,
  publishedOutage,
  slugFrom,
  slugProblem,
  statusPagePath,
} from '@vigil/domain/status-page-manage'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { incident as engineIncident } from '../fixtures/monitors.ts'
import { maintenanceWindow, resolvedIncident, statusIncident, statusPage } from '../fixtures/status-pages.ts'

describe('status page management rules', () => {
  it('suggests a public id from a name, as the schema takes it', () => {
    expect(slugFrom('Acme Café — Status!')).toBe('acme-cafe-status')
    expect(slugFrom('  --Ünïcode  ')).toBe('unicode')
    expect(slugFrom('x'.repeat(70))).toHaveLength(60)
    expect(slugFrom(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59))
    expect(slugProblem(slugFrom('Acme Café — Status!'))).toBeNull()
    expect(statusPagePath('acme')).toBe('/status/acme')
  })

  it('says what is wrong with a public id in the server’s words', () => {
    expect(slugProblem('ab')).toBe('The public id must be at least 3 characters.')
    expect(slugProblem('api')).toBe('"api" is reserved: choose another public id.')
    expect(slugProblem('-acme')).toMatch(/^The public id takes lower-case letters/)
    expect(slugProblem(' Acme ')).toBeNull()
  })

  it('says what is wrong with a component’s public name in the server’s words', () => {
    expect(publicNameProblem(' Storefront ')).toBeUndefined()
    expect(publicNameProblem('  ')).toBe('Public name is required.')
    expect(publicNameProblem('x'.repeat(101))).toBe('Public name must be at most 100 characters.')
    expect(publicNameProblem('Store\tfront')).toBe('Public name cannot contain control characters.')
  })

  it('lists open incidents first, then the newest', () => {
    const older = statusIncident({ id: 'old', started_at: '2026-11-20T08:00:00.000Z' })
    const ordered = incidentsInOrder([resolvedIncident(), older, statusIncident()])
    expect(ordered.map((i) => i.id)).toEqual(['si-1', 'old', 'si-0'])
  })

  it('lists maintenance in progress or to come, soonest first', () => {
    const later = maintenanceWindow({ id: 'later', starts_at: '2026-11-30T22:00:00.000Z' })
    const now = maintenanceWindow({ id: 'now', starts_at: '2026-11-22T08:00:00.000Z', state: 'in_progress' })
    const past = maintenanceWindow({ id: 'past', state: 'completed' })
    expect(currentMaintenance([later, past, now, maintenanceWindow()]).map((m) => m.id)).toEqual([
      'now',
      'm-1',
      'later',
    ])
  })

  it('offers to publish open engine incidents on the page’s monitors, once', () => {
    const onApi = engineIncident({ id: 'e-1', monitor_id: 'a1', resolved_at: null })
    const elsewhere = engineIncident({ id: 'e-2', monitor_id: 'x9', resolved_at: null })
    const over = engineIncident({ id: 'e-3', monitor_id: 'w1' })
    expect(publishableIncidents(statusPage(), [onApi, elsewhere, over], [statusIncident()])).toEqual([onApi])
    expect(publishableIncidents(statusPage(), [onApi], [statusIncident({ monitor_incident_id: 'e-1' })])).toEqual([])
  })

  it('words a published outage in the component’s public name, open or over', () => {
    expect(publishedOutage({ display_name: 'API' }, { resolved_at: null })).toEqual({
      title: 'API is not available',
      message: 'We are investigating a problem with API.',
      status: 'investigating',
      impact: 'major',
    })
    expect(publishedOutage({ display_name: 'Website' }, { resolved_at: '2026-11-22T09:00:00.000Z' })).toEqual({
      title: 'Website is not available',
      message: 'Website was not available for a while. It is working again.',
      status: 'resolved',
      impact: 'major',
    })
  })

  it('names the components an incident or window covers', () => {
    expect(componentNames(statusPage(), ['c-api', 'gone', 'c-web'])).toEqual(['API', 'Website'])
  })

  it('turns the form’s local times into ISO instants, and back', () => {
    expect(localToIso('2026-12-01T22:00')).toBe(new Date(2026, 11, 1, 22, 0).toISOString())
    expect(localToIso('')).toBeUndefined()
    expect(localToIso('soon')).toBe('soon')
    expect(isoToLocal(new Date(2026, 11, 1, 22, 5).toISOString())).toBe('2026-12-01T22:05')
    const now = new Date(2026, 10, 22, 9, 41).getTime()
    expect(defaultWindow(now)).toEqual({ starts_at: '2026-11-22T10:00', ends_at: '2026-11-22T11:00' })
    expect(dayjs(localToIso(defaultWindow(now).starts_at)).valueOf()).toBe(new Date(2026, 10, 22, 10, 0).getTime())
  })
})
