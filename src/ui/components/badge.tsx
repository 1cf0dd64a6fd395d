import type { ComponentProps } from 'react'
import { styled } from '../../../styled-system/jsx'
import { badge } from '../../../styled-system/recipes/badge'
import { chip } from '../../../styled-system/recipes/chip'

const StyledBadge = styled('span', badge)

export interface BadgeProps extends Omit<ComponentProps<typeof StyledBadge>, 'children'> {
  /** The number to show; nothing is rendered when it is 0 or less. */
  count: number
  /** Larger counts show as `${max}+`; 99 by default. */
  max?: number
}

/**
 * A small red counter, e.g. the unread count on the bell. `placement="corner"` pins it to the top-right corner of
 * a `position: relative` parent. Give the parent button an aria-label that includes the count: the badge is only a
 * visual hint.
 */
export function Badge({ count, max = 99, ...props }: BadgeProps) {
  if (!(count > 0)) return null
  return (
    <StyledBadge data-count={count} {...props}>
      {count > max ? `${max}+` : count}
    </StyledBadge>
  )
}

/** A pill label, e.g. <Chip>New</Chip>; `tone` is primary (default), neutral, success, warning or danger. */
export const Chip = styled('span', chip)
export type ChipProps = ComponentProps<typeof Chip>
