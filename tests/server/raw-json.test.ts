import { describe, expect, it } from 'vitest'
import { RawJson, rawArray, stringifyWithRaw } from '../../src/server/db/raw-json.ts'

describe('stored JSON answered as it is', () => {
  it('places each raw text where it stands, and leaves the rest as JSON.stringify writes it', () => {
    const items = [JSON.stringify({ id: 'i-1', name: 'a "quoted" name' }), JSON.stringify({ id: 'i-2', n: null })]
    const value = { data: { account: { name: 'Prod' }, instances: rawArray(items), other: new RawJson('{"x":1}') } }
    const text = stringifyWithRaw(value)
    expect(JSON.parse(text)).toEqual({
      data: {
        account: { name: 'Prod' },
        instances: [
          { id: 'i-1', name: 'a "quoted" name' },
          { id: 'i-2', n: null },
        ],
        other: { x: 1 },
      },
    })
  })

  it('is JSON.stringify when there is nothing raw, even for text that looks like a marker', () => {
    const value = { a: '\u0000raw-x-0', b: [1, 2] }
    expect(stringifyWithRaw(value)).toBe(JSON.stringify(value))
    expect(stringifyWithRaw({ empty: rawArray([]) })).toBe('{"empty":[]}')
  })
})
