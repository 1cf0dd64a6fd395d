import { lazyPart } from '../lazy-part.tsx'
import { loadTypeFacts } from './types/index.ts'

// The facts panel, and the facts of the monitor's type, load only on the pages of the types that have one, keeping
// them out of the list pages and of the website, API, port and ping pages. The type's facts load beside the panel,
// not after it.
export const LazyFactsPanel = lazyPart(
  () => import('./FactsPanel.tsx').then((m) => m.FactsPanel),
  (props) => void loadTypeFacts(props.monitor.type),
)
