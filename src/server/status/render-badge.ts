import type { ComponentState, OverallIndicator, UptimeLevel } from '@vigil/domain/status-rules'
import { COMPONENT_STATE_LABELS, uptimeLevel } from '@vigil/domain/status-rules'
import { escapeHtml as e, percent, xmlChars } from './html.ts'

// Shields-style SVG badges, for READMEs and dashboards: a grey label and a coloured value.

const STATE_COLOURS: Record<ComponentState, string> = {
  operational: '#1f9d55',
  degraded: '#c98a00',
  outage: '#d93b3b',
  maintenance: '#3b6fd9',
  unknown: '#8a94a6',
}
const UPTIME_COLOURS: Record<UptimeLevel, string> = {
  up: '#1f9d55',
  minor: '#5aa86f',
  partial: '#c98a00',
  down: '#d93b3b',
  none: '#8a94a6',
}

// Approximate advance widths of Verdana at 11 px: close enough to size the badge around its text.
const charWidth = (ch: string) => {
  if (' '.includes(ch)) return 3.9
  if ("il.,:;|!'`".includes(ch)) return 3.4
  if ('fjrt()[]/-'.includes(ch)) return 4.7
  if ('mwMW%'.includes(ch)) return 10.6
  if (/[A-Z]/.test(ch)) return 7.6
  if (/[0-9]/.test(ch)) return 7
  return 6.6
}
const textWidth = (text: string) => [...text].reduce((sum, ch) => sum + charWidth(ch), 0)

export const badgeSvg = (labelText: string, valueText: string, colour: string): string => {
  // Measured as drawn: without what XML cannot carry (an old row's control characters).
  const label = xmlChars(labelText)
  const value = xmlChars(valueText)
  const lw = Math.round(textWidth(label) + 12)
  const vw = Math.round(textWidth(value) + 12)
  const w = lw + vw
  const title = e(`${label}: ${value}`)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${title}"><title>${title}</title>` +
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${colour}"/>` +
    `<rect width="${w}" height="20" fill="url(#s)"/></g>` +
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">' +
    `<text x="${lw / 2}" y="14">${e(label)}</text><text x="${lw + vw / 2}" y="14">${e(value)}</text></g></svg>`
  )
}

export const componentBadge = (label: string, state: ComponentState) =>
  badgeSvg(label, COMPONENT_STATE_LABELS[state].toLowerCase(), STATE_COLOURS[state])

const INDICATOR_BADGES: Record<OverallIndicator, [string, string]> = {
  operational: ['operational', STATE_COLOURS.operational],
  partial_outage: ['partial outage', STATE_COLOURS.degraded],
  major_outage: ['major outage', STATE_COLOURS.outage],
  maintenance: ['maintenance', STATE_COLOURS.maintenance],
  unknown: ['no data', STATE_COLOURS.unknown],
}

export const pageBadge = (indicator: OverallIndicator) => badgeSvg('status', ...INDICATOR_BADGES[indicator])

export const uptimeBadge = (label: string, uptime: number | null) =>
  badgeSvg(label, uptime === null ? 'no data' : percent(uptime), UPTIME_COLOURS[uptimeLevel(uptime)])
