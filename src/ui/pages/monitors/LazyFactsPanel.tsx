import { type ComponentProps, lazy, Suspense } from 'react'
import type { FactsPanel as Panel } from './FactsPanel.tsx'

// The facts panel (and its DNS, certificate, registration and blacklist views) loads only on the pages of
// the types that have one, keeping it out of the website, API, port and ping pages.
const FactsPanel = lazy(() => import('./FactsPanel.tsx').then((m) => ({ default: m.FactsPanel })))

export function LazyFactsPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={null}>
      <FactsPanel {...props} />
    </Suspense>
  )
}
