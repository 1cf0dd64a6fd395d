import { describe, expect, it } from 'vitest'
import { conditionalStatus, httpDate, noneMatchNames, parseHttpDate } from '../../src/server/http/conditional.ts'

// The rules of RFC 9110 on conditional requests, one by one; the status pages' tests use them over HTTP.

const at = Date.parse('2026-11-22T09:00:00.750Z')
const etag = '"abc"'
const get = (headers: { ifNoneMatch?: string; ifModifiedSince?: string }, method = 'GET') =>
  conditionalStatus({ method, ...headers }, { etag, lastModified: at })

describe('conditional requests (RFC 9110, 13)', () => {
  it('writes Last-Modified as an IMF-fixdate to the second', () => {
    expect(httpDate(at)).toBe('Sun, 22 Nov 2026 09:00:00 GMT')
    expect(httpDate(Date.parse('2026-03-05T23:59:59.999Z'))).toBe('Thu, 05 Mar 2026 23:59:59 GMT')
  })

  it('reads the three forms of an HTTP-date and nothing else', () => {
    const ms = Date.parse('2026-11-22T09:00:00Z')
    expect(parseHttpDate('Sun, 22 Nov 2026 09:00:00 GMT')).toBe(ms)
    expect(parseHttpDate('Sunday, 22-Nov-26 09:00:00 GMT')).toBe(ms)
    expect(parseHttpDate('Sun Nov 22 09:00:00 2026')).toBe(ms)
    expect(parseHttpDate('Mon Nov  2 09:00:00 2026')).toBe(Date.parse('2026-11-02T09:00:00Z'))
    for (const text of [
      '2026-11-22T09:00:00Z',
      '2026',
      'Sun, 22 Nov 2026 09:00:00 UTC',
      'Sun, 22 Nov 2026 09:00:00 +0000',
      'Sun, 31 Feb 2026 09:00:00 GMT',
      'Sun, 22 Nov 2026 24:00:00 GMT',
      'Sun, 22 Nov 2026 09:00:00 GMT, Sun, 22 Nov 2026 09:00:00 GMT',
      'Sun,22 Nov 2026 09:00:00 GMT',
      '',
    ])
      expect(parseHttpDate(text), text).toBeNull()
  })

  it('compares entity tags weakly, in a list or as *', () => {
    expect(noneMatchNames('"abc"', etag)).toBe(true)
    expect(noneMatchNames('W/"abc"', etag)).toBe(true)
    expect(noneMatchNames('"abc"', 'W/"abc"')).toBe(true)
    expect(noneMatchNames(' "x" , W/"abc" ', etag)).toBe(true)
    expect(noneMatchNames('*', etag)).toBe(true)
    expect(noneMatchNames('"x", "y"', etag)).toBe(false)
    expect(noneMatchNames('abc', etag)).toBe(false)
    expect(noneMatchNames('w/"abc"', etag)).toBe(false)
    expect(noneMatchNames('"x" garbage "abc"', etag)).toBe(false)
    expect(noneMatchNames('', etag)).toBe(false)
  })

  it('answers If-Modified-Since by the second Last-Modified gives', () => {
    expect(get({ ifModifiedSince: 'Sun, 22 Nov 2026 09:00:00 GMT' })).toBe(304)
    expect(get({ ifModifiedSince: 'Sun, 22 Nov 2026 09:00:01 GMT' })).toBe(304)
    expect(get({ ifModifiedSince: 'Sun, 22 Nov 2026 08:59:59 GMT' })).toBe(null)
    expect(get({ ifModifiedSince: 'not a date' })).toBe(null)
    expect(get({}, 'HEAD')).toBe(null)
    expect(get({ ifModifiedSince: 'Sun, 22 Nov 2026 09:00:00 GMT' }, 'HEAD')).toBe(304)
  })

  it('reads If-Modified-Since only for GET and HEAD', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      expect(get({ ifModifiedSince: 'Sun, 22 Nov 2026 09:00:00 GMT' }, method), method).toBe(null)
  })

  it('lets If-None-Match decide when both are sent, with 412 for other methods', () => {
    expect(get({ ifNoneMatch: '"x"', ifModifiedSince: 'Sun, 22 Nov 2026 09:00:00 GMT' })).toBe(null)
    expect(get({ ifNoneMatch: etag, ifModifiedSince: 'Sun, 22 Nov 2026 08:00:00 GMT' })).toBe(304)
    expect(get({ ifNoneMatch: etag }, 'HEAD')).toBe(304)
    expect(get({ ifNoneMatch: etag }, 'POST')).toBe(412)
    expect(get({ ifNoneMatch: '*' }, 'PUT')).toBe(412)
    expect(get({ ifNoneMatch: '"x"' }, 'POST')).toBe(null)
  })
})
