import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

// Signature Version 4 as AWS checks it, written from the specification (not from the SDK's signer): the
// canonical request, the string to sign, and the key derived from the secret, date, region and service.

export interface Authorization {
  accessKeyId: string
  date: string
  region: string
  service: string
  signedHeaders: string[]
  signature: string
}

export const parseAuthorization = (header: string | undefined): Authorization | null => {
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    )
  if (!m) return null
  const [, accessKeyId = '', date = '', region = '', service = '', signed = '', signature = ''] = m
  return { accessKeyId, date, region, service, signedHeaders: signed.split(';'), signature }
}

// RFC 3986 unreserved characters stay; everything else is %XX in upper case.
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

export interface SignedRequest {
  method: string
  /** The path and query as they came on the wire (still percent-encoded). */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** Services other than S3 encode each path segment once more in the canonical request. */
const canonicalPath = (path: string) => path.split('/').map(encode).join('/') || '/'

const canonicalQuery = (query: string) =>
  query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=')
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const
    })
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')

const headerValue = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')

/** Whether the request carries the signature the secret makes. */
export const signatureMatches = (req: SignedRequest, auth: Authorization, secret: string): boolean => {
  const [path = '/', query = ''] = req.url.split('?')
  const payloadHash = sha256(req.body)
  const declared = req.headers['x-amz-content-sha256']
  if (declared !== undefined && declared !== payloadHash) return false
  const canonical = [
    req.method,
    canonicalPath(path),
    canonicalQuery(query),
    ...auth.signedHeaders.map((h) => `${h}:${headerValue(req.headers[h])}`),
    '',
    auth.signedHeaders.join(';'),
    payloadHash,
  ].join('\n')
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`
  const amzDate = headerValue(req.headers['x-amz-date'])
  if (!amzDate.startsWith(auth.date)) return false
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, auth.date), auth.region), auth.service), 'aws4_request')
  const expected = createHmac('sha256', key).update(toSign).digest()
  return timingSafeEqual(expected, Buffer.from(auth.signature, 'hex'))
}
