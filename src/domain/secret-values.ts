// Secrets a user stores (channel URLs, credential headers) are answered masked, never whole. A masked value
// sent back unchanged (a form that did not touch it) means "keep the stored one".

const DOTS = '••••••••'

/** A secret URL as the API shows it: its host and last four characters. Other secrets: their ends. */
export const maskSecret = (value: string): string => {
  if (value.length <= 8) return '••••'
  try {
    const url = new URL(value)
    return `${url.protocol}//${url.host}/…${value.slice(-4)}`
  } catch {
    return `${value.slice(0, 4)}…${value.slice(-4)}`
  }
}

/** A credential header's value as the API shows it: dots, and the last four characters of a long one. */
export const maskHeaderValue = (value: string): string => (value.length >= 16 ? `${DOTS}${value.slice(-4)}` : DOTS)

export const isMaskedHeaderValue = (value: string): boolean => value.startsWith(DOTS)

/** The name of the first header whose value is masked (copied from an answer, not typed); null when none is. */
export const maskedHeaderName = (headers: unknown): string | null => {
  if (headers === null || typeof headers !== 'object') return null
  const found = Object.entries(headers).find(([, value]) => typeof value === 'string' && isMaskedHeaderValue(value))
  return found ? found[0] : null
}

/** A new monitor cannot take a masked value: the secret it stands for stays with the monitor it was read from. */
export const hiddenHeaderMessage = (name: string) =>
  `Type the value of the ${name} header: a saved secret is never shown, so it is not copied.`

/**
 * Request headers that carry credentials: Authorization, Proxy-Authorization, Cookie, and any whose name holds
 * token, key or secret (X-Api-Key, X-Auth-Token, Client-Secret).
 */
export const isSecretHeader = (name: string): boolean =>
  /^(authorization|proxy-authorization|cookie)$/i.test(name) || /token|key|secret/i.test(name)

export const maskHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? maskHeaderValue(value) : value]),
  )

const storedValue = (stored: Readonly<Record<string, string>>, name: string) =>
  Object.entries(stored).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

/**
 * Headers sent in a change, with each masked value that matches a stored header of the same name put back to
 * the stored value. A masked value that matches nothing is a mistake the user must correct: its name is given.
 */
export const unmaskHeaders = (
  incoming: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, string>>,
): { headers: Record<string, string> } | { unknown: string } => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(incoming)) {
    if (!isMaskedHeaderValue(value)) {
      headers[name] = value
      continue
    }
    const kept = storedValue(stored, name)
    if (kept === undefined || maskHeaderValue(kept) !== value) return { unknown: name }
    headers[name] = kept
  }
  return { headers }
}

/** True when `value` is what the API answered for the stored secret: the client left it as it was. */
export const isMaskOf = (value: unknown, stored: unknown): boolean =>
  typeof value === 'string' && typeof stored === 'string' && value === maskSecret(stored)
