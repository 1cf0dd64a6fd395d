import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Chip } from '../../components/badge.tsx'

const tagList = css({ display: 'flex', flexWrap: 'wrap', gap: '1' })

/** The tags of an Azure resource or subscription, each a chip ("env: prod", or a name alone); `none` without any. */
export function AzureTags({ tags, none }: { tags: Record<string, string>; none: ReactNode }) {
  const entries = Object.entries(tags)
  if (entries.length === 0) return none
  return (
    <span className={tagList}>
      {entries.map(([k, v]) => (
        <Chip key={k} tone="neutral">
          {v ? `${k}: ${v}` : k}
        </Chip>
      ))}
    </span>
  )
}
