import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate'
import { stateChart, stateWords, withCurrentState } from '../../machines/state-chart.ts'

// The actors running in this tab, as the development build watches them (app/actor-hooks.ts gives every flow the
// inspector below). An actor is listed from its first snapshot (so one React created and never started is not) until
// it is done, fails or stops.

/** An actor as the page of running actors shows it: plain data, so it can cross to another tab. */
export interface RunningActor {
  /** Unique in its tab. */
  id: string
  /** The parent's id; null for an actor a page started. */
  parent: string | null
  /** What it is: the machine's id, or the name its parent invoked it by. */
  name: string
  /** A machine's current state in words (`ready.idle`); null for other logic (a promise, a callback). */
  state: string | null
  /** A machine's chart with its current state marked, in Mermaid; null for other logic. */
  chart: string | null
}

const running = new Map<string, AnyActorRef>()
const listeners = new Set<() => void>()

/** The inspector every flow of the app is given in development. */
export const inspectActors = (event: InspectionEvent) => {
  if (event.type !== '@xstate.snapshot') return
  const ref = event.actorRef as AnyActorRef
  const { sessionId } = ref
  if ((event.snapshot as { status: string }).status === 'active') running.set(sessionId, ref)
  else running.delete(sessionId)
  for (const listener of listeners) listener()
}

/** Calls `listener` whenever an actor starts, moves or stops; returns how to stop listening. */
export const onActorsChange = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'getInitialSnapshot' in logic

// A machine's chart is drawn once; only the marks of its current state change.
const charts = new WeakMap<AnyStateMachine, string>()
const chartOf = (machine: AnyStateMachine): string => {
  const drawn = charts.get(machine)
  if (drawn !== undefined) return drawn
  const chart = stateChart(machine)
  charts.set(machine, chart)
  return chart
}

const viewOf = (ref: AnyActorRef): RunningActor => {
  const parent = (ref._parent as AnyActorRef | undefined)?.sessionId ?? null
  // Every actor of the app is an Actor, which holds its logic and the name it was invoked by (its src), as the charts
  // name it; an invoke without an id of its own has a generated one (0.notes.loading).
  const { logic, src } = ref as AnyActorRef & { logic: unknown; src: unknown }
  const invokedAs = typeof src === 'string' ? src : ref.id
  if (!isMachine(logic)) return { id: ref.sessionId, parent, name: invokedAs, state: null, chart: null }
  const { value } = ref.getSnapshot() as { value: Parameters<typeof stateWords>[0] }
  return {
    id: ref.sessionId,
    parent,
    // A started flow's own id is generated (x:3); its machine's says what it is.
    name: parent ? invokedAs : logic.id,
    state: stateWords(value),
    chart: withCurrentState(chartOf(logic), value),
  }
}

/** The actors running in this tab now, parents before their children. */
export const runningActors = (): RunningActor[] => [...running.values()].map(viewOf)
