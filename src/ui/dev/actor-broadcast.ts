import { onActorsChange, type RunningActor, runningActors } from './running-actors.ts'

// Every tab of the development app tells the others which actors it runs, on one BroadcastChannel: /dev/machines,
// open in a tab beside the app, lists them live (a page's actors stop when the page is left, so they are shown from
// another tab). The page asks with `hello` when it opens; a tab answers at once and then after every change.

export const ACTORS_CHANNEL = 'vigil-dev-machines'

/** This tab's name on the channel. */
export const THIS_TAB = crypto.randomUUID()

/** A tab's actors, as the page of running actors receives them. */
export interface TabActors {
  type: 'actors'
  tab: string
  /** The tab's address (path and query). */
  address: string
  actors: RunningActor[]
}

export type ActorsMessage = TabActors | { type: 'hello' } | { type: 'gone'; tab: string }

/** Changes closer together than this are told once: a page that loads moves many actors at a time. */
const SETTLE_MS = 100

/** Starts telling the other tabs (and the page of running actors in this one) what runs here; returns how to stop. */
export const broadcastActors = (tab: string = THIS_TAB): (() => void) => {
  const channel = new BroadcastChannel(ACTORS_CHANNEL)
  let timer: ReturnType<typeof setTimeout> | undefined
  const tell = () => {
    clearTimeout(timer)
    const message: TabActors = {
      type: 'actors',
      tab,
      address: `${location.pathname}${location.search}`,
      actors: runningActors(),
    }
    channel.postMessage(message)
  }
  const soon = () => {
    clearTimeout(timer)
    timer = setTimeout(tell, SETTLE_MS)
  }
  const gone = () => channel.postMessage({ type: 'gone', tab } satisfies ActorsMessage)
  channel.onmessage = (event: MessageEvent<ActorsMessage>) => {
    if (event.data.type === 'hello') tell()
  }
  const stopListening = onActorsChange(soon)
  addEventListener('pagehide', gone)
  tell()
  return () => {
    stopListening()
    removeEventListener('pagehide', gone)
    clearTimeout(timer)
    gone()
    channel.close()
  }
}
