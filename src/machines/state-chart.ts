import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate'

// A machine as a Mermaid state diagram (stateDiagram-v2), read from its definition: its states, nested and parallel
// ones, the events that move it (with their guards), what each state invokes, and its final states. `npm run charts`
// writes one for every machine of the app into docs/machines/, and a test holds those files to the machines.

type Transition = AnyStateNode['transitions'] extends Map<string, (infer T)[]> ? T : never

/** Where the machine's own transitions start: they leave whatever state it is in. */
const ANY_STATE = 'any_state__'

/** A parallel machine's own state, which holds its regions. */
const MACHINE = 'machine__'

/** Words Mermaid reads as its own where an id stands. */
const RESERVED = new Set(['end', 'state', 'note', 'direction', 'class', 'classDef', 'click', 'style'])

/** A state's id in the diagram: its path from the machine, in the characters Mermaid takes for an id. */
const pathId = (path: readonly string[]): string => {
  const id = path.join('__').replace(/[^A-Za-z0-9_]/g, '_')
  return RESERVED.has(id) ? `${id}_` : id
}

const idOf = (node: AnyStateNode): string => pathId(node.path)

/** Text Mermaid shows as it is: no character that ends a label or starts a comment. */
const text = (value: string): string =>
  value
    .replace(/[:;#"{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** An invoked actor by the name the machine gives its logic (its `src`), or its id when it has none. */
const actorName = (invoke: { id: string; src: unknown }): string =>
  typeof invoke.src === 'string' ? invoke.src : invoke.id

const guardName = (guard: unknown): string | null => {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type
  return 'guarded'
}

/** What an event's name says, in words for the internal ones (`xstate.done.actor.fetch` is "done fetch"). */
const eventWords = (type: string, actors: ReadonlyMap<string, string>): string => {
  if (type === '') return 'always'
  if (type === '*') return 'any event'
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (actor) return `${actor[1]} ${actors.get(actor[2] ?? '') ?? actor[2]}`
  const after = /^xstate\.after\.([^.]+)\./.exec(type)
  if (after) return /^\d+$/.test(after[1] ?? '') ? `after ${after[1]} ms` : `after ${after[1]}`
  if (type.startsWith('xstate.done.state.')) return 'done'
  return type
}

/** Every state node of the machine, depth first. */
const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes),
]

/** The transitions leaving a state: its events', its eventless ones, and its delayed and invoked ones. */
const transitionsOf = (node: AnyStateNode): Transition[] => {
  const all = [...(node.transitions as Map<string, Transition[]>).values()].flat()
  const always = ((node as { always?: Transition[] }).always ?? []).filter((t) => !all.includes(t))
  return [...all, ...always]
}

const labelOf = (node: AnyStateNode): string => {
  const invoked = (node.invoke as { id: string; src: unknown }[]).map(actorName)
  return invoked.length > 0 ? `${node.key} · invokes ${invoked.join(', ')}` : node.key
}

/** The lines that declare `node`'s children (and, inside each, theirs), indented by `depth`. */
const declare = (node: AnyStateNode, depth: number): string[] => {
  const pad = '  '.repeat(depth)
  const children = Object.values(node.states as Record<string, AnyStateNode>)
  const lines: string[] = []
  const initial = (node.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0]
  if (node.type === 'compound' && initial) lines.push(`${pad}[*] --> ${idOf(initial)}`)
  children.forEach((child, i) => {
    if (node.type === 'parallel' && i > 0) lines.push(`${pad}--`)
    // A composite state's block comes before its label: Mermaid takes no `--` right after a block's end.
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(`${pad}state ${idOf(child)} {`, ...declare(child, depth + 1), `${pad}}`)
    }
    lines.push(`${pad}state "${text(labelOf(child))}" as ${idOf(child)}`)
    if (child.type === 'final') lines.push(`${pad}${idOf(child)} --> [*]`)
  })
  return lines
}

/** The machine as a Mermaid `stateDiagram-v2`. */
export const stateChart = (machine: AnyStateMachine): string => {
  const root = machine.root as AnyStateNode
  const nodes = allNodes(root)
  const actors = new Map(
    nodes.flatMap((n) => (n.invoke as { id: string; src: unknown }[]).map((i) => [i.id, actorName(i)] as const)),
  )
  const edges = nodes.flatMap((node) =>
    transitionsOf(node).flatMap((t) => {
      // A transition without a target stays where it is (its actions run): drawn as a loop.
      const targets = (t.target as AnyStateNode[] | undefined) ?? [node]
      const guard = guardName(t.guard)
      const label = text(`${eventWords(t.eventType, actors)}${guard ? ` [${guard}]` : ''}`)
      // The machine's own transitions (the root's) leave whatever state it is in: drawn from "any state".
      const source = node === root ? ANY_STATE : idOf(node)
      return targets.map((target) => `  ${source} --> ${target === root ? ANY_STATE : idOf(target)}: ${label}`)
    }),
  )
  const anyState = edges.some((e) => e.includes(ANY_STATE)) ? [`  state "any state" as ${ANY_STATE}`] : []
  // Mermaid separates parallel regions only inside a composite state: a parallel machine is drawn as one.
  const states =
    root.type === 'parallel'
      ? [
          `  [*] --> ${MACHINE}`,
          `  state ${MACHINE} {`,
          ...declare(root, 2),
          '  }',
          `  state "${text(root.id)}" as ${MACHINE}`,
        ]
      : declare(root, 1)
  return ['stateDiagram-v2', ...states, ...anyState, ...new Set(edges)].join('\n')
}

/** The paths of the states a snapshot's value holds at its leaves: `{ ready: 'idle' }` is [['ready', 'idle']]. */
export const statePaths = (value: StateValue, prefix: readonly string[] = []): string[][] =>
  typeof value === 'string'
    ? [[...prefix, value]]
    : Object.entries(value).flatMap(([key, inner]) =>
        inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0)
          ? [[...prefix, key]]
          : statePaths(inner, [...prefix, key]),
      )

/** A snapshot's value in words: each region's path joined by dots (`ready.idle`), regions by commas. */
export const stateWords = (value: StateValue): string =>
  statePaths(value)
    .map((path) => path.join('.'))
    .join(', ')

/** A chart of `stateChart` with the states a snapshot is in marked: the development page of running actors draws it. */
export const withCurrentState = (chart: string, value: StateValue): string =>
  [
    chart,
    '  classDef current fill:#dbeafe,stroke:#1d4ed8,stroke-width:3px,color:#0b1f44,font-weight:bold',
    `  class ${statePaths(value).map(pathId).join(',')} current`,
  ].join('\n')
