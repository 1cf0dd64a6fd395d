import { useEffect, useRef } from 'react'

/**
 * Calls `change` whenever `values` change (compared as JSON), not on the first render: a form sends its flow
 * `form.change` with it, so after a refused submit a field's message clears as soon as its value is valid.
 */
export function useChangesOf(values: unknown, change: () => void) {
  const latest = useRef(change)
  latest.current = change
  const key = JSON.stringify(values)
  const seen = useRef(key)
  useEffect(() => {
    if (seen.current === key) return
    seen.current = key
    latest.current()
  }, [key])
}
