import { css } from '../../../../../styled-system/css'
import type { TagColor, TagRef } from '@vigil/domain/tags'

// A monitor's tags as small coloured chips; the colour is the user's, the name always written.

export const TAG_TONES: Record<TagColor, string> = {
  gray: css({ bg: 'gray.100', color: 'gray.800', borderColor: 'gray.300' }),
  red: css({ bg: 'red.50', color: 'red.800', borderColor: 'red.300' }),
  orange: css({ bg: 'orange.50', color: 'orange.800', borderColor: 'orange.300' }),
  amber: css({ bg: 'amber.50', color: 'amber.900', borderColor: 'amber.300' }),
  green: css({ bg: 'green.50', color: 'green.800', borderColor: 'green.300' }),
  teal: css({ bg: 'teal.50', color: 'teal.800', borderColor: 'teal.300' }),
  blue: css({ bg: 'blue.50', color: 'blue.800', borderColor: 'blue.300' }),
  indigo: css({ bg: 'indigo.50', color: 'indigo.800', borderColor: 'indigo.300' }),
  purple: css({ bg: 'purple.50', color: 'purple.800', borderColor: 'purple.300' }),
  pink: css({ bg: 'pink.50', color: 'pink.800', borderColor: 'pink.300' }),
}

export const tagChip = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '1.5',
  borderWidth: '1px',
  rounded: 'sm',
  fontSize: 'xs',
  lineHeight: '1.4',
  whiteSpace: 'nowrap',
  maxW: '40',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
})

export function TagChip({ tag }: { tag: Pick<TagRef, 'name' | 'color'> }) {
  return (
    <span className={`${tagChip} ${TAG_TONES[tag.color]}`} data-tag={tag.name} title={tag.name}>
      {tag.name}
    </span>
  )
}

export function TagChips({ tags }: { tags: readonly TagRef[] }) {
  if (tags.length === 0) return null
  return (
    <ul aria-label="Tags" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none' })}>
      {tags.map((t) => (
        <li key={t.id}>
          <TagChip tag={t} />
        </li>
      ))}
    </ul>
  )
}
