import { randomUUID } from 'node:crypto'

// The wire formats of the five AWS protocols the clients speak, for answers and for errors:
//   query (STS, RDS)            form-encoded POST, XML <XResponse><XResult> answers, <ErrorResponse> errors
//   ec2 (EC2)                   form-encoded POST, XML <XResponse> answers, <Response><Errors> errors
//   json10q (CloudWatch)        JSON 1.0 RPC (X-Amz-Target) with the query-compatible x-amzn-query-error header
//   json11 (Cost Explorer, Lightsail, Health)   JSON 1.1 RPC (X-Amz-Target), {"__type"} errors
//   rest-json (Amplify)         REST paths and query strings, JSON bodies, x-amzn-ErrorType errors

export type Protocol = 'query' | 'ec2' | 'json10q' | 'json11' | 'rest-json'

export interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** An error answer in the making; the dispatcher writes it in the protocol of the service asked. */
export class AwsFault extends Error {
  readonly status: number
  readonly code: string
  /** The code CloudWatch's query-compatible header carries, when it differs from the JSON one. */
  readonly queryCode?: string

  constructor(status: number, code: string, message: string, queryCode?: string) {
    super(message)
    this.status = status
    this.code = code
    this.queryCode = queryCode
  }
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)

/** A list whose members are named after their type (query protocol: `member`, RDS: `DBInstance`). */
class Members {
  readonly name: string
  readonly items: XmlValue[]
  constructor(name: string, items: XmlValue[]) {
    this.name = name
    this.items = items
  }
}
export const members = (name: string, items: XmlValue[]) => new Members(name, items)

export type XmlValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Members
  | XmlValue[]
  | { [name: string]: XmlValue }

/**
 * XML from plain data: an object's keys are elements, an array is repeated `item` elements (EC2's lists), a
 * `members(name, ...)` list repeats `name`; null and undefined leave the element out.
 */
export const xml = (value: XmlValue): string => {
  if (value === null || value === undefined) return ''
  if (value instanceof Members) return value.items.map((v) => `<${value.name}>${xml(v)}</${value.name}>`).join('')
  if (Array.isArray(value)) return value.map((v) => `<item>${xml(v)}</item>`).join('')
  if (typeof value === 'object')
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `<${k}>${xml(v)}</${k}>`)
      .join('')
  return escapeXml(String(value))
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

export const queryAnswer = (action: string, xmlns: string, result: XmlValue, requestId = randomUUID()): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
  body:
    `${XML_DECLARATION}<${action}Response xmlns="${xmlns}"><${action}Result>${xml(result)}</${action}Result>` +
    `<ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${action}Response>`,
})

export const ec2Answer = (action: string, body: XmlValue, requestId = randomUUID()): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/xml;charset=UTF-8' },
  body:
    `${XML_DECLARATION}<${action}Response xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">` +
    `<requestId>${requestId}</requestId>${xml(body)}</${action}Response>`,
})

export const jsonAnswer = (protocol: Protocol, body: unknown): Answer => ({
  status: 200,
  headers: {
    'content-type':
      protocol === 'rest-json'
        ? 'application/json'
        : `application/x-amz-json-${protocol === 'json10q' ? '1.0' : '1.1'}`,
    'x-amzn-requestid': randomUUID(),
  },
  body: JSON.stringify(body),
})

const QUERY_NAMESPACES: Record<string, string> = {
  sts: 'https://sts.amazonaws.com/doc/2011-06-15/',
  rds: 'http://rds.amazonaws.com/doc/2014-10-31/',
}

/** The fault as the service would send it. */
export const errorAnswer = (protocol: Protocol, service: string, fault: AwsFault): Answer => {
  const requestId = randomUUID()
  const type = fault.status >= 500 ? 'Receiver' : 'Sender'
  switch (protocol) {
    case 'query':
      return {
        status: fault.status,
        headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
        body:
          `${XML_DECLARATION}<ErrorResponse xmlns="${QUERY_NAMESPACES[service] ?? ''}">` +
          xml({ Error: { Type: type, Code: fault.code, Message: fault.message } }) +
          `<RequestId>${requestId}</RequestId></ErrorResponse>`,
      }
    case 'ec2':
      return {
        status: fault.status,
        headers: { 'content-type': 'text/xml;charset=UTF-8' },
        body:
          `${XML_DECLARATION}<Response>${xml({ Errors: { Error: { Code: fault.code, Message: fault.message } } })}` +
          `<RequestID>${requestId}</RequestID></Response>`,
      }
    case 'json10q':
      return {
        status: fault.status,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amzn-requestid': requestId,
          'x-amzn-query-error': `${fault.queryCode ?? fault.code};${type}`,
        },
        body: JSON.stringify({ __type: `com.amazonaws.cloudwatch#${fault.code}`, message: fault.message }),
      }
    case 'json11':
      return {
        status: fault.status,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': requestId },
        body: JSON.stringify({ __type: fault.code, message: fault.message }),
      }
    case 'rest-json':
      return {
        status: fault.status,
        headers: {
          'content-type': 'application/json',
          'x-amzn-requestid': requestId,
          'x-amzn-errortype': `${fault.code}:http://internal.amazon.com/coral/com.amazonaws.amplify/`,
        },
        body: JSON.stringify({ message: fault.message }),
      }
  }
}

