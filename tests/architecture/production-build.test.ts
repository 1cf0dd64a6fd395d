import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The production build (dist/, which the test run builds first) holds none of the development pages: /dev/machines,
// the inspector that feeds it and the Mermaid renderer it draws with are left out by `import.meta.env.DEV`.

const ASSETS = resolve(import.meta.dirname, '../../dist/assets')

describe('the production build', () => {
  it('leaves out the page of running machines and what feeds it', () => {
    const scripts = readdirSync(ASSETS).filter((f) => f.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(10)
    const found = scripts.flatMap((file) => {
      const text = readFileSync(join(ASSETS, file), 'utf8')
      return ['vigil-dev-machines', '/dev/machines', 'mermaid', 'Running machines', 'any_state__']
        .filter((mark) => text.includes(mark))
        .map((mark) => `${file}: ${mark}`)
    })
    expect(found).toEqual([])
  })
})
