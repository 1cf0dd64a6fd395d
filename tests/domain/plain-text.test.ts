import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isPlainLine, isPlainText, plainLine, plainText } from '@vigil/domain/plain-text'

// Names and texts are plain text: the characters XML 1.0 cannot carry (and no one types on purpose) are refused on
// input, so a feed or a badge made of them stays readable (issue 35, point 7).

const codePoints = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))

const C0 = codePoints(0x00, 0x1f)
const C1 = codePoints(0x7f, 0x9f)
const LINE_BREAKS_AND_TAB = ['\t', '\n', '\r']
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b', '\uDE00\uD83D']
const NONCHARACTERS = ['\uFFFE', '\uFFFF']

const name = v.pipe(v.string(), plainLine('Name'))
const text = v.pipe(v.string(), plainText('Message'))
const issue = (schema: v.GenericSchema, input: string) => v.safeParse(schema, input).issues?.[0]?.message

describe('a one-line name', () => {
  it.each(['Acme', 'Zürich – café ✓ 東京 Ωμέγα', 'Rocket 🚀 launch', 'a\u00A0b', '\u00A0', '\uFFFD', '\u{10FFFD}', ''])(
    'takes %j',
    (input) => {
      expect(isPlainLine(input)).toBe(true)
      expect(v.parse(name, input)).toBe(input)
    },
  )

  it('refuses every C0 and C1 control, DEL, lone surrogates, U+FFFE and U+FFFF, anywhere in the text', () => {
    const refused = [...C0, ...C1, ...LONE_SURROGATES, ...NONCHARACTERS]
    for (const ch of refused)
      for (const input of [ch, `Acme${ch}`, `${ch}Acme`, `Ac${ch}me`]) {
        expect(isPlainLine(input), JSON.stringify(input)).toBe(false)
        expect(issue(name, input)).toBe('Name cannot contain control characters.')
      }
    // Tab and line breaks included: a name is one line.
    for (const ch of LINE_BREAKS_AND_TAB) expect(isPlainLine(`a${ch}b`)).toBe(false)
  })

  it('takes the characters just outside the refused ranges', () => {
    for (const ch of [' ', '~', '\u00A0', '\u00FF', '\uD7FF', '\uE000', '\uFFFD', '\u{10000}'])
      expect(isPlainLine(`a${ch}b`), JSON.stringify(ch)).toBe(true)
  })
})

describe('a multi-line text', () => {
  it('keeps tab, line feed and carriage return', () => {
    const input = 'First line\r\n\tindented\nlast'
    expect(isPlainText(input)).toBe(true)
    expect(v.parse(text, input)).toBe(input)
  })

  it('refuses every other control, lone surrogates, U+FFFE and U+FFFF', () => {
    const refused = [...C0, ...C1, ...LONE_SURROGATES, ...NONCHARACTERS].filter(
      (ch) => !LINE_BREAKS_AND_TAB.includes(ch),
    )
    expect(refused).toHaveLength(32 - 3 + 33 + LONE_SURROGATES.length + 2)
    for (const ch of refused) {
      expect(isPlainText(`line\n${ch}`), JSON.stringify(ch)).toBe(false)
      expect(issue(text, `line\n${ch}`)).toBe('Message cannot contain control characters.')
    }
  })

  it('takes every character XML 1.0 allows but C1 controls, and refuses every character it forbids', () => {
    // The Char production of XML 1.0 (section 2.2): what a feed can carry. A text that passes is XML text.
    const xmlChar = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u
    for (let cp = 0; cp <= 0xffff; cp++) {
      const ch = String.fromCharCode(cp)
      if (isPlainText(ch)) expect(xmlChar.test(ch), cp.toString(16)).toBe(true)
      else expect(xmlChar.test(ch) === false || (cp >= 0x7f && cp <= 0x9f), cp.toString(16)).toBe(true)
    }
  })
})
