import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Pagination, paginationOf } from '@vigil/domain/pagination.schema'

// Every paged list of the API says where its page is with one shape, made by one function.

describe('paginationOf', () => {
  it('counts the pages of a list, the last one partly full', () => {
    expect(paginationOf(101, 2, 50)).toEqual({ total: 101, page: 2, limit: 50, total_pages: 3 })
    expect(paginationOf(100, 1, 50).total_pages).toBe(2)
  })

  it('gives an empty list no pages, and a list answered whole one page, even when it is empty', () => {
    expect(paginationOf(0, 1, 20).total_pages).toBe(0)
    expect(paginationOf(7, 1, 7).total_pages).toBe(1)
    expect(paginationOf(0, 1, 0)).toEqual({ total: 0, page: 1, limit: 0, total_pages: 1 })
  })

  it('makes what the schema takes', () => {
    expect(v.is(Pagination, paginationOf(0, 1, 0))).toBe(true)
  })
})
