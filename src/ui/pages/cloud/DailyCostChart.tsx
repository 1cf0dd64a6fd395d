import { css } from '../../../../styled-system/css'
import { formatDate } from '../monitors/format.ts'

/**
 * A month's days as bars, each with its amount as its title; the figures are in a table beside it for all readers.
 * `period` names the month in the chart's label ("2026-11").
 */
export function DailyCostChart({
  days,
  money,
  period,
}: {
  days: readonly { date: string; amount: number }[]
  /** An amount in the bill's currency, in words. */
  money: (amount: number) => string
  period: string
}) {
  const highest = Math.max(...days.map((d) => d.amount), 0)
  const top = days.reduce<(typeof days)[number] | null>((a, d) => (a === null || d.amount > a.amount ? d : a), null)
  const width = 12
  const label =
    top && highest > 0
      ? `Daily cost for ${period}: highest ${money(top.amount)} on ${formatDate(top.date)}`
      : `Daily cost for ${period}: nothing spent yet`
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${Math.max(days.length, 1) * width} 100`}
      preserveAspectRatio="none"
      className={css({ w: 'full', h: '40', display: 'block' })}
    >
      {days.map((d, i) => {
        const h = highest > 0 ? Math.max((d.amount / highest) * 96, d.amount > 0 ? 2 : 0) : 0
        return (
          <rect
            key={d.date}
            x={i * width + 1}
            y={100 - h}
            width={width - 2}
            height={h}
            className={css({ fill: 'navy.500' })}
          >
            <title>{`${formatDate(d.date)}: ${money(d.amount)}`}</title>
          </rect>
        )
      })}
    </svg>
  )
}
