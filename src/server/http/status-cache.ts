import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { PublicStatus } from '@vigil/domain/status-view'
import { publicStatus } from '../services/public-status.service.ts'
import type { Deps } from './env.ts'

/** One rendering of a page (HTML, JSON, feed, a badge) with its compressed forms, made once per cache period. */
export interface Rendered {
  body: Buffer
  type: string
  /** The body's SHA-1, base64url: the ETags of its codings are made from it (see etagOf). */
  hash: string
  /** When what the page shows last changed, in ms (see changedAt below). */
  lastModified: number
  /** Extra headers this rendering needs (the page's Content-Security-Policy). */
  headers?: Record<string, string>
  br?: Buffer
  gzip?: Buffer
}

interface Entry {
  builtAt: number
  view: Promise<PublicStatus | null>
  outputs: Map<string, Rendered>
  changedAt?: number
}

export interface StatusCache {
  /** The page's view, built at most once per period however many visitors ask at the same time. */
  view(slug: string): Promise<PublicStatus | null>
  /** A rendering of the current view, made once per period; null when the page is unknown or unpublished. */
  rendered(
    slug: string,
    key: string,
    render: (view: PublicStatus, lastModified: number) => Omit<Rendered, 'hash' | 'lastModified'> | null,
  ): Promise<Rendered | null>
  /** Drop a page at once: its owner changed it. */
  forget(slug: string): void
}

// One cache per app, shared by the public routes that read it and the owner's routes that drop a page from it.
const caches = new WeakMap<Deps, StatusCache>()

/** Each coding of a rendering is a representation of its own, with its own ETag (RFC 9110, 8.8.3). */
export const etagOf = (rendered: Rendered, encoding: 'br' | 'gzip' | null): string =>
  encoding ? `"${rendered.hash}-${encoding}"` : `"${rendered.hash}"`

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('base64url')

// Compressed once per period, so a better ratio is worth a few milliseconds.
export const compress = (rendered: Rendered, encoding: 'br' | 'gzip'): Buffer => {
  if (encoding === 'gzip') {
    rendered.gzip ??= gzipSync(rendered.body, { level: 9 })
    return rendered.gzip
  }
  rendered.br ??= brotliCompressSync(rendered.body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
    },
  })
  return rendered.br
}

/**
 * Public pages are read far more than they change, so each process keeps each page's view and renderings in
 * memory for `config.statusCacheMs` (a minute by default). An owner's change drops the page at once in this
 * process; other processes see it when their copy expires. Unknown pages are not kept: they cost one query.
 */
export const statusCache = (deps: Deps): StatusCache => {
  const existing = caches.get(deps)
  if (existing) return existing
  const entries = new Map<string, Entry>()
  /** Per page, what its last view showed (without the time it was made) and since when. */
  const changes = new Map<string, { fingerprint: string; at: number }>()
  const ttl = deps.config.statusCacheMs

  const sweep = (now: number) => {
    for (const [slug, entry] of entries) if (now - entry.builtAt >= ttl) entries.delete(slug)
    for (const slug of changes.keys()) if (!entries.has(slug)) changes.delete(slug)
  }

  /**
   * When what a page shows last changed: the time this process first built a view showing it as it is now. A view
   * built again that shows the same (its `generated_at` aside) keeps the earlier time. No row dates the whole of
   * it: a day bar turns at midnight, a maintenance window starts, a resolved incident leaves after 14 days and a
   * deleted one leaves no trace, so the time is the first build that saw the change, at most one cache period
   * after it (at once for an owner's change, which drops the cache) and never before it. A process that starts
   * dates each page by its first build.
   */
  const changedAt = (slug: string, entry: Entry, view: PublicStatus): number => {
    if (entry.changedAt !== undefined) return entry.changedAt
    const fingerprint = sha1(JSON.stringify({ ...view, generated_at: null }))
    const known = changes.get(slug)
    const at = known?.fingerprint === fingerprint ? known.at : entry.builtAt
    changes.set(slug, { fingerprint, at })
    entry.changedAt = at
    return at
  }

  const entryOf = (slug: string): Entry => {
    const now = deps.clock.now()
    const cached = entries.get(slug)
    if (cached && now - cached.builtAt < ttl) return cached
    if (entries.size > 1000) sweep(now)
    const entry: Entry = { builtAt: now, view: publicStatus(deps, slug, now), outputs: new Map() }
    entries.set(slug, entry)
    // Neither an unknown page nor a failure is kept.
    entry.view.then(
      (view) => {
        if (view === null && entries.get(slug) === entry) entries.delete(slug)
      },
      () => {
        if (entries.get(slug) === entry) entries.delete(slug)
      },
    )
    return entry
  }

  const cache: StatusCache = {
    view: (slug) => entryOf(slug).view,
    async rendered(slug, key, render) {
      const entry = entryOf(slug)
      const view = await entry.view
      if (!view) return null
      const done = entry.outputs.get(key)
      if (done) return done
      const lastModified = changedAt(slug, entry, view)
      const made = render(view, lastModified)
      if (!made) return null
      const rendered: Rendered = { ...made, hash: sha1(made.body), lastModified }
      entry.outputs.set(key, rendered)
      return rendered
    },
    forget: (slug) => {
      entries.delete(slug)
    },
  }
  caches.set(deps, cache)
  return cache
}
