// What a resource table shows of its rows: those that pass its filters, in the order of the column it is sorted by.
// The rules are the same on every page of a cloud account (EC2, RDS, Amplify, Lightsail, services).

export type SortDirection = 'asc' | 'desc'

/** A value a column sorts by: text, a number, or nothing (always last, whichever the direction). */
export type SortValue = string | number | null | undefined

export interface TableSort<K extends string = string> {
  column: K
  direction: SortDirection
}

/** A filter: the value a row must have (`''` lets every row through). */
export type TableFilters<F extends string = string> = Partial<Record<F, string>>

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Compares two sort values ascending: numbers by size, text as people read it (i-2 before i-10), nothing last. */
export const compareValues = (a: SortValue, b: SortValue): number => {
  const noA = a === null || a === undefined || a === ''
  const noB = b === null || b === undefined || b === ''
  if (noA || noB) return noA === noB ? 0 : noA ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

/**
 * The rows that pass every filter (`filterOf` reads the value a filter looks at), sorted by `sort` (`sortOf` reads a
 * column's value). Rows that sort equal keep their order; rows without a value stay last in either direction.
 */
export const tableRows = <R, K extends string, F extends string>(
  rows: readonly R[],
  opts: {
    filters: TableFilters<F>
    filterOf: (row: R, filter: F) => string | null
    sort: TableSort<K> | null
    sortOf: (row: R, column: K) => SortValue
  },
): R[] => {
  const active = (Object.entries(opts.filters) as [F, string | undefined][]).filter(([, want]) => want)
  const kept = rows.filter((row) => active.every(([filter, want]) => opts.filterOf(row, filter) === want))
  const { sort } = opts
  if (!sort) return kept
  const sign = sort.direction === 'asc' ? 1 : -1
  return kept
    .map((row, index) => ({ row, index, value: opts.sortOf(row, sort.column) }))
    .sort((a, b) => {
      const noA = a.value === null || a.value === undefined || a.value === ''
      const noB = b.value === null || b.value === undefined || b.value === ''
      const order = noA || noB ? compareValues(a.value, b.value) : sign * compareValues(a.value, b.value)
      return order || a.index - b.index
    })
    .map((r) => r.row)
}

/** The values a filter can take among the rows, sorted, once each (the filter's choices). */
export const filterChoices = <R>(rows: readonly R[], read: (row: R) => string | null): string[] =>
  [...new Set(rows.map(read).filter((v): v is string => v !== null && v !== ''))].sort(compareValues)

/** The sort after a click on a column's header: that column ascending, or the other way when it is sorted already. */
export const nextSort = <K extends string>(current: TableSort<K> | null, column: K): TableSort<K> =>
  current?.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' }
