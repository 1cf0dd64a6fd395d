import { describe, expect, it } from 'vitest'
import { defaultRateLimits, loadConfig } from '../../src/server/config.ts'

// The support settings as an operator sets them: who the operators are (ADMIN_EMAILS) and where requests are mailed
// (SUPPORT_EMAIL); a typo refuses to start rather than leave support silently unanswered.

describe('support settings', () => {
  it('has no operators and mails no request unless set', () => {
    const config = loadConfig({})
    expect(config.adminEmails).toEqual([])
    expect(config.supportEmail).toBeUndefined()
    expect(loadConfig({ ADMIN_EMAILS: '', SUPPORT_EMAIL: '  ' })).toMatchObject({
      adminEmails: [],
      supportEmail: undefined,
    })
  })

  it('reads ADMIN_EMAILS as addresses separated by commas, trimmed, lower-cased, once each', () => {
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ada@Example.com, ops@example.com ,,ada@example.COM\tgrace@example.org ' })
        .adminEmails,
    ).toEqual(['ada@example.com', 'ops@example.com', 'grace@example.org'])
  })

  it('takes SUPPORT_EMAIL trimmed', () => {
    expect(loadConfig({ SUPPORT_EMAIL: ' help@example.com ' }).supportEmail).toBe('help@example.com')
  })

  it("takes CONTACT_EMAIL, the landing page's address, trimmed, and refuses what is not an address", () => {
    expect(loadConfig({}).contactEmail).toBeUndefined()
    expect(loadConfig({ CONTACT_EMAIL: ' hello@example.com ' }).contactEmail).toBe('hello@example.com')
    expect(() => loadConfig({ CONTACT_EMAIL: 'hello' })).toThrow('CONTACT_EMAIL must be an email address, got "hello"')
  })

  it('refuses to start with something that is not an address', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada@example.com;ops@example.com' })).toThrow(
      'ADMIN_EMAILS must be email addresses separated by commas, got "ada@example.com;ops@example.com"',
    )
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada' })).toThrow(/ADMIN_EMAILS must be email addresses/)
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(
      'SUPPORT_EMAIL must be an email address, got "support"',
    )
  })

  it('limits new requests to 10 and answers to 60 per account an hour', () => {
    expect(defaultRateLimits.supportTicket).toEqual({ perAccount: { max: 10, windowSeconds: 3600 } })
    expect(defaultRateLimits.supportMessage).toEqual({ perAccount: { max: 60, windowSeconds: 3600 } })
    expect(loadConfig({}).rateLimits).toBe(defaultRateLimits)
  })

  it('makes the list pages in the serving thread unless LIST_THREADS asks for threads', () => {
    expect(loadConfig({}).listThreads).toBe(0)
    expect(loadConfig({ LIST_THREADS: '2' }).listThreads).toBe(2)
    expect(() => loadConfig({ LIST_THREADS: 'two' })).toThrow('LIST_THREADS must be a whole number, got "two"')
  })
})
