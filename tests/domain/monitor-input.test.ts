import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Assertion, failedAssertion, parseJsonPath, type ResponseFacts, readJsonPath } from '@vigil/domain/assertion'
import { formatExpectedStatus, parseExpectedStatus, statusMatches } from '@vigil/domain/expected-status'
import { fieldErrors } from '@vigil/domain/form-validation'
import { hostProblem, isIPv6, normalizeHost, numericIPv4 } from '@vigil/domain/host'
import { formatDuration, formatUtc } from '@vigil/domain/incident-message'
import { monitorPatchSchema, validateMonitor } from '@vigil/domain/monitor.schema'
import { allowedIntervals } from '@vigil/domain/plan-limits'

describe('expected status', () => {
  it.each([
    ['200-299', '200-299'],
    ['200, 301 ,302', '200,301,302'],
    ['2xx,3XX', '200-299,300-399'],
  ])('reads %s as %s', (input, canonical) => {
    const ranges = parseExpectedStatus(input)
    expect(typeof ranges).not.toBe('string')
    expect(formatExpectedStatus(ranges as never)).toBe(canonical)
  })
  it('reads a list of codes and ranges', () => {
    expect(formatExpectedStatus(parseExpectedStatus([200, '404', '500-503']) as never)).toBe('200,404,500-503')
  })
  it.each(['', '600', '299-200', 'abc', '20x'])('refuses %j with a sentence', (input) => {
    expect(typeof parseExpectedStatus(input)).toBe('string')
  })
  it('matches codes inside any range', () => {
    const ranges = parseExpectedStatus('200-299,404') as never
    expect(statusMatches(ranges, 204)).toBe(true)
    expect(statusMatches(ranges, 404)).toBe(true)
    expect(statusMatches(ranges, 301)).toBe(false)
  })
})

describe('hosts', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['192.168.1', '192.168.0.1'],
  ])('reads the numeric IPv4 form %s as %s', (input, dotted) => {
    expect(numericIPv4(input)).toBe(dotted)
    expect(normalizeHost(input)).toBe(dotted)
  })
  it.each(['4294967296', '1.2.3.256.1', '256.1.1.1', '08.1.1.1'])('refuses %s as an address', (input) => {
    expect(numericIPv4(input)).toBeNull()
  })
  it('normalises brackets, case and a trailing dot', () => {
    expect(normalizeHost(' [::1] ')).toBe('::1')
    expect(normalizeHost('Example.COM.')).toBe('example.com')
  })
  it.each(['::1', 'fe80::1', '2001:db8::8a2e:370:7334', '::ffff:192.0.2.1', '1:2:3:4:5:6:7:8'])(
    'accepts IPv6 %s',
    (a) => {
      expect(isIPv6(a)).toBe(true)
    },
  )
  it.each(['1::2::3', '12345::', '1:2:3:4:5:6:7:8:9', 'g::1'])('refuses IPv6 %s', (a) => {
    expect(isIPv6(a)).toBe(false)
  })
  it.each([
    ['example.com', null],
    ['a-b.example.co.uk', null],
    ['', 'Host is required.'],
    [
      'http://example.com',
      'Enter a host name or IP address without a scheme or path, such as example.com or 192.0.2.10.',
    ],
    [
      'example.com/path',
      'Enter a host name or IP address without a scheme or path, such as example.com or 192.0.2.10.',
    ],
    ['-bad.example.com', '"-bad.example.com" is not a valid host name or IP address.'],
    ['under_score.com', '"under_score.com" is not a valid host name or IP address.'],
    ['1.2.3.999', '"1.2.3.999" is not a valid host name or IP address.'],
  ])('judges %j', (input, problem) => {
    expect(hostProblem(input)).toBe(problem)
  })
})

