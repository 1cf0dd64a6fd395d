import { describe, expect, it } from 'vitest'
import { latestFacts } from '../../src/adapters/monitor-facts.ts'
import { EXPIRING_SOON_DAYS, expiringSoon } from '@vigil/domain/expiring-soon'
import { checkResult, dnsDetail, inDays, sslDetail } from '../fixtures/monitors.ts'

const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`

describe('latestFacts', () => {
  it('reads the newest result whose detail fits the type', () => {
    const newest = checkResult({ checked_at: at(10), detail: dnsDetail({ answer: ['10 mail.example.com'] }) })
    const older = checkResult({ checked_at: at(5), detail: dnsDetail() })
    expect(latestFacts('dns', [newest, older])).toEqual({
      newest,
      reported: { checked_at: at(10), facts: { type: 'dns', detail: dnsDetail({ answer: ['10 mail.example.com'] }) } },
    })
  })

  it('passes over a check that reported nothing (or something else) to the last facts known', () => {
    const failed = checkResult({ checked_at: at(10), ok: false, status: 'down', detail: null, message: 'Refused' })
    const wrong = checkResult({ checked_at: at(8), detail: { status: 200 } })
    const certificate = sslDetail()
    const known = checkResult({ checked_at: at(5), detail: certificate })
    const latest = latestFacts('ssl', [failed, wrong, known])
    expect(latest.newest).toBe(failed)
    expect(latest.reported?.checked_at).toBe(at(5))
    expect(latest.reported?.facts).toEqual({ type: 'ssl', detail: certificate })
  })

  it('has nothing before the first check, and nothing for types without facts', () => {
    expect(latestFacts('domain', [])).toEqual({ newest: null, reported: null })
    const web = checkResult()
    expect(latestFacts('web', [web])).toEqual({ newest: web, reported: null })
    // A DNS detail read as a certificate is not one.
    expect(latestFacts('ssl', [checkResult({ detail: dnsDetail() })]).reported).toBeNull()
  })
})

describe('expiringSoon', () => {
  const summary = (id: string, type: string, expires_at: string | null) => ({ id, type, name: id, expires_at })

  it(`lists SSL and domain monitors expiring within ${EXPIRING_SOON_DAYS} days or expired, soonest first`, () => {
    const list = [
      summary('later', 'ssl', inDays(EXPIRING_SOON_DAYS + 1)),
      summary('edge', 'domain', inDays(EXPIRING_SOON_DAYS)),
      summary('soon', 'ssl', inDays(3)),
      summary('gone', 'domain', inDays(-2)),
      summary('unknown', 'ssl', null),
      summary('web', 'web', inDays(1)),
    ]
    expect(expiringSoon(list, Date.now()).map((m) => m.id)).toEqual(['gone', 'soon', 'edge'])
  })
})
