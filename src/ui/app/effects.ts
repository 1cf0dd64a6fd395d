import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import type { Effects } from '../../adapters/flows.actors.ts'
import { showToast } from '../components/toast-store.ts'

/** The page-side effects the flows ask for: navigation, the toaster, the query string, the console. */
export function useEffects(): Effects {
  const navigate = useNavigate()
  return useMemo<Effects>(
    () => ({
      navigate: (path, options) => navigate(path, { replace: options?.replace }),
      toast: (t) => showToast({ title: t.title, type: t.type, duration: t.duration }),
      search: () => window.location.search,
      replaceSearch: (search) => navigate({ pathname: window.location.pathname, search }, { replace: true }),
      log: (message, error) => console.error(message, error),
    }),
    [navigate],
  )
}
