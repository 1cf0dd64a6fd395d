import type { Monitor, MonitorInput, MonitorOf, MonitorType } from '@vigil/domain/monitor.schema'
import { monitorTarget } from '@vigil/domain/monitor-target'
import type { MonitorFacts } from '@vigil/domain/monitor-types'
import { MONITOR_TYPE_PAGES, type TypePages } from '@vigil/domain/monitor-types/pages'
import type { ComponentType, ReactNode } from 'react'
import type { MonitorValues } from '../../../../machines/monitor-form.machine.ts'
import type { FieldsProps } from '../draft-setter.ts'

// What the monitor pages know about one monitor type, in one place: its words, its list's columns, its page's header,
// its form and its facts panel (its routes and icon are the domain registry's). Each type is a file of this folder
// (`<type>.tsx`, with its form in `<type>.form.tsx` and its facts panel in `<type>.facts.tsx`, both loaded when
// first needed); `index.ts` lists them once, typed so that a type without a module, or a module without a part,
// does not compile. The pages ask the registry; none of them names a type.

/** What a type's checks report for its page (never, for a type whose checks report nothing). */
export type FactsOf<K extends MonitorType> = Extract<MonitorFacts, { type: K }>['detail']

/** A column of a type's list, after the name: its header and what a monitor's cell shows. */
export interface ListColumn<M> {
  readonly title: string
  cell(monitor: M, now: number): ReactNode
}

/** What a type adds to its page's header. */
export interface TypeHeader<M> {
  /** Words after the target, such as "MX records". */
  note?(monitor: M): string
  /** A line of its own under the target, such as when the certificate expires. */
  readonly Line?: ComponentType<{ monitor: M; now: number }>
}

/**
 * A type's part of the monitor form: its fields as the inputs hold them (`D`: text, ticks and rows), for a new
 * monitor and for one being edited, the values they make for the form flow to check and send, and the inputs.
 * Nothing is judged here: the domain's schemas say what is wrong, at the field.
 */
export interface TypeForm<M, D extends object> {
  /** The fields of a new monitor: the type's defaults. */
  readonly blank: D
  /** The fields of a monitor being edited. */
  draftOf(monitor: M): D
  /**
   * The fields of a new monitor copied from this one ("Duplicate"), and what the copy leaves out, said on the form
   * (a secret the API answers masked); none: `draftOf`, everything copied.
   */
  copyOf?(monitor: M): { draft: D; notCopied: string | null }
  /** The values of the fields as the schemas take them (an unreadable number stays text, for the schema to name). */
  valuesOf(draft: D): MonitorValues
  /** The inputs, as items of the form's grid (wide ones span both columns). */
  Fields(props: FieldsProps<D>): ReactNode
}

/** The props of a type's facts panel: the monitor and what its newest check that told anything reported. */
export interface FactsProps<M, F> {
  monitor: M
  detail: F
  now: number
}

/** The facts panel of a type's page: its title, and the panel, loaded with the first page that shows it. */
export interface TypeFacts<M, F> {
  readonly title: string
  load(): Promise<{ Facts: ComponentType<FactsProps<M, F>> }>
}

/** The parts every type's module has, for a monitor `M` of the type `K`. */
interface TypeUiParts<K extends MonitorType, M> {
  readonly type: K
  /** 'website monitor': "Add website monitor", "No website monitors yet". */
  readonly noun: string
  /** A name the form suggests. */
  readonly example: string
  /** When its user hears of it: "as soon as it goes down". */
  readonly hear: string
  /** What it watches, under the name in its list and on its page. */
  target(monitor: M): string
  /** Its list's columns after the name; none: only the common ones. */
  readonly columns: readonly ListColumn<M>[]
  /** What it adds to its page's header; null: nothing. */
  readonly header: TypeHeader<M> | null
  /** Its part of the monitor form, loaded with the form (its fields' draft is its own: `object` to the pages). */
  form(): Promise<{ form: TypeForm<M, object> }>
}

/**
 * What the module of the type `K` says. A type whose checks report facts has a facts panel and one whose checks
 * report none has not (`facts: null`): either way round is a compile error.
 */
export type MonitorTypeUiParts<K extends MonitorType> = TypeUiParts<K, MonitorOf<K>> & {
  readonly facts: [FactsOf<K>] extends [never] ? null : TypeFacts<MonitorOf<K>, FactsOf<K>>
}

/** The UI module of the type `K`: its pages (the domain's light registry) and its parts. */
export type MonitorTypeUi<K extends MonitorType> = TypePages & MonitorTypeUiParts<K>

/** A type's module as a page reads it, for any type: its functions take a monitor of that type. */
export type AnyMonitorTypeUi = TypePages &
  TypeUiParts<MonitorType, Monitor> & { readonly facts: TypeFacts<Monitor, MonitorFacts['detail']> | null }

/** A type's module, its pages taken from the domain's registry. */
export const defineMonitorTypeUi = <K extends MonitorType>(
  type: K,
  parts: NoInfer<Omit<MonitorTypeUiParts<K>, 'type'>>,
): MonitorTypeUi<K> => ({ ...MONITOR_TYPE_PAGES[type], type, ...parts }) as MonitorTypeUi<K>

/** A type's part of the form, its fields `D` checked against the shape every type's form has. */
export const defineTypeForm = <K extends MonitorType, D extends object>(form: TypeForm<MonitorOf<K>, D>) => form

/** What a monitor watches as its type's definition reads it: its URL, host:port, host, domain or address. */
export const watched = (monitor: Monitor): string => monitorTarget(monitor as unknown as MonitorInput)
