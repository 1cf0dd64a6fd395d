import { describe, expect, it } from 'vitest'
import { notificationTarget, supportTicketPath } from '@vigil/domain/notification-target'

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

  it.each(['incident', 'blacklist', 'azure', 'microsoft365', 'maintenance', 'unknown', 'WEB', 'ACCOUNT', ''])(
    'any other type (%j) opens /api_monitorings/{id}',
    (type) => expect(notificationTarget(type, '42')).toBe('/api_monitorings/42'),
  )

  it.each(['web', 'api', 'ssl', 'incident', 'account'])('%s without a target leads nowhere', (type) => {
    expect(notificationTarget(type, null)).toBeNull()
    expect(notificationTarget(type, '')).toBeNull()
  })

  it('an account notice with a target is an answer to a support ticket, and opens it', () => {
    expect(notificationTarget('account', '0190f3a2-7c4e-7a10-8b2d-3f4e5a6b7c8d')).toBe(
      '/support/tickets/0190f3a2-7c4e-7a10-8b2d-3f4e5a6b7c8d',
    )
    expect(supportTicketPath('t-1')).toBe('/support/tickets/t-1')
  })

  it.each([
    ['web', 'a/b c', '/web_monitorings/a%2Fb%20c'],
    ['port', '../admin', '/port_monitorings/..%2Fadmin'],
    ['incident', '7?x=1#y', '/api_monitorings/7%3Fx%3D1%23y'],
    ['ssl', 'a&id=b', '/ssl_monitoring/details?id=a%26id%3Db'],
    ['domain', 'é', '/domain_monitoring/details?id=%C3%A9'],
    ['account', '../admin?x=1', '/support/tickets/..%2Fadmin%3Fx%3D1'],
  ])('%s with id %j is URL-encoded: %s', (type, id, path) => expect(notificationTarget(type, id)).toBe(path))
})
