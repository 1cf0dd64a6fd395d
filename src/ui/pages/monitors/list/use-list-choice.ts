import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { choiceOf, type ListChoice, paramsOf } from '@vigil/domain/monitor-list-view'

/**
 * The list's choice (search, filters, sort, page) as the page's state, mirrored into the address: react-router's
 * updates of the search parameters are transitions that drop quick successive changes, so the state leads and the
 * address follows; a change of the address from outside (back, a link) becomes the state.
 */
export function useListChoice(fixedType?: MonitorType) {
  const [search, setSearch] = useSearchParams()
  const [choice, setChoice] = useState(() => choiceOf(search, fixedType))
  const written = useRef(paramsOf(choice, search, fixedType).toString())
  // Read, not followed: the address's other parameters when the choice changes.
  const latestSearch = useRef(search)
  latestSearch.current = search
  useEffect(() => {
    if (search.toString() === written.current) return
    written.current = search.toString()
    setChoice(choiceOf(search, fixedType))
  }, [search, fixedType])
  useEffect(() => {
    const next = paramsOf(choice, latestSearch.current, fixedType)
    if (next.toString() === written.current) return
    written.current = next.toString()
    setSearch(next, { replace: true })
  }, [choice, setSearch, fixedType])
  /** A change of the choice; any change but of the page goes back to the first page. */
  const change = useCallback(
    (patch: Partial<ListChoice>) =>
      setChoice((before) => ({ ...before, page: 1, ...patch, ...(fixedType ? { type: fixedType } : {}) })),
    [fixedType],
  )
  return { choice, change }
}
