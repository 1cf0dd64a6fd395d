// A call that failed before the provider answered it (DNS, a refused or broken connection, no answer in time, TLS),
// in words. The providers' clients put Node's error code in different places: on the error, on its cause (fetch), or
// on one of several errors (a host with two addresses).

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection closed',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  TimeoutError: 'no answer in time',
  RequestTimeout: 'no answer in time',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'no answer in time',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  CERT_NOT_YET_VALID: 'its TLS certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not signed by an authority this server trusts',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not signed by an authority this server trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate is not signed by an authority this server trusts',
  UNABLE_TO_GET_ISSUER_CERT: 'its TLS certificate is not signed by an authority this server trusts',
  CERT_UNTRUSTED: 'its TLS certificate is not signed by an authority this server trusts',
  EPROTO: 'the TLS handshake failed',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the TLS handshake failed',
}

interface ErrorLike {
  name?: unknown
  code?: unknown
  cause?: unknown
  errors?: unknown
}

/** The network error's code found on `error`, its causes or its several errors; undefined when it is none of ours. */
export const networkCodeOf = (error: unknown, depth = 0): string | undefined => {
  if (!error || typeof error !== 'object' || depth > 4) return undefined
  const e = error as ErrorLike
  for (const candidate of [e.name, e.code])
    if (typeof candidate === 'string' && Object.hasOwn(WORDS, candidate)) return candidate
  const inner = [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])]
  for (const next of inner) {
    const code = networkCodeOf(next, depth + 1)
    if (code) return code
  }
  return undefined
}

/** A network error's code in words ("connection refused"); a code we do not know is said as it is. */
export const networkWords = (code: string): string => WORDS[code] ?? code
