import { describe, expect, it } from 'vitest'
import { notificationTarget } from '../../src/domain/notification-target.ts'

describe('notificationTarget', () => {
  it.each([
    ['web', '/web_monitorings/42'],
    ['api', '/api_monitorings/42'],
    ['port', '/port_monitorings/42'],
    ['ping', '/ping_monitorings/42'],
    ['dns', '/dns_monitorings/42'],
    ['aws', '/aws_monitorings/42'],
    ['ssl', '/ssl_monitoring/details?id=42'],
    ['domain', '/domain_monitoring/details?id=42'],
  ])('%s opens its detail route %s', (type, path) => expect(notificationTarget(type, '42')).toBe(path))

  it.each(['incident', 'blacklist', 'azure', 'microsoft365', 'maintenance', 'account', 'unknown', 'WEB', ''])(
    'any other type (%j) opens /api_monitorings/{id}',
    (type) => expect(notificationTarget(type, '42')).toBe('/api_monitorings/42'),
  )

  it.each(['web', 'api', 'ssl', 'incident', 'account'])('%s without a target leads nowhere', (type) => {
    expect(notificationTarget(type, null)).toBeNull()
    expect(notificationTarget(type, '')).toBeNull()
  })

  it.each([
    ['web', 'a/b c', '/web_monitorings/a%2Fb%20c'],
    ['port', '../admin', '/port_monitorings/..%2Fadmin'],
    ['incident', '7?x=1#y', '/api_monitorings/7%3Fx%3D1%23y'],
    ['ssl', 'a&id=b', '/ssl_monitoring/details?id=a%26id%3Db'],
    ['domain', 'é', '/domain_monitoring/details?id=%C3%A9'],
  ])('%s with id %j is URL-encoded: %s', (type, id, path) => expect(notificationTarget(type, id)).toBe(path))
})
