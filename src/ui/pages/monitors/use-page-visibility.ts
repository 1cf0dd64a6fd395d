import { useEffect } from 'react'

/**
 * Tells a polling flow when the tab is hidden or shown again (`visibility.hide` / `visibility.show`), so a
 * page nobody looks at stops asking the server.
 */
export function usePageVisibility(actor: { send(event: { type: 'visibility.hide' | 'visibility.show' }): void }) {
  useEffect(() => {
    const onChange = () =>
      actor.send({ type: document.visibilityState === 'hidden' ? 'visibility.hide' : 'visibility.show' })
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [actor])
}
