// How a type's notifications tell what happened to one of its monitors: that it fails, recovers or still fails (its
// incidents), and that what its checks observe changed. Each type's definition gives its words; they take plain text
// (the monitor's name, a time already in words), and domain/incident-message.ts puts them together.

/** How a type's incidents are told. */
export interface IncidentWords {
  /** The title when it fails: "Shop is down", "Shop: certificate problem". */
  readonly down: (name: string) => string
  /** The title when it recovers: "Shop is back up", "Mail is no longer listed". */
  readonly up: (name: string) => string
  /** Its state while it fails, in "Shop has been {failing} since ...": down, failing, listed. */
  readonly failing: string
  /** Its state once it recovers, in "Shop is {fine} again since ...": up, fine, clean. */
  readonly fine: string
  /** After how long it failed, when it recovers: " of downtime"; nothing where failing is not downtime. */
  readonly outage: string
}

/** The words of a type that is up or down: a website, a port, a cloud resource. */
export const AVAILABILITY: IncidentWords = {
  down: (name) => `${name} is down`,
  up: (name) => `${name} is back up`,
  failing: 'down',
  fine: 'up',
  outage: ' of downtime',
}

/** A change in what a monitor's checks observe, as its words take it. */
export interface ObservedChange {
  readonly name: string
  readonly before: readonly string[]
  readonly after: readonly string[]
  /** When, in words. */
  readonly at: string
}

/**
 * What a type's checks observe (`observed` in their outcome: a DNS answer, the zones that list an address, a service's
 * open advisories): which changes of it are news, and how the notification of one reads.
 */
export interface Observes {
  /** Whether a change is news; every change is when not given. */
  readonly newsworthy?: (before: readonly string[], after: readonly string[]) => boolean
  /** The notification of a change that is news. */
  readonly change: (change: ObservedChange) => { title: string; description: string }
}

/** Values in a sentence: "a, b", or "nothing". */
export const listOf = (values: readonly string[]) => (values.length === 0 ? 'nothing' : values.join(', '))
