import type { MonitorType } from '../../../domain/monitor.schema.ts'
import { MONITOR_PAGES } from '../../../domain/monitor-pages.ts'

/** The words each monitor type's pages use. */
export interface MonitorKind {
  type: MonitorType
  /** The navigation label and page title, e.g. 'Website Monitoring'. */
  title: string
  /** 'website monitor' */
  noun: string
  list: string
  detail: (id: string) => string
}

const kind = (type: MonitorType, noun: string): MonitorKind => ({
  type,
  title: MONITOR_PAGES[type].label,
  noun,
  list: MONITOR_PAGES[type].list,
  detail: MONITOR_PAGES[type].detail,
})

export const MONITOR_KINDS: Record<MonitorType, MonitorKind> = {
  web: kind('web', 'website monitor'),
  api: kind('api', 'API monitor'),
  port: kind('port', 'port monitor'),
  ping: kind('ping', 'ping monitor'),
}
