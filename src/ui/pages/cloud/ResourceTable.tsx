import { filterChoices, nextSort, type SortValue, type TableSort, tableRows } from '@vigil/domain/table-view'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { SortHeader } from '../../components/sort-header.tsx'
import * as Table from '../../components/table.tsx'
import { FilterSelect } from '../FilterSelect.tsx'

export interface Column<R> {
  /** Its key in the query string (`?sort=state`). */
  key: string
  title: string
  cell: (row: R) => ReactNode
  /** What it sorts by; a column without it does not sort. */
  sort?: (row: R) => SortValue
  numeric?: boolean
}

/** A filter of the table: the value each row has (a region, a state), offered as the rows have them. */
export interface Filter<R> {
  key: 'region' | 'state' | 'group'
  label: string
  all: string
  read: (row: R) => string | null
}

export interface ResourceTableProps<R> {
  /** What the table lists, for its scrolling region and its count ("EC2 instances"). */
  label: string
  rows: readonly R[]
  rowKey: (row: R) => string
  columns: readonly Column<R>[]
  filters: readonly Filter<R>[]
  /** A row's own action ("Monitor this"), in the last column. */
  action?: (row: R) => ReactNode
  /** What the page says when the account has none. */
  empty: { title: string; description: ReactNode }
}

const toolbar = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', mb: '3' })

/**
 * The resources of one kind of a connected account: filters by region and state, a sort by any column (a click on
 * its header; again for the other way), and each row's action. The filters and the sort are in the query string, so
 * a reload or a shared link shows the same view.
 */
export function ResourceTable<R>({ label, rows, rowKey, columns, filters, action, empty }: ResourceTableProps<R>) {
  const [search, setSearch] = useSearchParams()
  const sortKey = search.get('sort')
  const sort: TableSort | null = columns.some((c) => c.key === sortKey && c.sort)
    ? { column: sortKey as string, direction: search.get('dir') === 'desc' ? 'desc' : 'asc' }
    : null
  const chosen = Object.fromEntries(filters.map((f) => [f.key, search.get(f.key) ?? '']))
  const shown = tableRows(rows, {
    filters: chosen,
    filterOf: (row, key) => filters.find((f) => f.key === key)?.read(row) ?? null,
    sort,
    sortOf: (row, key) => columns.find((c) => c.key === key)?.sort?.(row),
  })
  const change = (patch: Record<string, string>) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params)
        for (const [key, value] of Object.entries(patch)) value ? next.set(key, value) : next.delete(key)
        return next
      },
      { replace: true },
    )

  if (rows.length === 0)
    return (
      <EmptyState.Root variant="card">
        <EmptyState.Title as="h2">{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.description}</EmptyState.Description>
      </EmptyState.Root>
    )

  return (
    <Card.Root p={{ base: '2', md: '4' }}>
      <div className={toolbar}>
        {filters.map((f) => (
          <FilterSelect
            key={f.key}
            label={f.label}
            allLabel={f.all}
            value={chosen[f.key] ?? ''}
            options={filterChoices(rows, f.read).map((value) => ({ value, label: value }))}
            onChange={(value) => change({ [f.key]: value })}
            w="auto"
          />
        ))}
        <p role="status" className={css({ fontSize: 'sm', color: 'muted', ml: 'auto' })}>
          {shown.length === rows.length ? `${rows.length} in all` : `${shown.length} of ${rows.length} shown`}
        </p>
      </div>
      <Table.Scroll tabIndex={0} aria-label={`${label} table`}>
        <Table.Root size="sm" layout="stack">
          <Table.Head>
            <Table.Row>
              {columns.map((c) => (
                <SortHeader
                  key={c.key}
                  column={c.key}
                  sort={sort}
                  onSort={
                    c.sort
                      ? () => {
                          const next = nextSort(sort, c.key)
                          change({ sort: next.column, dir: next.direction === 'desc' ? 'desc' : '' })
                        }
                      : undefined
                  }
                >
                  {c.title}
                </SortHeader>
              ))}
              {action && (
                <Table.Header scope="col" textAlign="end">
                  <span className={css({ srOnly: true })}>Actions</span>
                </Table.Header>
              )}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell
                    key={c.key}
                    data-label={c.title}
                    textAlign={c.numeric ? 'end' : undefined}
                    fontVariantNumeric={c.numeric ? 'tabular-nums' : undefined}
                  >
                    {c.cell(row)}
                  </Table.Cell>
                ))}
                {action && <Table.Cell textAlign="end">{action(row)}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroll>
      {shown.length === 0 && (
        <p className={css({ fontSize: 'sm', color: 'muted', pt: '3' })}>
          None matches these filters.{' '}
          <button
            type="button"
            className={css({ color: 'primary', textDecoration: 'underline', cursor: 'pointer' })}
            onClick={() => change(Object.fromEntries(filters.map((f) => [f.key, ''])))}
          >
            Show all
          </button>
        </p>
      )}
    </Card.Root>
  )
}

/** What a connected account runs, one row a service under its name; no filters, as the services are few. */
export function ServicesTable<R extends { service: string }>({
  rows,
  columns,
  empty,
}: Pick<ResourceTableProps<R>, 'rows' | 'columns' | 'empty'>) {
  return (
    <ResourceTable
      label="Services"
      rows={rows}
      rowKey={(s) => s.service}
      columns={columns}
      filters={[]}
      empty={empty}
    />
  )
}
