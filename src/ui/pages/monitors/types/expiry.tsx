import { css } from '../../../../../styled-system/css'
import { ExpiryText } from '../ExpiryText.tsx'
import type { ListColumn, TypeHeader } from './define.ts'

// What the SSL and domain monitors show of the expiry they watch, as last seen: a column of their lists and a line
// of their pages' headers.

interface Expiring {
  expires_at?: string | null
  warn_days: readonly number[]
}

/** The expiry date and the days left. */
export const expiresColumn: ListColumn<Expiring> = {
  title: 'Expires',
  cell: (m, now) => <ExpiryText expiresAt={m.expires_at} warnDays={m.warn_days} now={now} />,
}

/** "Certificate expires 22 Nov 2026 · 42 days left", under the target. */
export const expiryHeader = <M extends Expiring>(what: string): TypeHeader<M> => ({
  Line: ({ monitor, now }) => (
    <p className={css({ fontSize: 'sm', display: 'flex', gap: '2', flexWrap: 'wrap' })}>
      <span className={css({ color: 'muted' })}>{what}</span>
      <ExpiryText expiresAt={monitor.expires_at} warnDays={monitor.warn_days} now={now} layout="inline" />
    </p>
  ),
})
