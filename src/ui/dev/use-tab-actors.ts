import { useEffect, useState } from 'react'
import { ACTORS_CHANNEL, type ActorsMessage, type TabActors } from './actor-broadcast.ts'

/** The actors of every tab of the development app, as they tell them on the channel: each tab's latest word. */
export const useTabActors = (): TabActors[] => {
  const [tabs, setTabs] = useState<ReadonlyMap<string, TabActors>>(new Map())
  useEffect(() => {
    const channel = new BroadcastChannel(ACTORS_CHANNEL)
    channel.onmessage = ({ data }: MessageEvent<ActorsMessage>) => {
      if (data.type === 'hello') return
      setTabs((current) => {
        const next = new Map(current)
        if (data.type === 'gone') next.delete(data.tab)
        else next.set(data.tab, data)
        return next
      })
    }
    channel.postMessage({ type: 'hello' } satisfies ActorsMessage)
    return () => channel.close()
  }, [])
  return [...tabs.values()]
}
