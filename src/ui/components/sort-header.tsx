import { nextSort, type TableSort } from '@vigil/domain/table-view'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../styled-system/css'
import * as Table from './table.tsx'

// A table sorted by a click on a column's header (again: the other way), the sort kept in the query string
// (`?sort=uptime&dir=desc`) so that a reload or a shared link shows the same order.

const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  font: 'inherit',
  fontWeight: 'semibold',
  color: 'inherit',
  bg: 'transparent',
  border: 'none',
  p: '0',
  textAlign: 'inherit',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
})

const ariaSort = (sort: TableSort | null, key: string) =>
  sort?.column !== key ? undefined : sort.direction === 'asc' ? 'ascending' : 'descending'

/** The sort in the query string, when it names one of `keys`, and a setter for a click on a header. */
export const useUrlSort = <K extends string>(keys: readonly K[]) => {
  const [search, setSearch] = useSearchParams()
  const key = search.get('sort') as K | null
  const sort: TableSort<K> | null =
    key && keys.includes(key) ? { column: key, direction: search.get('dir') === 'desc' ? 'desc' : 'asc' } : null
  const sortBy = (column: K) => {
    const next = nextSort(sort, column)
    setSearch(
      (params) => {
        const out = new URLSearchParams(params)
        out.set('sort', next.column)
        if (next.direction === 'desc') out.set('dir', 'desc')
        else out.delete('dir')
        return out
      },
      { replace: true },
    )
  }
  return { sort, sortBy }
}

/** A column's header; a button that sorts by it when `onSort` is given, with `aria-sort` while it is the sort. */
export function SortHeader({
  column,
  sort,
  onSort,
  numeric,
  className,
  children,
}: {
  column: string
  sort: TableSort | null
  onSort?: () => void
  numeric?: boolean
  /** A column that gives way on narrow tables hides its header with the same class as its cells. */
  className?: string
  children: ReactNode
}) {
  return (
    <Table.Header
      scope="col"
      aria-sort={ariaSort(sort, column)}
      textAlign={numeric ? 'end' : undefined}
      className={className}
    >
      {onSort ? (
        <button type="button" className={sortButton} onClick={onSort}>
          {children}
          {sort?.column !== column ? (
            <ArrowUpDown aria-hidden="true" size={14} />
          ) : sort.direction === 'asc' ? (
            <ArrowUp aria-hidden="true" size={14} />
          ) : (
            <ArrowDown aria-hidden="true" size={14} />
          )}
        </button>
      ) : (
        children
      )}
    </Table.Header>
  )
}
