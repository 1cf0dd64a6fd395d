import http from 'node:http'
import { type Assertion, failedAssertion } from '@vigil/domain/assertion'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { parseExpectedStatus, statusMatches } from '@vigil/domain/expected-status'
import { type HttpResponse, httpRequest } from '../net/http-client.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'

// Web and API monitors: a request through the one HTTP client (net/http-client.ts), then the expected status,
// the keyword or the assertions.

type HttpMonitor = Extract<CheckTarget, { type: 'web' | 'api' }>
type Detail = NonNullable<CheckOutcome['detail']>

export const BODY_CAP = 1024 * 1024
export const MAX_REDIRECTS = 10
const USER_AGENT = 'Vigil-Monitor/1.0'

export const checkHttp = async (monitor: HttpMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const started = performance.now()
  const ranges = parseExpectedStatus(monitor.expected_status)
  if (typeof ranges === 'string') return { ok: false, responseMs: null, message: ranges }
  const assertions: readonly Assertion[] = monitor.type === 'api' ? monitor.assertions : []
  const result = await httpRequest({
    url: new URL(monitor.url),
    method: monitor.method,
    headers: requestHeaders(monitor),
    body: monitor.type === 'api' && monitor.body !== '' ? monitor.body : undefined,
    policy: ctx.policy,
    maxRedirects: monitor.follow_redirects ? MAX_REDIRECTS : 0,
    bodyCap: BODY_CAP,
    keepBody: monitor.type === 'web' ? monitor.keyword !== '' : assertions.some((a) => a.type === 'json'),
    verifyTls: monitor.verify_tls,
    trust: monitor.tls_trust,
    deadline: started + monitor.timeout_seconds * 1000,
    seconds: monitor.timeout_seconds,
    signal: ctx.signal,
  })
  const detail: Detail = { final_url: result.finalUrl, redirects: result.redirects, address: result.address }
  // The certificate refused, for the monitor's page to offer to trust it.
  if ('certificate' in result && result.certificate) detail.untrusted_certificate = { ...result.certificate }
  if (!('response' in result))
    return { ok: false, responseMs: null, message: result.cancelled ? CANCELLED.message : result.failure, detail }
  const { response } = result
  const responseMs = Math.round(response.endedAt - started)
  Object.assign(detail, { status_code: response.status, body_truncated: response.truncated })
  const failure = statusMatches(ranges, response.status)
    ? monitor.type === 'web'
      ? keywordProblem(monitor, response)
      : assertionProblem(assertions, response, responseMs)
    : `Expected status ${monitor.expected_status}, got ${response.status}.`
  if (failure) return { ok: false, responseMs, message: failure, detail }
  const reason = http.STATUS_CODES[response.status]
  return {
    ok: true,
    responseMs,
    message: `${response.status}${reason ? ` ${reason}` : ''} in ${responseMs} ms`,
    detail,
  }
}

const requestHeaders = (monitor: HttpMonitor): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (monitor.type === 'api')
    for (const [name, value] of Object.entries(monitor.headers)) headers[name.toLowerCase()] = value
  headers['user-agent'] ??= USER_AGENT
  headers.accept ??= '*/*'
  // Plain bodies keep keywords and JSON readable; a server that compresses anyway is decoded below.
  headers['accept-encoding'] ??= 'identity'
  delete headers['content-length']
  if (monitor.type === 'api' && monitor.body !== '' && headers['content-type'] === undefined && isJson(monitor.body))
    headers['content-type'] = 'application/json'
  return headers
}

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const keywordProblem = (monitor: Extract<HttpMonitor, { type: 'web' }>, response: HttpResponse): string | null => {
  const { keyword } = monitor
  if (keyword === '') return null
  const found = response.body.includes(keyword)
  if (monitor.keyword_absent) return found ? `The keyword "${keyword}" was found in the page.` : null
  if (found) return null
  return response.truncated
    ? `The keyword "${keyword}" was not found in the first 1 MiB of the page.`
    : `The keyword "${keyword}" was not found in the page.`
}

const assertionProblem = (assertions: readonly Assertion[], response: HttpResponse, responseMs: number) => {
  let parsed: { value?: unknown; error?: unknown } | undefined
  const json = () => {
    parsed ??= parseJson(response.body)
    if ('error' in parsed) throw parsed.error
    return parsed.value
  }
  const facts = { status: response.status, headers: response.headers, body: response.body, responseMs }
  for (const assertion of assertions) {
    const problem = failedAssertion(assertion, facts, json)
    if (problem === null) continue
    return assertion.type === 'json' && response.truncated
      ? `${problem} The response body is larger than 1 MiB and was cut there.`
      : problem
  }
  return null
}

const parseJson = (text: string): { value?: unknown; error?: unknown } => {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { error }
  }
}
