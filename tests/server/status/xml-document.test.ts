import { describe, expect, it } from 'vitest'
import { xmlChars } from '../../../src/server/status/html.ts'
import { componentBadge } from '../../../src/server/status/render-badge.ts'

// XML 1.0 forbids some characters outright (its Char production); the feeds and badges drop them, whatever a row
// holds. What only a JavaScript string can hold (a lone surrogate) is dropped as well.

describe('XML documents the server writes', () => {
  it('drops what XML 1.0 forbids and keeps everything it allows', () => {
    const forbidden = [
      ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).filter((ch) => !'\t\n\r'.includes(ch)),
      '\uD800',
      '\uDBFF',
      '\uDC00',
      '\uDFFF',
      '\uFFFE',
      '\uFFFF',
    ]
    // One at a time: a high and a low surrogate side by side would make a pair, which XML allows.
    for (const ch of forbidden) expect(xmlChars(`<a>x${ch}y</a>`)).toBe('<a>xy</a>')
    expect(xmlChars(`<a>${forbidden.slice(0, 31).join('')}\uFFFE\uFFFF</a>`)).toBe('<a></a>')
    const allowed = '\t\n\r ~\u007f\u0085\u00a0é–\uD7FF\uE000\uFFFD😀\u{10FFFF}東京'
    expect(xmlChars(`<a>${allowed}</a>`)).toBe(`<a>${allowed}</a>`)
  })

  it('writes a badge from a name that holds a bell, a lone surrogate and U+FFFF', () => {
    const svg = componentBadge('Store\u0007front\uD83D\uFFFF', 'operational')
    expect(svg).toContain('<title>Storefront: operational</title>')
    expect(svg.length).toBe(componentBadge('Storefront', 'operational').length)
  })
})
