import { useEffect, useId, useRef, useState } from 'react'
import { css } from '../../../styled-system/css'

// A Mermaid chart drawn by Mermaid itself, loaded when the first chart is shown (it is large, and only the development
// page of running actors draws one). Until it is drawn, or when it cannot be, the chart's source is shown.

const chartBox = css({ overflowX: 'auto', '& svg': { maxW: 'none', h: 'auto' } })
const source = css({ fontSize: 'xs', whiteSpace: 'pre', overflowX: 'auto', bg: 'canvas', p: '3', rounded: 'md' })

export function MermaidChart({ chart, label }: { chart: string; label: string }) {
  const id = `mermaid-${useId().replace(/[^A-Za-z0-9]/g, '')}`
  const box = useRef<HTMLDivElement>(null)
  const [drawn, setDrawn] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    import('mermaid')
      .then(async ({ default: mermaid }) => {
        mermaid.initialize({ startOnLoad: false, theme: 'neutral', securityLevel: 'strict' })
        const { svg } = await mermaid.render(id, chart)
        if (!current || !box.current) return
        // Mermaid's own output, sanitised by it (securityLevel strict): an SVG of the chart.
        box.current.innerHTML = svg
        setDrawn(true)
        setFailure(null)
      })
      .catch((error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error))
      })
    return () => {
      current = false
    }
  }, [chart, id])

  return (
    <figure className={css({ display: 'grid', gap: '2' })}>
      <div ref={box} role="img" aria-label={label} className={chartBox} hidden={!drawn} />
      {failure && <p className={css({ color: 'muted', fontSize: 'sm' })}>The chart could not be drawn: {failure}</p>}
      {!drawn && <pre className={source}>{chart}</pre>}
    </figure>
  )
}
