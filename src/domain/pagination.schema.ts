import * as v from 'valibot'

// Lists the API answers a page at a time: what a page is asked with (`?page&limit`), and where an answer's page is
// among the pages of its list (`pagination`), the same for every paged list.

/** The most rows a page may ask for. */
export const MAX_PAGE_LIMIT = 100

const positiveInt = (name: string, fallback: string, max?: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,9}$/, `${name} must be a positive whole number.`),
    v.transform(Number),
    v.minValue(1, `${name} must be at least 1.`),
    v.maxValue(max ?? 1_000_000, `${name} must be at most ${max ?? 1_000_000}.`),
  )

/** `?page&limit` as query strings; limit defaults to the bell's 50. */
export const PageQuery = v.object({
  page: positiveInt('page', '1'),
  limit: positiveInt('limit', '50', MAX_PAGE_LIMIT),
})
export type PageQuery = v.InferOutput<typeof PageQuery>

/** Where a paged answer's rows are among the pages of its list: every paged list answers it as `pagination`. */
export const Pagination = v.object({ total: v.number(), page: v.number(), limit: v.number(), total_pages: v.number() })
export type Pagination = v.InferOutput<typeof Pagination>

/**
 * Page `page` of a list of `total` rows, `limit` to a page. A list answered whole is one page (its limit is its total,
 * so an empty one has a limit of 0 and still one page).
 */
export const paginationOf = (total: number, page: number, limit: number): Pagination => ({
  total,
  page,
  limit,
  total_pages: limit > 0 ? Math.ceil(total / limit) : 1,
})
