import type { CloudSnapshot } from '@vigil/domain/cloud-account'

// A sync reads several parts (details, resources, availability, costs; service health, issues). Each part succeeds
// or fails alone, so a missing role loses that part only and its message names the role to grant.

export type Part<T> =
  | { status: 'ok'; data: T }
  | { status: 'denied'; message: string; role: string }
  | { status: 'failed'; message: string }

export type PartFailure = Exclude<Part<never>, { status: 'ok' }>

/** A read whose failure becomes the part's status, explained by `explain`. */
export const part = async <T>(read: () => Promise<T>, explain: (error: unknown) => PartFailure): Promise<Part<T>> => {
  try {
    return { status: 'ok', data: await read() }
  } catch (error) {
    return explain(error)
  }
}

/** A part's outcome as a sync's snapshot stores it: a refusal keeps the role to grant as its action. */
export const snapshotPart = (area: string, scope: string, p: Part<unknown>): CloudSnapshot['parts'][number] => ({
  area,
  scope,
  ok: p.status === 'ok',
  kind: p.status === 'ok' ? null : p.status,
  message: p.status === 'ok' ? null : p.message,
  action: p.status === 'denied' ? p.role : null,
})
