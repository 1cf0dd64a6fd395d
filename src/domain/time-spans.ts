// Spans of time (outages, maintenance windows) as a chart marks them: cut to what it shows, in order, with
// spans that overlap or touch made one.

export interface Span {
  from: number
  to: number
}

/** The spans cut to [from, to], empty ones dropped, sorted, overlapping or touching ones merged. */
export const clipSpans = (spans: readonly Span[], from: number, to: number): Span[] => {
  const cut = spans
    .map((s) => ({ from: Math.max(s.from, from), to: Math.min(s.to, to) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from)
  const out: Span[] = []
  for (const s of cut) {
    const last = out.at(-1)
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to)
    else out.push({ ...s })
  }
  return out
}

/** Whether a span covers any of the time strictly between `from` and `to` (none when there is no such time). */
export const overlapsAny = (spans: readonly Span[], from: number, to: number): boolean =>
  from < to && spans.some((s) => s.from < to && s.to > from)
