import { constants, createHash, createHmac, randomBytes, timingSafeEqual, verify, X509Certificate } from 'node:crypto'

// JWTs as the loopback identity platform issues them (HS256 with a key of its own; only the loopback servers read
// them) and the client assertions an app signs with its certificate (RS256 or PS256, checked against the
// certificate registered on the app, by its thumbprint, as Microsoft Entra ID does).

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')
const json = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

export type Claims = Record<string, unknown> & { aud: string; tid: string; appid: string; exp: number }

export const tokenSigner = () => {
  const key = randomBytes(32)
  const mac = (data: string) => createHmac('sha256', key).update(data).digest()
  return {
    sign(claims: Claims): string {
      const head = `${b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${b64url(JSON.stringify(claims))}`
      return `${head}.${b64url(mac(head))}`
    },
    /** The claims of a token this signer issued and that has not expired, or null. */
    verify(token: string): Claims | null {
      const [header, payload, signature] = token.split('.')
      if (!header || !payload || !signature) return null
      const expected = mac(`${header}.${payload}`)
      const given = Buffer.from(signature, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const claims = json(payload) as Claims
      return claims.exp * 1000 > Date.now() ? claims : null
    },
  }
}

/** The hex SHA-1 and SHA-256 thumbprints of a PEM certificate (of its DER form, as Azure shows them). */
export const thumbprints = (pem: string) => {
  const der = new X509Certificate(pem).raw
  return {
    sha1: createHash('sha1').update(der).digest('hex').toUpperCase(),
    sha256: createHash('sha256').update(der).digest('hex').toUpperCase(),
  }
}

export type AssertionCheck = { ok: true } | { ok: false; reason: 'key-not-found' | 'bad-signature' | 'bad-claims' }

/** Checks a client assertion: signed by one of `certificates`, for `clientId`, addressed to `audience`, in time. */
export const checkClientAssertion = (
  assertion: string,
  certificates: readonly string[],
  clientId: string,
  audience: string,
): AssertionCheck => {
  const [h, p, s] = assertion.split('.')
  if (!h || !p || !s) return { ok: false, reason: 'bad-claims' }
  const header = json(h)
  const claims = json(p)
  const wanted = header['x5t#S256'] ?? header.x5t
  const sha256 = 'x5t#S256' in header
  const cert = certificates.find((pem) => {
    const print = thumbprints(pem)
    return b64url(Buffer.from(sha256 ? print.sha256 : print.sha1, 'hex')) === wanted
  })
  if (!cert) return { ok: false, reason: 'key-not-found' }
  const key = new X509Certificate(cert).publicKey
  const data = Buffer.from(`${h}.${p}`)
  const signature = Buffer.from(s, 'base64url')
  const valid =
    header.alg === 'PS256'
      ? verify('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature)
      : header.alg === 'RS256' && verify('sha256', data, key, signature)
  if (!valid) return { ok: false, reason: 'bad-signature' }
  const now = Date.now() / 1000
  const inTime = typeof claims.exp === 'number' && claims.exp > now && (Number(claims.nbf) || 0) <= now + 300
  const ours = claims.iss === clientId && claims.sub === clientId && claims.aud === audience
  return inTime && ours ? { ok: true } : { ok: false, reason: 'bad-claims' }
}
