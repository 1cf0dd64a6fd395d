import { css } from '../../../../styled-system/css'

// Cell and text styles of the monitor pages (their tables are the kit's Table).
export const numeric = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
export const muted = css({ color: 'muted' })
export const link = css({
  color: 'primary',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
})
