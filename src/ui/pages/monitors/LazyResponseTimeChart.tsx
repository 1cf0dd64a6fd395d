import type { ResponseChart } from '@vigil/domain/response-chart'
import { lazy, Suspense } from 'react'
import { css } from '../../../../styled-system/css'

// uPlot loads with the chart, not with the page's first load.
const ResponseTimeChart = lazy(() => import('./ResponseTimeChart.tsx').then((m) => ({ default: m.ResponseTimeChart })))

export function LazyResponseTimeChart(props: { chart: ResponseChart; label: string }) {
  return (
    <Suspense fallback={<div className={css({ h: '60', color: 'muted' })}>Loading...</div>}>
      <ResponseTimeChart {...props} />
    </Suspense>
  )
}
