import { describe, expect, it } from 'vitest'
import { compareValues, filterChoices, nextSort, tableRows } from '@vigil/domain/table-view'

type Row = { id: string; region: string; state: string; cpu: number | null }
const rows: Row[] = [
  { id: 'i-10', region: 'eu-west-1', state: 'running', cpu: 40 },
  { id: 'i-2', region: 'us-east-1', state: 'stopped', cpu: null },
  { id: 'i-3', region: 'eu-west-1', state: 'stopped', cpu: 5 },
  { id: 'i-1', region: 'us-east-1', state: 'running', cpu: 5 },
]
const view = (filters: Partial<Record<'region' | 'state', string>>, sort: Parameters<typeof tableRows>[1]['sort']) =>
  tableRows(rows, {
    filters,
    filterOf: (row, f) => row[f],
    sort,
    sortOf: (row, column) => row[column as keyof Row],
  }).map((r) => r.id)

describe('resource tables', () => {
  it('keeps the rows that pass every filter; an empty filter lets all through', () => {
    expect(view({ region: 'eu-west-1' }, null)).toEqual(['i-10', 'i-3'])
    expect(view({ region: 'us-east-1', state: 'running' }, null)).toEqual(['i-1'])
    expect(view({ region: '', state: '' }, null)).toEqual(['i-10', 'i-2', 'i-3', 'i-1'])
    expect(view({ state: 'pending' }, null)).toEqual([])
  })

  it('sorts text as people read it and numbers by size, either way', () => {
    expect(view({}, { column: 'id', direction: 'asc' })).toEqual(['i-1', 'i-2', 'i-3', 'i-10'])
    expect(view({}, { column: 'id', direction: 'desc' })).toEqual(['i-10', 'i-3', 'i-2', 'i-1'])
  })

  it('keeps rows without a value last in both directions, and equal rows in their order', () => {
    expect(view({}, { column: 'cpu', direction: 'asc' })).toEqual(['i-3', 'i-1', 'i-10', 'i-2'])
    expect(view({}, { column: 'cpu', direction: 'desc' })).toEqual(['i-10', 'i-3', 'i-1', 'i-2'])
  })

  it('offers each value a filter can take once, in order', () => {
    expect(filterChoices(rows, (r) => r.state)).toEqual(['running', 'stopped'])
    expect(filterChoices([{ v: null }, { v: '' }, { v: 'b' }, { v: 'a' }], (r) => r.v)).toEqual(['a', 'b'])
  })

  it('sorts a column ascending at its first click and the other way at the next', () => {
    expect(nextSort(null, 'cpu')).toEqual({ column: 'cpu', direction: 'asc' })
    expect(nextSort({ column: 'cpu', direction: 'asc' }, 'cpu')).toEqual({ column: 'cpu', direction: 'desc' })
    expect(nextSort({ column: 'cpu', direction: 'desc' }, 'cpu')).toEqual({ column: 'cpu', direction: 'asc' })
    expect(nextSort({ column: 'cpu', direction: 'desc' }, 'id')).toEqual({ column: 'id', direction: 'asc' })
  })

  it('compares nothing as equal to nothing and after anything', () => {
    expect(compareValues(null, undefined)).toBe(0)
    expect(compareValues(null, 1)).toBeGreaterThan(0)
    expect(compareValues('a', '')).toBeLessThan(0)
  })
})
