import { type ComponentProps, lazy, Suspense } from 'react'
import type { FactsPanel as Panel } from './FactsPanel.tsx'
import { loadTypeFacts } from './types/index.ts'

// The facts panel, and the facts of the monitor's type, load only on the pages of the types that have one, keeping
// them out of the list pages and of the website, API, port and ping pages.
const FactsPanel = lazy(() => import('./FactsPanel.tsx').then((m) => ({ default: m.FactsPanel })))

export function LazyFactsPanel(props: ComponentProps<typeof Panel>) {
  // The type's facts load beside the panel, not after it.
  void loadTypeFacts(props.monitor.type)
  return (
    <Suspense fallback={null}>
      <FactsPanel {...props} />
    </Suspense>
  )
}
