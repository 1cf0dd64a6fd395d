import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  getInitialMicrosteps,
  getInitialSnapshot,
  getMicrosteps,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate'
import {
  type AdjacencyMap,
  getAdjacencyMap,
  getPathsFromEvents,
  getShortestPaths,
  getStateNodes,
  type StatePath,
  serializeSnapshot,
} from 'xstate/graph'

// Helpers for the path tests (docs/testing.md, `tests/machines`). Not a test file itself.

type Path<M extends AnyStateMachine> = StatePath<SnapshotFrom<M>, EventFromLogic<M>>

/** 'sidebar.desktop.expanded' -> 'desktop.expanded': what `snapshot.matches` takes. */
export const below = (id: string) => id.split('.').slice(1).join('.')

/** Every state node id of the machine ('session.verifying', ...). */
export const stateNodeIds = (machine: AnyStateMachine): string[] => getStateNodes(machine.root).map((n) => n.id)

/**
 * The completion events of invoked actors, typed as the machine's events: traversal never runs an invoked
 * actor, so the paths only go past an `invoke` when these are in the event list.
 */
export const actorEvents = <M extends AnyStateMachine>(_machine: M) => ({
  done: (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventFromLogic<M>,
  error: (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventFromLogic<M>,
})

/**
 * Every snapshot a path passes through, one per microstep. A transient state (left at once by an `always`
 * transition, such as a 'starting' or 'loggedOut') never ends a path, yet it is entered on the way.
 */
export const snapshotsAlong = <M extends AnyStateMachine>(
  machine: M,
  path: Path<M>,
  input?: InputFrom<M>,
): AnyMachineSnapshot[] => {
  const logic: AnyStateMachine = machine
  const snapshots: AnyMachineSnapshot[] = getInitialMicrosteps(logic, input).map(([s]) => s)
  path.steps.forEach((step, i) => {
    const before = path.steps[i - 1]
    if (!before) return
    snapshots.push(...getMicrosteps(logic, before.state, step.event).map(([s]) => s))
  })
  return snapshots
}

type Options<M extends AnyStateMachine> = { events: EventFromLogic<M>[]; input?: InputFrom<M> }

/**
 * The shortest path to every snapshot, and each of those followed by one more event. Shortest paths alone
 * end once per distinct snapshot, so an edge back to a snapshot already reached (loggingOut -> loggedOut ->
 * idle) is never walked; one more step walks every edge of the graph.
 */
export const coveringPaths = <M extends AnyStateMachine>(machine: M, options: Options<M>): Path<M>[] => {
  const logic: AnyStateMachine = machine
  const shortest = getShortestPaths(logic, options) as Path<M>[]
  const adjacency = getAdjacencyMap(logic, options) as AdjacencyMap<SnapshotFrom<M>, EventFromLogic<M>>
  return shortest.flatMap((path) => [
    path,
    ...Object.values(adjacency[serializeSnapshot(path.state)]?.transitions ?? {}).map(({ event, state }) => ({
      state,
      steps: [...path.steps, { state, event }],
      weight: path.weight + 1,
    })),
  ])
}

/** The ids of the state nodes entered along the covering paths (transient ones included). */
export const reachedStateNodes = <M extends AnyStateMachine>(machine: M, options: Options<M>): Set<string> => {
  const snapshots = coveringPaths(machine, options).flatMap((p) => snapshotsAlong(machine, p, options.input))
  return new Set(stateNodeIds(machine).filter((id) => snapshots.some((s) => s.matches(below(id)))))
}

/**
 * The one path that the given events walk. `getPathsFromEvents` builds its start from the machine without
 * its `input`, so for a machine whose context comes from input the start is built here and passed in.
 */
export const journey = <M extends AnyStateMachine>(
  machine: M,
  events: EventFromLogic<M>[],
  input?: InputFrom<M>,
): Path<M> => {
  const logic: AnyStateMachine = machine
  const fromState = getInitialSnapshot(logic, input)
  const [path] = getPathsFromEvents(logic, events, { fromState, input })
  if (!path) throw new Error('no path')
  return path as Path<M>
}

/** The state values a journey passes through, microstep by microstep (transient states included). */
export const valuesAlong = <M extends AnyStateMachine>(machine: M, path: Path<M>, input?: InputFrom<M>) =>
  snapshotsAlong(machine, path, input).map((s) => s.value)
