import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { create, type Font } from 'fontkit'
import { sfntOf } from './woff-sfnt.ts'

// The report's fonts, from npm packages (nothing is fetched at run time): Noto Sans (Latin, Greek, Cyrillic,
// Vietnamese, Devanagari) and, for the characters it lacks, Noto Sans SC (Chinese, Japanese kana, CJK symbols and
// punctuation, check marks). Fontsource ships each font cut by Unicode ranges into files, and its unicode.json says
// which file holds which characters: each character is drawn from the first file, in that order, that has its glyph,
// a file is read the first time a report needs it, and pdfkit embeds only the glyphs a report uses.

export type Weight = 'regular' | 'bold'

const WEIGHT_NUMBER: Record<Weight, number> = { regular: 400, bold: 700 }
const PACKAGES = ['@fontsource/noto-sans', '@fontsource/noto-sans-sc'] as const

/** One file of a font: the characters its range claims, and where it is. */
export interface Face {
  /** Its name in a PDF: `noto-sans-latin-400`. */
  name: string
  file: string
  ranges: [number, number][]
}

const load = createRequire(import.meta.url)

/** "U+0000-00FF,U+0131" as [[0, 255], [305, 305]]. */
const rangesOf = (text: string): [number, number][] =>
  text.split(',').map((range) => {
    const [from = '0', to] = range.trim().replace(/^U\+/i, '').split('-')
    return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)]
  })

const facesOf = (pkg: string, weight: number): Face[] => {
  const index = load.resolve(`${pkg}/unicode.json`)
  const subsets = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>
  const id = pkg.slice(pkg.indexOf('/') + 1)
  return Object.entries(subsets).map(([subset, ranges]) => {
    // Numbered subsets are written "[12]" in the index and "12" in the file's name.
    const part = subset.replace(/^\[(.*)\]$/, '$1')
    return {
      name: `${id}-${part}-${weight}`,
      file: join(dirname(index), 'files', `${id}-${part}-${weight}-normal.woff`),
      ranges: rangesOf(ranges),
    }
  })
}

let stacks: Record<Weight, Face[]> | null = null
/** Each weight's files in the order they are asked for a glyph. */
const stackOf = (weight: Weight): Face[] => {
  stacks ??= {
    regular: PACKAGES.flatMap((pkg) => facesOf(pkg, WEIGHT_NUMBER.regular)),
    bold: PACKAGES.flatMap((pkg) => facesOf(pkg, WEIGHT_NUMBER.bold)),
  }
  return stacks[weight]
}

const files = new Map<string, { bytes: Buffer; font: Font }>()
const opened = (face: Face) => {
  let file = files.get(face.file)
  if (!file) {
    const bytes = sfntOf(readFileSync(face.file))
    file = { bytes, font: create(bytes) }
    files.set(face.file, file)
  }
  return file
}

/** The face's font as plain TrueType, for pdfkit to embed (it keeps only the glyphs used). */
export const faceBytes = (face: Face): Buffer => opened(face).bytes

/** Whether the face's file has a glyph for the character (a file its reader cannot read has none). */
const hasGlyph = (face: Face, code: number): boolean => {
  if (!face.ranges.some(([from, to]) => code >= from && code <= to)) return false
  try {
    return opened(face).font.hasGlyphForCodePoint(code)
  } catch {
    return false
  }
}

const found = new Map<string, Face | null>()
/** The first face of the weight with a glyph for the character, or null when none has one. */
export const faceFor = (weight: Weight, code: number): Face | null => {
  const key = `${weight}:${code}`
  let face = found.get(key)
  if (face === undefined) {
    face = stackOf(weight).find((f) => hasGlyph(f, code)) ?? null
    found.set(key, face)
  }
  return face
}

/** The face the text's lines are set on: Latin, whose ascender places every run's baseline. */
export const baseFace = (weight: Weight): Face => faceFor(weight, 0x41) as Face

/** The face's ascender as a share of the font size. */
export const ascentOf = (face: Face): number => {
  const { font } = opened(face)
  return font.ascent / font.unitsPerEm
}

/** A run of text drawn from one face. */
export interface TextRun {
  face: Face
  text: string
}

/**
 * The text cut into runs of one face each. Tabs and line breaks become spaces (a cell is one line), and a character no
 * face has (Korean, emoji, a control character) is drawn as "?".
 */
export const textRuns = (text: string, weight: Weight): TextRun[] => {
  const runs: TextRun[] = []
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const space = code === 0x09 || code === 0x0a || code === 0x0d
    const face = space || code < 0x20 || code === 0x7f ? null : faceFor(weight, code)
    const drawn = face ? char : space ? ' ' : '?'
    const from = face ?? baseFace(weight)
    const last = runs.at(-1)
    if (last?.face === from) last.text += drawn
    else runs.push({ face: from, text: drawn })
  }
  return runs
}
