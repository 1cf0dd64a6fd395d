import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// No import cycle anywhere in src: a module never needs, through any chain of static imports (type-only ones
// included), something that needs it. A dynamic import() (a lazily loaded view) is not an edge: it loads later.

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'dist' // the domain package's build, made by npm pack
        ? []
        : sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )

const DOMAIN_PACKAGE = '@vigil/domain'

/** The files a source imports statically (import and export-from declarations), resolved and existing. */
const staticImports = (file: string, source: string, exists: (path: string) => boolean): string[] => {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false)
  const specs: string[] = []
  for (const statement of parsed.statements) {
    const spec =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null
    if (spec?.startsWith('.')) specs.push(resolve(dirname(file), spec))
    else if (spec === DOMAIN_PACKAGE || spec?.startsWith(`${DOMAIN_PACKAGE}/`)) {
      // The workspace's domain package: its source, as the 'vigil-source' condition resolves it.
      const base = join(ROOT, 'src/domain', spec.slice(DOMAIN_PACKAGE.length))
      specs.push(`${base}.ts`, join(base, 'index.ts'))
    }
  }
  return specs.filter(exists)
}

/** The import cycles of a graph: each strongly connected set of more than one file (or a file importing itself). */
const importCycles = (graph: Map<string, string[]>): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number))
    }
    if (low.get(v) !== index.get(v)) return
    const set: string[] = []
    let w: string
    do {
      w = stack.pop() as string
      onStack.delete(w)
      set.push(w)
    } while (w !== v)
    if (set.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(set.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles
}

const graphOf = (files: { file: string; source: string }[]) => {
  const known = new Set(files.map((f) => f.file))
  return new Map(files.map(({ file, source }) => [file, staticImports(file, source, (p) => known.has(p))]))
}

describe('import cycles', () => {
  it('there are none in src', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    expect(files.length).toBeGreaterThan(100)
    const cycles = importCycles(graphOf(files)).map((set) => set.map((f) => relative(SRC, f)).join(' <-> '))
    expect(cycles).toEqual([])
    expect(existsSync(join(SRC, 'server/app.ts'))).toBe(true)
  })

  it('finds a cycle through type-only imports and re-exports, and not through import()', () => {
    const at = (name: string) => join(SRC, name)
    const files = [
      { file: at('a.ts'), source: "import type { B } from './b.ts'" },
      { file: at('b.ts'), source: "export { c } from './c.ts'" },
      { file: at('c.ts'), source: "import { a } from './a.ts'" },
      { file: at('d.ts'), source: "const e = () => import('./e.ts')" },
      { file: at('e.ts'), source: "import { d } from './d.ts'" },
    ]
    expect(importCycles(graphOf(files))).toEqual([[at('a.ts'), at('b.ts'), at('c.ts')]])
  })
})
