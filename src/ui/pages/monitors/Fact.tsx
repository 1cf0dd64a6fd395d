import type { ReactNode } from 'react'
import { wideFact } from './facts-styles.ts'

/** One term of a facts panel and its value; `wide` spans both columns. */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? wideFact : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
