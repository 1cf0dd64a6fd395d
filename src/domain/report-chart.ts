import { PERIOD_MS } from './uptime.ts'

// How a report charts its period, the same on the page and in the PDF: by the hour for a period of a day or two (by
// the day it would be one or two dots), by the day for a longer one; and the axes, whose ticks are chosen here so
// that no value is ever drawn past them (a 72 % day under an axis that starts at 80 %).

/** The longest period charted by the hour: two days, and the hour a change of daylight saving may add. */
export const HOURLY_MAX_MS = 2 * PERIOD_MS.day + PERIOD_MS.hour

export type ChartStep = 'hour' | 'day'

/** The step of a report's charts over [from, to), when its hours are still kept (hourly rollups: 35 days). */
export const chartStep = (from: number, to: number, hoursKept: boolean): ChartStep =>
  hoursKept && to - from <= HOURLY_MAX_MS ? 'hour' : 'day'

/** The starts of the hours (of UTC, the rollups' own) that [from, to) touches. */
export const hourStarts = (from: number, to: number): number[] => {
  const starts: number[] = []
  for (let t = from - (from % PERIOD_MS.hour); t < to; t += PERIOD_MS.hour) starts.push(t)
  return starts
}

export interface Axis {
  min: number
  max: number
  step: number
  /** The values of its gridlines, min to max. */
  ticks: number[]
}

/** The smallest step of 1, 2 or 5 times a power of ten that cuts the range in at most `parts` parts. */
export const niceStep = (range: number, parts = 5): number => {
  const raw = range / parts
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-12)
  return step ?? 10 * power
}

/** The decimals a step's labels need: 0 for 5, 1 for 0.2, 2 for 0.05. */
export const stepDecimals = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9))

const round = (value: number, step: number) => Number(value.toFixed(stepDecimals(step)))

const ticksOf = (min: number, max: number, step: number) => {
  const ticks: number[] = []
  // Counted in steps, not added up, so 99.2 does not drift to 99.19999.
  for (let k = 0; min + k * step <= max + 1e-9; k++) ticks.push(round(min + k * step, step))
  return ticks
}

const known = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null)

/**
 * Uptime up to 100 %, from a tick below the lowest value and the target drawn with it (at least one percent below
 * 100): a value is never under the axis, nor on its floor line or just above it, where the floor would hide it.
 */
export const uptimeAxis = (values: readonly (number | null)[], target: number | null = null): Axis => {
  const lowest = Math.max(0, Math.min(100, target ?? 100, ...known(values)))
  const bottom = Math.min(99, lowest)
  const step = niceStep(100 - bottom)
  let min = round(Math.floor(bottom / step + 1e-9) * step, step)
  // A value within a quarter step of the floor gets a step of room under it.
  if (min > 0 && lowest - min < step / 4) min = round(min - step, step)
  min = Math.max(0, min)
  return { min, max: 100, step, ticks: ticksOf(min, 100, step) }
}

/** Response time from 0 to a tick above the slowest value, with the same room as the uptime's floor (to 100 ms without any). */
export const responseAxis = (values: readonly (number | null)[]): Axis => {
  const times = known(values)
  const highest = times.length === 0 ? 100 : Math.max(1, ...times)
  const step = Math.max(1, niceStep(highest))
  let max = Math.ceil(highest / step) * step
  if (times.length > 0 && max - highest < step / 4) max += step
  return { min: 0, max, step, ticks: ticksOf(0, max, step) }
}
