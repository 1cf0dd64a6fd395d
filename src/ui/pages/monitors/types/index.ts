import type { ComponentType } from 'react'
import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import type { MonitorFacts } from '@vigil/domain/monitor-types'
import { api } from './api.tsx'
import { aws } from './aws.tsx'
import { azure } from './azure.tsx'
import { blacklist } from './blacklist.tsx'
import type { AnyMonitorTypeUi, FactsProps, MonitorTypeUi, TypeForm } from './define.ts'
import { dns } from './dns.tsx'
import { domain } from './domain.tsx'
import { microsoft365 } from './microsoft365.tsx'
import { ping } from './ping.tsx'
import { port } from './port.tsx'
import { ssl } from './ssl.tsx'
import { web } from './web.tsx'

// Every monitor type's UI module, once: a type left out, or a part left out of one, does not compile. Adding a
// type: its module in this folder and a line here (docs/architecture.md, "Adding a monitor type").
export const MONITOR_TYPE_UI: { readonly [K in MonitorType]: MonitorTypeUi<K> } = {
  web,
  api,
  port,
  ping,
  dns,
  ssl,
  domain,
  blacklist,
  aws,
  azure,
  microsoft365,
}

/**
 * The module of a monitor's type, for a page of any type. Its functions take a monitor of that type: the pages give
 * them the monitors of the type they show (a list asks for one type; a detail page moves on when the monitor is of
 * another), so keyed by the monitor's own type the pair always matches.
 */
export const typeUi = (type: MonitorType): AnyMonitorTypeUi => MONITOR_TYPE_UI[type] as unknown as AnyMonitorTypeUi

/** A type's part loaded once, the same promise for every caller (React's `use` reads it). */
const once = <T>(load: (type: MonitorType) => Promise<T>) => {
  const loaded = new Map<MonitorType, Promise<T>>()
  return (type: MonitorType): Promise<T> => {
    const known = loaded.get(type)
    if (known) return known
    const loading = load(type)
    loaded.set(type, loading)
    return loading
  }
}

/** A type's part of the monitor form, loaded with the first form of the type. */
export const loadTypeForm: (type: MonitorType) => Promise<TypeForm<Monitor, object>> = once((type) =>
  typeUi(type)
    .form()
    .then((m) => m.form),
)

/** A type's facts panel (the type must have one), loaded with the first page of the type that shows it. */
export const loadTypeFacts: (type: MonitorType) => Promise<ComponentType<FactsProps<Monitor, MonitorFacts['detail']>>> =
  once(async (type) => {
    const facts = typeUi(type).facts
    if (!facts) throw new Error(`${type} monitors have no facts panel`)
    return (await facts.load()).Facts
  })