describe('assertions', () => {
  const response = (over: Partial<ResponseFacts> = {}): ResponseFacts => ({
    status: 200,
    headers: { 'content-type': 'application/json', 'x-version': '2.1' },
    body: JSON.stringify({ status: 'ok', count: 12, items: [{ id: 'a' }, { id: 'b' }], 'a key': true }),
    responseMs: 120,
    ...over,
  })
  const check = (a: Record<string, unknown>, r = response()) => failedAssertion(v.parse(Assertion, a), r)

  it.each([
    [{ type: 'status', operator: 'equals', value: 200 }],
    [{ type: 'status', operator: 'less_than', value: '300' }],
    [{ type: 'json', path: '$.status', operator: 'equals', value: 'ok' }],
    [{ type: 'json', path: '$.count', operator: 'greater_than', value: 10 }],
    [{ type: 'json', path: '$.items[1].id', operator: 'equals', value: 'b' }],
    [{ type: 'json', path: '$.items.length', operator: 'equals', value: 2 }],
    [{ type: 'json', path: "$['a key']", operator: 'equals', value: true }],
    [{ type: 'json', path: '$.items', operator: 'contains', value: '{"id":"a"}' }],
    [{ type: 'header', path: 'Content-Type', operator: 'contains', value: 'json' }],
    [{ type: 'header', path: 'x-version', operator: 'not_equals', value: '2.0' }],
    [{ type: 'response_time', operator: 'less_than', value: 500 }],
  ])('holds: %j', (a) => {
    expect(check(a)).toBeNull()
  })

  it.each([
    [{ type: 'status', operator: 'equals', value: 201 }, 'Status is 200, expected it to equal "201".'],
    [
      { type: 'json', path: '$.status', operator: 'equals', value: 'down' },
      'JSON $.status is "ok", expected it to equal "down".',
    ],
    [
      { type: 'json', path: '$.missing', operator: 'equals', value: 1 },
      'JSON $.missing is missing, expected it to equal "1".',
    ],
    [
      { type: 'json', path: '$.status', operator: 'greater_than', value: 1 },
      'JSON $.status is "ok", expected it to be greater than "1".',
    ],
    [
      { type: 'header', path: 'x-absent', operator: 'equals', value: 'x' },
      'Header x-absent is missing, expected it to equal "x".',
    ],
    [
      { type: 'response_time', operator: 'less_than', value: 100 },
      'Response time (ms) is 120, expected it to be less than "100".',
    ],
  ])('fails: %j', (a, message) => {
    expect(check(a)).toBe(message)
  })

  it('says so when the body is not JSON', () => {
    expect(check({ type: 'json', path: '$.a', operator: 'equals', value: 1 }, response({ body: '<html>' }))).toBe(
      'The response is not JSON, so $.a cannot be read.',
    )
  })

  it('parses JSON paths and refuses others', () => {
    expect(parseJsonPath('$.a.b[0]["c d"]')).toEqual(['a', 'b', 0, 'c d'])
    expect(typeof parseJsonPath('a.b')).toBe('string')
    expect(typeof parseJsonPath('$..a')).toBe('string')
    expect(readJsonPath({ a: [1] }, ['a', 3])).toEqual({ found: false })
    expect(readJsonPath({ a: null }, ['a'])).toEqual({ found: true, value: null })
    // Only own keys: no walking into the prototype.
    expect(readJsonPath({}, ['constructor'])).toEqual({ found: false })
  })
})

describe('monitor input', () => {
  it('fills defaults, and a timeout and retry interval no longer than a short interval', () => {
    const r = validateMonitor({ type: 'port', name: 'db', host: 'db.example.com', port: 5432, interval_seconds: 5 })
    expect(r.success && r.output).toMatchObject({
      interval_seconds: 5,
      retry_interval_seconds: 5,
      timeout_seconds: 5,
      retries: 1,
    })
    const long = validateMonitor({ type: 'port', name: 'db', host: 'db.example.com', port: 5432 })
    expect(long.success && long.output).toMatchObject({
      interval_seconds: 300,
      retry_interval_seconds: 20,
      timeout_seconds: 10,
    })
  })
  it('names every field in error', () => {
    const r = validateMonitor({ type: 'web', name: ' ', url: 'example.com', interval_seconds: 0 })
    expect(r.success).toBe(false)
    expect(fieldErrors(r.success ? [] : r.issues)).toMatchObject({
      name: 'Name is required.',
      url: 'URL must start with http:// or https://.',
      interval_seconds: 'Interval must be at least 1.',
    })
  })
  it('a patch takes only the fields of the type', () => {
    const patch = v.safeParse(monitorPatchSchema('ping'), { count: 4, url: 'https://x.io' })
    expect(patch.success).toBe(false)
    expect(fieldErrors(patch.success ? [] : patch.issues)).toEqual({
      url: 'This field is not part of this type of monitor.',
    })
  })
})

describe('words', () => {
  it('formats UTC times and durations', () => {
    expect(formatUtc(Date.parse('2026-11-23T04:05:59Z'))).toBe('23 Nov 2026, 04:05 UTC')
    expect(formatDuration(45_000)).toBe('45 seconds')
    expect(formatDuration(60_000)).toBe('1 minute')
    expect(formatDuration(3_780_000)).toBe('1 hour 3 minutes')
    expect(formatDuration(2 * 86_400_000)).toBe('2 days')
  })
  it('offers the intervals a plan allows', () => {
    expect(allowedIntervals(300)[0]).toBe(300)
    expect(allowedIntervals(30)).toContain(60)
    expect(allowedIntervals(45)[0]).toBe(45)
  })
})
