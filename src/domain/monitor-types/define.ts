import type * as v from 'valibot'
import type { TypePages } from './pages.ts'
import { AVAILABILITY, type IncidentWords, type Observes } from './words.ts'

// What the domain knows about one monitor type, in one place: its form's fields and the API's, its defaults and
// limits, how its target reads, the facts its checks report, where its pages are, its plan feature, its icon and
// the words of its notifications. Each type is a file of this folder; `index.ts` lists them once. The server (check
// runners) and the UI (form, lists, facts panel) keep registries of their own keyed by the same types, typed so that
// none can miss one.

/** The values of a set of field schemas, once checked. */
export type SettingsOf<E extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<E, undefined>>

export interface MonitorTypeDef<T extends string, E extends v.ObjectEntries, O extends v.ObjectEntries, F>
  extends TypePages {
  readonly type: T
  /** The fields of its own that a new monitor or a change takes, with their defaults and messages. */
  readonly settings: E
  /** The same fields as the API answers them. */
  readonly shown: O
  /** How often it checks by default, and at most (before the plan's own limit), with the reason. */
  readonly interval: { readonly default: number; readonly min: number; readonly why?: string }
  /** What it watches, in one line: a URL, host:port, a host name and record type, a domain. */
  readonly target: (settings: SettingsOf<E>) => string
  /** The hosts its check connects to, with the field each comes from (the target policy judges them). */
  readonly connectHosts: (settings: SettingsOf<E>) => { field: string; host: string }[]
  /** The facts its checks report in a result's `detail` for its page to show; null when there are none. */
  readonly facts: v.GenericSchema<unknown, F> | null
  /**
   * When it watches something expire: what (a 'certificate', in warnings), how the dashboard names it ('SSL
   * certificate') and the days before the expiry to warn at.
   */
  readonly expiry?: {
    readonly what: string
    readonly label: string
    readonly warnDays: (settings: SettingsOf<E>) => readonly number[]
  }
  /** How its notifications tell that one of its monitors fails, recovers and still fails (AVAILABILITY: up, down). */
  readonly incidentWords: IncidentWords
  /**
   * What its checks observe (a DNS answer, the zones that list an address), which changes of it are news and how their
   * notification reads; null when its checks observe nothing (a change is then never news).
   */
  readonly observes: Observes | null
  /** The connected cloud account it reads, for a cloud type: it must be one of the monitor's owner's. */
  readonly cloudAccount?: { readonly provider: string; readonly id: (settings: SettingsOf<E>) => string }
}

/** A type's definition, checked against the shape every type has. */
export const defineMonitorType = <T extends string, E extends v.ObjectEntries, O extends v.ObjectEntries, F = never>(
  def: MonitorTypeDef<T, E, O, F>,
) => def

/** host:port, with an IPv6 address in brackets. */
export const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`

/** A URL's host without the brackets of an IPv6 address. */
export const urlHost = (url: string): string => {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return ''
  }
}

/**
 * What the website and API types share: checked every 5 minutes by default, watching the URL's host, up or down, and
 * observing nothing else.
 */
export const HTTP_TYPE = {
  interval: { default: 300, min: 1 },
  target: (s: { url: string }) => s.url,
  connectHosts: (s: { url: string }) => [{ field: 'url', host: urlHost(s.url) }],
  facts: null,
  incidentWords: AVAILABILITY,
  observes: null,
} as const
