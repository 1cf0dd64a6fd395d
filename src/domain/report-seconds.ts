// The one rounding rule for a report's durations, so the CSV's seconds and the words of the page, the PDF and the
// mail name the same number: the nearest whole second, a half away from zero, the same for a negative duration as for
// its positive (an overspent error budget of 319.688 s is −320 s everywhere, never −319 in one and −320 in another).

/** Milliseconds as whole seconds, to the nearest; a half away from zero; never −0. */
export const wholeSeconds = (ms: number): number => {
  const seconds = Math.round(Math.abs(ms) / 1000)
  return ms < 0 && seconds !== 0 ? -seconds : seconds
}
