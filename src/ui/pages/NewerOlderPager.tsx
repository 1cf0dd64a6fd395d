import { css, cx } from '../../../styled-system/css'
import { Button } from '../components/button.tsx'

/**
 * The pages of a list shown newest first (check results, incidents, deliveries): Newer, where the list is ("Page 2
 * of 5 · 93 checks"), and Older. `disabled` holds both buttons (while a page loads); `className` adds to the row.
 */
export function NewerOlderPager({
  label,
  page,
  pages,
  count,
  disabled = false,
  onPage,
  className,
}: {
  /** The navigation's name ("Result pages"). */
  label: string
  page: number
  pages: number
  /** How many there are in all, in words ("93 checks"). */
  count: string
  disabled?: boolean
  onPage: (page: number) => void
  className?: string
}) {
  return (
    <nav aria-label={label} className={cx(css({ display: 'flex', gap: '3', alignItems: 'center' }), className)}>
      <Button size="sm" variant="outline" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <span className={css({ color: 'muted', fontSize: 'sm' })}>
        Page {page} of {pages} · {count}
      </span>
      <Button size="sm" variant="outline" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </nav>
  )
}
