import type PDFDocument from 'pdfkit'

// What the report's PDF pieces share: the page, the colours, and text that the standard fonts can draw.

export type Pdf = typeof PDFDocument

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A4 landscape, in points. */
export const PAGE = { width: 841.89, height: 595.28, margin: 32 } as const

/** The drawable area of a page; the footer is in the bottom margin. */
export const BODY: Box = {
  x: PAGE.margin,
  y: PAGE.margin,
  width: PAGE.width - 2 * PAGE.margin,
  height: PAGE.height - 2 * PAGE.margin,
}

export const COLOR = {
  text: '#1f2933',
  muted: '#6b7280',
  grid: '#e3e7ec',
  axis: '#9aa3ad',
  line: '#2563eb',
  zebra: '#f4f6f8',
  red: '#b91c1c',
  green: '#15803d',
} as const

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const

// The code points of Windows-1252 above Latin-1's range that the standard fonts' WinAnsi encoding has a glyph for.
const WIN_ANSI_EXTRA = new Set(
  [
    0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a,
    0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
  ].map((c) => String.fromCodePoint(c)),
)

const safeChar = (c: string): string => {
  const code = c.codePointAt(0) ?? 0
  if (c === '\u2212') return '-' // the minus sign that durations use
  if (c === '\t' || c === '\n' || c === '\r') return ' '
  if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c)) return c
  return '?'
}

/**
 * Text the standard (WinAnsi) fonts can draw: the minus sign becomes a hyphen, line breaks spaces, and anything else
 * without a glyph (CJK, emoji, controls) one "?" per character, where pdfkit would write a wrong glyph or two.
 */
export const pdfSafe = (text: string): string => {
  let out = ''
  for (const c of text) out += safeChar(c)
  return out
}

/** The text cut with an ellipsis to fit the width in the current font; as it is when it fits. */
export const truncate = (doc: Pdf, text: string, width: number): string => {
  if (doc.widthOfString(text) <= width) return text
  let [low, high] = [0, text.length]
  // The longest prefix that fits with its ellipsis.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= width) low = mid
    else high = mid - 1
  }
  return `${text.slice(0, low).trimEnd()}…`
}

/** One line of text at a point, never wrapped (so never a page added by pdfkit). */
export const line = (doc: Pdf, text: string, x: number, y: number) => doc.text(text, x, y, { lineBreak: false })

/** A rule across the body at y. */
export const rule = (doc: Pdf, y: number, color: string, width = 0.8) =>
  doc
    .moveTo(BODY.x, y)
    .lineTo(BODY.x + BODY.width, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
