import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'

const steps = css({
  fontSize: 'sm',
  color: 'muted',
  mt: '2',
  pl: '5',
  listStyle: 'decimal',
  display: 'grid',
  gap: '2',
  // A policy to copy inside a step takes the step's width, not more.
  '& > li': { minW: '0' },
})

/**
 * What to set up at the provider before connecting, as numbered steps under a summary that opens them (open at first
 * for a new account, closed when one is edited). A step may hold what to copy, such as a policy.
 */
export function SetupSteps({ summary, open, children }: { summary: string; open: boolean; children: ReactNode[] }) {
  return (
    <details open={open}>
      <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>{summary}</summary>
      <ol className={steps}>
        {children.map((step, i) => (
          // The steps are fixed: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <li key={i}>{step}</li>
        ))}
      </ol>
    </details>
  )
}
