import type { MonitorType } from '../../../domain/monitor.schema.ts'
import { MONITOR_PAGES } from '../../../domain/monitor-pages.ts'

/** A column a type's list shows beside the common ones. */
export type ExtraColumn = 'record' | 'expires'

/** The words each monitor type's pages use, and where its detail page finds the monitor's id. */
export interface MonitorKind {
  type: MonitorType
  /** The navigation label and page title, e.g. 'Website Monitoring'. */
  title: string
  /** 'website monitor' */
  noun: string
  list: string
  detail: (id: string) => string
  /** The route parameter that holds the id (spec section 2); none: the id is the query's `?id=`. */
  idParam: string | null
  /** The list's columns of this type, after the name. */
  columns: readonly ExtraColumn[]
  /** What the facts panel of the detail page is called; none: the type has no panel. */
  facts: string | null
  /** A name the form suggests. */
  example: string
  /** When its user hears of it: "as soon as it goes down". */
  hear: string
}

const kind = (
  type: MonitorType,
  noun: string,
  more: Pick<MonitorKind, 'idParam' | 'example'> & Partial<Pick<MonitorKind, 'columns' | 'facts' | 'hear'>>,
): MonitorKind => ({
  type,
  title: MONITOR_PAGES[type].label,
  noun,
  list: MONITOR_PAGES[type].list,
  detail: MONITOR_PAGES[type].detail,
  columns: [],
  facts: null,
  hear: 'as soon as it goes down',
  ...more,
})

export const MONITOR_KINDS: Record<MonitorType, MonitorKind> = {
  web: kind('web', 'website monitor', { idParam: 'web_monitoring_id', example: 'Marketing site' }),
  api: kind('api', 'API monitor', { idParam: 'api_monitoring_id', example: 'Orders API' }),
  port: kind('port', 'port monitor', { idParam: 'port_monitoring_id', example: 'Database' }),
  ping: kind('ping', 'ping monitor', { idParam: 'ping_monitoring_id', example: 'Gateway' }),
  dns: kind('dns', 'DNS monitor', {
    idParam: 'dns_ssl_id',
    example: 'Mail records',
    columns: ['record'],
    facts: 'Latest answer',
    hear: 'as soon as its answer is wrong or changes',
  }),
  ssl: kind('ssl', 'SSL monitor', {
    idParam: null,
    example: 'Shop certificate',
    columns: ['expires'],
    facts: 'Certificate',
    hear: 'before the certificate expires, and as soon as it is not valid',
  }),
  domain: kind('domain', 'domain monitor', {
    idParam: null,
    example: 'Company domain',
    columns: ['expires'],
    facts: 'Registration',
    hear: 'before the registration expires',
  }),
  blacklist: kind('blacklist', 'blacklist monitor', {
    idParam: null,
    example: 'Mail server',
    facts: 'Blacklists',
    hear: 'as soon as a blacklist lists it, and when it is delisted',
  }),
}
