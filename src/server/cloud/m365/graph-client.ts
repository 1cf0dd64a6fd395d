import { setTimeout as sleep } from 'node:timers/promises'
import type { TokenCredential } from '@azure/identity'
import type { RetryOptions } from '../azure/credential.ts'

// Microsoft Graph over plain fetch: a Bearer token from the credential (cached by it), 429 and 503 retried after
// the Retry-After Graph sends, and collections followed through @odata.nextLink. fetch trusts what Node trusts
// (NODE_EXTRA_CA_CERTS included), so it needs no TLS setting of its own, and no Graph SDK is needed for two reads.

export interface GraphSettings {
  credential: TokenCredential
  /** The versioned base, such as https://graph.microsoft.com/v1.0. */
  graphUrl: string
  scope: string
  retry?: RetryOptions
}

/** A non-2xx answer: its status, Graph's error code and message. */
export class GraphError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
    this.name = 'GraphError'
  }
}

/** Waits longer than this are not waited: the sync fails and the next one tries again. */
const MAX_RETRY_AFTER_MS = 60_000

const retryAfterMs = (res: Response, attempt: number, retry: RetryOptions): number => {
  const header = res.headers.get('retry-after')
  const seconds = header === null ? Number.NaN : Number(header)
  if (Number.isFinite(seconds)) return seconds * 1000
  const date = header ? Date.parse(header) - Date.now() : Number.NaN
  if (Number.isFinite(date)) return Math.max(0, date)
  return Math.min((retry.retryDelayInMs ?? 1000) * 2 ** attempt, retry.maxRetryDelayInMs ?? 30_000)
}

const graphError = async (res: Response): Promise<GraphError> => {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null
  return new GraphError(res.status, body?.error?.code ?? `HTTP ${res.status}`, body?.error?.message ?? res.statusText)
}

export const graphGet = async <T>(s: GraphSettings, url: string, signal?: AbortSignal): Promise<T> => {
  const retry = s.retry ?? {}
  for (let attempt = 0; ; attempt++) {
    const token = await s.credential.getToken(s.scope, { abortSignal: signal })
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token?.token ?? ''}`, accept: 'application/json' },
      signal,
    })
    if (res.ok) return (await res.json()) as T
    const wait = retryAfterMs(res, attempt, retry)
    if (![429, 503, 504].includes(res.status) || attempt >= (retry.maxRetries ?? 3) || wait > MAX_RETRY_AFTER_MS) {
      throw await graphError(res)
    }
    await res.body?.cancel()
    await sleep(wait, undefined, { signal })
  }
}

/** Every item of a collection, page after page; nextLinks off the Graph origin are not followed with the token. */
export const graphCollection = async <T>(s: GraphSettings, path: string, signal?: AbortSignal): Promise<T[]> => {
  const items: T[] = []
  let url: string | undefined = `${s.graphUrl}/${path}`
  for (let pages = 0; url && pages < 100; pages++) {
    const page: { value?: T[]; '@odata.nextLink'?: string } = await graphGet(s, url, signal)
    items.push(...(page.value ?? []))
    url = page['@odata.nextLink']
    if (url && new URL(url).origin !== new URL(s.graphUrl).origin) {
      throw new GraphError(502, 'UnexpectedNextLink', 'Microsoft Graph gave a next page on another host.')
    }
  }
  return items
}