/** The errors every service answers in its own words, by protocol. */
export const faults = {
  unknownKey: (p: Protocol) =>
    p === 'ec2'
      ? new AwsFault(401, 'AuthFailure', 'AWS was not able to validate the provided access credentials')
      : p === 'query'
        ? new AwsFault(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.')
        : new AwsFault(
            403,
            'UnrecognizedClientException',
            'The security token included in the request is invalid.',
            'InvalidClientTokenId',
          ),
  badSignature: (p: Protocol) => {
    const message =
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret ' +
      'Access Key and signing method. Consult the service documentation for details.'
    return p === 'ec2' || p === 'query'
      ? new AwsFault(403, 'SignatureDoesNotMatch', message)
      : new AwsFault(403, 'InvalidSignatureException', message, 'SignatureDoesNotMatch')
  },
  expired: (p: Protocol) =>
    p === 'ec2' || p === 'query'
      ? new AwsFault(400, 'ExpiredToken', 'The security token included in the request is expired')
      : new AwsFault(
          403,
          'ExpiredTokenException',
          'The security token included in the request is expired',
          'ExpiredToken',
        ),
  missingAuth: (p: Protocol) =>
    p === 'ec2' || p === 'query'
      ? new AwsFault(403, 'MissingAuthenticationToken', 'Request is missing Authentication Token')
      : new AwsFault(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token'),
  denied: (p: Protocol, principalArn: string, action: string) => {
    const because = `because no identity-based policy allows the ${action} action`
    if (p === 'ec2')
      return new AwsFault(
        403,
        'UnauthorizedOperation',
        `You are not authorized to perform this operation. User: ${principalArn} is not authorized to perform: ${action} ${because}`,
      )
    const message = `User: ${principalArn} is not authorized to perform: ${action} ${because}`
    return p === 'query'
      ? new AwsFault(403, 'AccessDenied', message)
      : new AwsFault(403, 'AccessDeniedException', message, 'AccessDenied')
  },
  throttled: (p: Protocol) =>
    p === 'ec2'
      ? new AwsFault(503, 'RequestLimitExceeded', 'Request limit exceeded.')
      : p === 'query'
        ? new AwsFault(400, 'Throttling', 'Rate exceeded')
        : p === 'rest-json'
          ? new AwsFault(429, 'LimitExceededException', 'Rate exceeded')
          : new AwsFault(400, 'ThrottlingException', 'Rate exceeded', 'Throttling'),
  invalid: (p: Protocol, message: string) =>
    p === 'ec2' || p === 'query'
      ? new AwsFault(400, 'InvalidParameterValue', message)
      : p === 'rest-json'
        ? new AwsFault(400, 'BadRequestException', message)
        : new AwsFault(400, 'ValidationException', message, 'InvalidParameterValue'),
}

/** Page tokens are opaque to clients; here they carry the offset. */
export const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64')
export const pageOffset = (token: string | undefined | null): number => {
  if (!token) return 0
  const m = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64').toString())
  if (!m) throw new AwsFault(400, 'InvalidNextToken', 'The pagination token is invalid.')
  return Number(m[1])
}

/** One page of `items` from the token's offset: the items and the next token, if more are left. */
export const page = <T>(items: readonly T[], token: string | undefined | null, size: number) => {
  const from = pageOffset(token)
  const to = from + size
  return { items: items.slice(from, to), next: to < items.length ? pageToken(to) : undefined }
}

/** Epoch seconds, the JSON protocols' timestamps. */
export const epochSeconds = (iso: string | undefined) => (iso ? Date.parse(iso) / 1000 : undefined)
