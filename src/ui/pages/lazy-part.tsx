import { type ComponentType, lazy, Suspense } from 'react'

/**
 * A part of a page that loads when first shown (a dialog, a panel), keeping it out of the page's first load:
 * `load` imports its module and answers the component; `prepare` starts what the part will load next beside it.
 *   export const LazyDeliveries = lazyPart(() => import('./DeliveriesDialog.tsx').then((m) => m.DeliveriesDialog))
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>, prepare?: (props: P) => void) => {
  const Part = lazy(async () => ({ default: await load() }))
  return function LazyPart(props: P) {
    prepare?.(props)
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}
