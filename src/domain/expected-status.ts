// Expected HTTP status codes as users write them: "200-299", "200, 301", "2xx", or a list of them.

export interface StatusRange {
  from: number
  to: number
}

export const DEFAULT_EXPECTED_STATUS = '200-299'

const parsePart = (part: string): StatusRange | string => {
  const text = part.trim().toLowerCase()
  const single = /^([1-5]\d\d)$/.exec(text)
  if (single) return { from: Number(single[1]), to: Number(single[1]) }
  const range = /^([1-5]\d\d)\s*-\s*([1-5]\d\d)$/.exec(text)
  if (range) {
    const from = Number(range[1])
    const to = Number(range[2])
    return from <= to ? { from, to } : `"${part.trim()}" is not a range: the first code must not be above the second.`
  }
  const klass = /^([1-5])xx$/.exec(text)
  if (klass) return { from: Number(klass[1]) * 100, to: Number(klass[1]) * 100 + 99 }
  return `"${part.trim()}" is not a status code: use codes from 100 to 599, ranges such as 200-299, or 2xx.`
}

/** The ranges, or the first problem. Accepts a comma-separated string or a list of codes and ranges. */
export const parseExpectedStatus = (value: string | readonly (string | number)[]): StatusRange[] | string => {
  const parts = (typeof value === 'string' ? value.split(',') : value.map(String)).filter((p) => p.trim() !== '')
  if (parts.length === 0) return 'Expected status needs at least one code or range, such as 200-299.'
  if (parts.length > 20) return 'Expected status takes at most 20 codes or ranges.'
  const ranges: StatusRange[] = []
  for (const part of parts) {
    const parsed = parsePart(part)
    if (typeof parsed === 'string') return parsed
    ranges.push(parsed)
  }
  return ranges
}

/** The canonical text: "200-299,301". */
export const formatExpectedStatus = (ranges: readonly StatusRange[]): string =>
  ranges.map((r) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`)).join(',')

export const statusMatches = (ranges: readonly StatusRange[], status: number): boolean =>
  ranges.some((r) => status >= r.from && status <= r.to)
