import type PDFDocument from 'pdfkit'
import { ascentOf, baseFace, type Face, faceBytes, textRuns, type Weight } from './pdf-fonts.ts'

// What the report's PDF pieces share: the page, the colours, and text drawn in the report's fonts (pdf-fonts.ts), which
// have a glyph for every name in Latin, Greek, Cyrillic, Vietnamese, Chinese and Japanese kana.

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

export const FONT = { regular: 'regular', bold: 'bold' } as const satisfies Record<Weight, Weight>

/** The weight and size of the text drawn next, per document. */
const styles = new WeakMap<Pdf, { weight: Weight; size: number }>()
const styleOf = (doc: Pdf) => styles.get(doc) ?? { weight: FONT.regular, size: 12 }

/** Sets the weight and size of the text drawn next. */
export const setFont = (doc: Pdf, weight: Weight, size = styleOf(doc).size): Pdf => {
  styles.set(doc, { weight, size })
  return doc.fontSize(size)
}

/** The faces each document has embedded so far. */
const embedded = new WeakMap<Pdf, Set<string>>()

/** Makes the face the current font at the current size, embedding it in the document the first time. */
const inFace = (doc: Pdf, face: Face): Pdf => {
  let names = embedded.get(doc)
  if (!names) {
    names = new Set()
    embedded.set(doc, names)
  }
  if (!names.has(face.name)) {
    doc.registerFont(face.name, faceBytes(face))
    names.add(face.name)
  }
  return doc.font(face.name).fontSize(styleOf(doc).size)
}

/** The width of the text in the current weight and size, each run in its own face. */
export const textWidth = (doc: Pdf, text: string): number =>
  textRuns(text, styleOf(doc).weight).reduce((width, run) => width + inFace(doc, run.face).widthOfString(run.text), 0)

/** The text cut with an ellipsis to fit the width in the current font; as it is when it fits. */
export const truncate = (doc: Pdf, text: string, width: number): string => {
  if (textWidth(doc, text) <= width) return text
  const chars = [...text]
  let [low, high] = [0, chars.length]
  // The longest prefix that fits with its ellipsis (cut between characters, never inside a surrogate pair).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (textWidth(doc, `${chars.slice(0, mid).join('').trimEnd()}…`) <= width) low = mid
    else high = mid - 1
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`
}

/**
 * One line of text with its top at a point, never wrapped (so never a page added by pdfkit): each run in the face that
 * has its glyphs, all on the baseline of the Latin face, as pdfkit would place a line of that face alone.
 */
export const line = (doc: Pdf, text: string, x: number, y: number) => {
  const { weight, size } = styleOf(doc)
  const baseline = y + ascentOf(baseFace(weight)) * size
  let at = x
  for (const run of textRuns(text, weight)) {
    inFace(doc, run.face).text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' })
    at += doc.widthOfString(run.text)
  }
  return doc
}

/** A rule across the body at y. */
export const rule = (doc: Pdf, y: number, color: string, width = 0.8) =>
  doc
    .moveTo(BODY.x, y)
    .lineTo(BODY.x + BODY.width, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
